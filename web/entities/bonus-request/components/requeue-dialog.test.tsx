import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REQUEUE_REASONS } from '@common/request-transitions';
import { BONUS_MESSAGES, type BonusRequest } from '@common/schemas/bonus';
import { RequeueDialog } from './requeue-dialog';

const request = { id: 12, externalId: 'GOLD-12' } as BonusRequest;

describe('RequeueDialog', () => {
  it('chooses no reason beforehand: Enter with nothing chosen says a reason is needed and sends nothing', async () => {
    const onConfirm = vi.fn();
    render(<RequeueDialog request={request} busy={false} onConfirm={onConfirm} onClose={() => undefined} />);
    for (const reason of REQUEUE_REASONS) expect(screen.getByRole('radio', { name: reason })).not.toBeChecked();
    // Focus starts on the first reason; Enter there submits the form.
    expect(screen.getByRole('radio', { name: REQUEUE_REASONS[0] })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(BONUS_MESSAGES.requeueReasonRequired);
    await userEvent.click(screen.getByRole('button', { name: 'Sıraya Al' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the reason chosen, and the message goes once one is chosen', async () => {
    const onConfirm = vi.fn();
    render(<RequeueDialog request={request} busy={false} onConfirm={onConfirm} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sıraya Al' }));
    expect(await screen.findByText(BONUS_MESSAGES.requeueReasonRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Bilgi eksik' }));
    expect(screen.queryByText(BONUS_MESSAGES.requeueReasonRequired)).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('Bilgi eksik');
  });
});
