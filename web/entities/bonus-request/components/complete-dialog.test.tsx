import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { viewedRequest } from '@web/test/request-fixtures';
import { DUPLICATE_CHECK_LABEL } from '../model/request-texts';
import { CompleteDialog } from './complete-dialog';

const empty = { count: 0, amount: '0' };
function open(request: ReturnType<typeof viewedRequest>) {
  mockFetch(() => json(200, { success: true, data: { recent: [], last30Days: empty, open: { waiting: empty, inProgress: empty, pendingApproval: empty }, limits: { daily: null, monthly: null } } }));
  const onConfirm = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CompleteDialog request={request} threshold={null} busy={false} onConfirm={onConfirm} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return onConfirm;
}

describe("CompleteDialog: 'Tekrar olmadığını kontrol ettim'", () => {
  it('a flagged request names its duplicates and cannot be confirmed until the tick is set; then it sends duplicateChecked', async () => {
    const onConfirm = open(viewedRequest({ id: 8, status: 'assigned', customerUsername: 'ayse', possibleDuplicates: [{ id: 3, externalId: 'GOLD-3' }, { id: 5, externalId: null }] }));
    expect(screen.getByTestId('complete-duplicates')).toHaveTextContent('Olası tekrar: GOLD-3, Talep #5');
    const tick = screen.getByRole('checkbox', { name: DUPLICATE_CHECK_LABEL });
    expect(tick).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Tamamla' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText(BONUS_MESSAGES.duplicateCheckRequired)).toBeInTheDocument();
    await userEvent.click(tick);
    expect(screen.queryByText(BONUS_MESSAGES.duplicateCheckRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tamamla' }));
    expect(onConfirm).toHaveBeenCalledWith({ notes: undefined, confirmAmount: undefined, duplicateChecked: true });
  });

  it('a request without duplicates has no tick and sends none; the customer history is shown', async () => {
    const onConfirm = open(viewedRequest({ id: 9, status: 'assigned', customerUsername: 'ayse' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(await screen.findByText('İlk talebi')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tamamla' }));
    expect(onConfirm).toHaveBeenCalledWith({ notes: undefined, confirmAmount: undefined, duplicateChecked: undefined });
  });
});
