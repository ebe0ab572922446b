import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_SUMMARY_TEXTS as T, type CustomerSummary } from '@common/schemas/customer-summary';
import { createQueryClient } from '@web/lib/query-client';
import { formatMoney } from '@web/lib/format';
import { json, mockFetch } from '@web/test/fetch-mock';
import { requestKeys } from '../api/request-queries';
import { CustomerSummaryPanel } from './customer-summary-panel';

const zero = { count: 0, amount: '0' };
const request = { id: 40, projectId: 1, customerId: 'C-500', customerUsername: 'ayse' };

function summary(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    recent: [
      { id: 40, externalId: 'S-NOW', bonusType: 'cashback', amount: '250.00', status: 'new', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 31, externalId: 'S-3', bonusType: 'points', amount: '2000.00', status: 'completed', createdAt: '2026-11-18T10:00:00.000Z' },
      { id: 22, externalId: null, bonusType: 'other', amount: '1500.00', status: 'cancelled', createdAt: '2026-11-10T10:00:00.000Z' },
    ],
    last30Days: { count: 3, amount: '4500.00' },
    open: { waiting: { count: 2, amount: '30.50' }, inProgress: zero, pendingApproval: { count: 1, amount: '7000.00' } },
    limits: { daily: { limit: '1000.00', used: '400.00', left: '600.00' }, monthly: null },
    ...overrides,
  };
}

function withClient(children: ReactNode) {
  const client = createQueryClient();
  return { client, ui: <QueryClientProvider client={client}>{children}</QueryClientProvider> };
}

describe('CustomerSummaryPanel', () => {
  it("says what the customer was paid, what is open and left, and lists their other requests; a link opens one", async () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: summary() }));
    const onOpen = vi.fn();
    const { ui } = withClient(<CustomerSummaryPanel request={request} onOpen={onOpen} />);
    render(ui);
    expect(screen.getByRole('status')).toHaveTextContent(T.loading);
    expect(await screen.findByTestId('customer-paid')).toHaveTextContent(`Bu müşteri son 30 günde 3 bonusla ${formatMoney('4500')} aldı`);
    expect(calls[0]!.url).toContain('/api/bonus/projects/1/customers/summary?customerId=C-500');
    const panel = screen.getByTestId('customer-summary');
    expect(panel).toHaveTextContent(`${T.open}: Bekleyen 2 (${formatMoney('30.5')}) · Onay Bekleyen 1 (${formatMoney('7000')})`);
    expect(panel).toHaveTextContent(`${T.dailyLeft}: ${formatMoney('600')} / ${formatMoney('1000')}`);
    expect(panel).not.toHaveTextContent(T.monthlyLeft);
    // The request on screen is not listed among the others.
    const items = within(screen.getByRole('list', { name: T.recent })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^S-3Puan.*2\.000,00.*Tamamlandı/),
      expect.stringMatching(/^Talep #22Diğer.*1\.500,00.*İptal Edildi/),
    ]);
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'S-3' }));
    expect(onOpen).toHaveBeenCalledWith(31);
  });

  it("says 'İlk talebi' when the customer has no other request, and asks by username when the request has no customer id", async () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: summary({ recent: [summary().recent[0]!], last30Days: zero, open: { waiting: zero, inProgress: zero, pendingApproval: zero }, limits: { daily: null, monthly: null } }) }));
    render(withClient(<CustomerSummaryPanel request={{ ...request, customerId: null }} />).ui);
    expect(await screen.findByText(T.first)).toBeInTheDocument();
    expect(screen.getByTestId('customer-paid')).toHaveTextContent('Bu müşteri son 30 günde bonus almadı');
    expect(screen.queryByRole('list')).toBeNull();
    expect(calls[0]!.url).toContain('customerUsername=ayse');
  });

  it('shows a refused load with its message and retries', async () => {
    let fail = true;
    mockFetch(() => (fail ? json(404, { success: false, code: 'NOT_FOUND', message: 'Talep bulunamadı' }) : json(200, { success: true, data: summary() })));
    render(withClient(<CustomerSummaryPanel request={request} />).ui);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(T.failed);
    expect(alert).toHaveTextContent('Talep bulunamadı');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findByTestId('customer-paid')).toBeInTheDocument();
  });

  it("reloads when the project's requests change (the socket events invalidate the requests' keys)", async () => {
    let paid = 3;
    const { calls } = mockFetch(() => json(200, { success: true, data: summary({ last30Days: { count: paid, amount: '4500.00' } }) }));
    const { client, ui } = withClient(<CustomerSummaryPanel request={request} />);
    render(ui);
    await screen.findByText(/3 bonusla/);
    paid = 4;
    await client.invalidateQueries({ queryKey: requestKeys.all(1) });
    await waitFor(() => expect(screen.getByTestId('customer-paid')).toHaveTextContent('4 bonusla'));
    expect(calls).toHaveLength(2);
  });

  it('renders nothing for a request without a customer', () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: summary() }));
    const { container } = render(withClient(<CustomerSummaryPanel request={{ ...request, customerId: null, customerUsername: null }} />).ui);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });
});
