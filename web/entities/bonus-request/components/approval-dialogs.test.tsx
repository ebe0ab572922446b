import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { createQueryClient } from '@web/lib/query-client';
import { viewedRequest } from '@web/test/request-fixtures';
import { requestKeyHandler } from '../model/card-keys';
import type { RequestActions } from '../model/use-request-actions';
import { ApprovalSummary } from './approval-summary';
import { ApproveDialog } from './approve-dialog';
import { CompleteDialog } from './complete-dialog';
import { RejectDialog } from './reject-dialog';

const pending = viewedRequest({
  id: 40,
  externalId: 'GOLD-40',
  amount: '12500.00',
  status: 'pending_approval',
  agentId: 3,
  approvalRequestedBy: 3,
  approvalRequestedByName: 'Ayşe Çelik',
  approvalRequestedAt: '2026-11-27T10:00:00.000Z',
  approvalDetails: { threshold: '10000.00', customerLimits: [{ period: 'daily', used: '4500.00', limit: '5000.00', amount: '12500.00' }] },
});

describe('four eyes on screen', () => {
  it('the approval confirmation names amount, asker and why, starts on Vazgeç, and approves only on Onayla', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ApproveDialog request={pending} busy={false} onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByTestId('approve-amount')).toHaveTextContent('12.500,00');
    expect(screen.getByText('Ayşe Çelik')).toBeInTheDocument();
    expect(screen.getByText(/Onay eşiği aşıldı/)).toBeInTheDocument();
    expect(screen.getByText(/Müşteri limiti aşılıyor \(Günlük/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toHaveFocus();
    // A stray Enter lands on 'Vazgeç': nothing is approved.
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a busy approval cannot be sent twice', async () => {
    const onConfirm = vi.fn();
    render(<ApproveDialog request={pending} busy onConfirm={onConfirm} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /İşleniyor|Onayla/ }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a rejection needs a reason, and sends the reason written', async () => {
    const onConfirm = vi.fn();
    render(<RejectDialog request={pending} busy={false} onConfirm={onConfirm} onClose={() => undefined} />);
    expect(screen.getByLabelText('Ret sebebi')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(BONUS_MESSAGES.rejectReasonRequired)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Ret sebebi'), '  Müşteri bu ay aldı  {Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Müşteri bu ay aldı');
  });

  it('the completion dialog says, at or above the threshold, that it goes for approval', () => {
    // No customer: the customer's history panel stays out of this test.
    const request = viewedRequest({ amount: '9000.00', status: 'assigned', customerId: null, userId: null, customerUsername: null });
    const client = createQueryClient();
    const wrap = (ui: ReactElement) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
    const { rerender } = render(wrap(<CompleteDialog request={request} threshold={null} approvalThreshold="9000" busy={false} onConfirm={() => undefined} onClose={() => undefined} />));
    expect(screen.getByTestId('approval-notice')).toHaveTextContent('ikinci bir kişinin onayına gönderilir');
    expect(screen.getByRole('button', { name: 'Onaya Gönder' })).toBeInTheDocument();
    rerender(wrap(<CompleteDialog request={{ ...request, amount: '8999.99' }} threshold={null} approvalThreshold="9000" busy={false} onConfirm={() => undefined} onClose={() => undefined} />));
    expect(screen.queryByTestId('approval-notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Tamamla' })).toBeInTheDocument();
  });

  it('shows who asked while it waits, and the rejection with its reason after', () => {
    const { rerender } = render(<ApprovalSummary request={pending} />);
    expect(screen.getByTestId('approval-summary')).toHaveTextContent('Onaya gönderen: Ayşe Çelik');
    rerender(<ApprovalSummary request={{ ...pending, status: 'in_progress', rejectionReason: 'Tutar yanlış', rejectedByName: 'Elif Demir' }} />);
    expect(screen.getByTestId('rejection-summary')).toHaveTextContent('Reddedildi (Elif Demir)Tutar yanlış');
  });

  it('o approves (opens the confirmation) only where the server says the caller may', () => {
    const approve = vi.fn();
    const actions = { busy: false, approve, claim: vi.fn(), complete: vi.fn(), requeue: vi.fn() } as unknown as RequestActions;
    const press = (canApprove: boolean) => {
      const handler = requestKeyHandler({ ...pending, abilities: { ...pending.abilities, canApprove } }, actions);
      render(
        <div tabIndex={0} onKeyDown={handler} data-testid={`card-${canApprove}`}>
          kart
        </div>,
      );
      fireEvent.keyDown(screen.getByTestId(`card-${canApprove}`), { key: 'o' });
    };
    press(false);
    expect(approve).not.toHaveBeenCalled();
    press(true);
    expect(approve).toHaveBeenCalledTimes(1);
  });
});
