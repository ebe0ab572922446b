import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK } from '@common/constants';
import type { ViewedRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import { BONUS_SCREEN_ACTION_TEXTS, useRequestActions } from '@web/entities/bonus-request';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { NO_ABILITIES, viewedRequest } from '@web/test/request-fixtures';
import { DEFAULT_TABLE_STATE } from '../model/table-url-state';
import { RequestTable } from './request-table';

function request(id: number): ViewedRequest {
  return viewedRequest({ id, status: 'new', abilities: { ...NO_ABILITIES, canClaim: true } });
}
const page = (items: ViewedRequest[]) => json(200, { success: true, data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } });

function Table() {
  const actions = useRequestActions(1, BONUS_SCREEN_ACTION_TEXTS);
  return <RequestTable projectId={1} state={DEFAULT_TABLE_STATE} onChange={() => undefined} callerId={7} actions={actions} onDetail={() => undefined} />;
}

let now = 1_000;
beforeEach(() => {
  now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});

describe('RequestTable', () => {
  it("keeps a claimed row where it was, saying 'Üzerinize alındı' with nothing to click, through the reload; then the page settles", async () => {
    const [first, second] = [request(1), request(2)];
    let waiting = [first, second];
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        waiting = [second];
        return json(200, { success: true, data: { enqueued: false, request: { ...first, status: 'assigned', agentId: 7, abilities: NO_ABILITIES } } });
      }
      return page(waiting);
    });
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Table />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    now += DESK.freshActionGuardMs + 1;
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: TERMS.claim }));
    // The claim's reload has come back without the claimed request, and the page is as it was.
    const post = () => calls.findIndex((c) => c.method === 'POST');
    await waitFor(() => {
      expect(calls.slice(post() + 1).some((c) => c.method === 'GET' && c.url.includes('/requests?'))).toBe(true);
      expect(client.isFetching()).toBe(0);
    });
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent(TERMS.claimed);
    expect(within(rows()[0]!).queryAllByRole('button')).toEqual([]);
    expect(within(rows()[1]!).getByRole('button', { name: TERMS.claim })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: DESK.claimedHoldMs + 3_000 });
    expect(rows()[0]).toHaveTextContent(second.externalId!);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('RequestTable when the server cannot be read', () => {
  const renderTable = () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Table />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return client;
  };

  it("a 500 from the list shows the error with the server's message after one quick retry (never 'Yükleniyor...'), and 'Tekrar Dene' loads the rows", async () => {
    let fail = true;
    const { calls } = mockFetch(() => (fail ? json(500, { success: false, code: 'INTERNAL', message: 'Beklenmeyen bir hata oluştu' }) : page([request(1)])));
    renderTable();
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    // One retry after a short pause, not a series of backoffs.
    expect(calls.filter((c) => c.url.includes('/requests?'))).toHaveLength(2);
    expect(alert).toHaveTextContent('Beklenmeyen bir hata oluştu');
    expect(alert).not.toHaveTextContent(TERMS.unreachable);
    expect(screen.queryByText('Yükleniyor...')).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: TERMS.retry }));
    expect(await screen.findByRole('row', { name: /Talep #1|REF-1|1/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a background refetch that gets no answer keeps the rows on screen under a stale banner', async () => {
    let down = false;
    mockFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : page([request(1), request(2)])));
    const client = renderTable();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    down = true;
    await act(() => client.refetchQueries());
    const banner = (await screen.findByText(/güncel olmayabilir/, {}, { timeout: 5_000 })).closest('[role="status"]')!;
    expect(banner).toHaveTextContent(TERMS.unreachable);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
