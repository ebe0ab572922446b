import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardHealth } from '@common/contract/dashboard';
import { DASHBOARD_ACTION_TEXTS, useRequestActions } from '@web/entities/bonus-request';
import { RequestBoard } from '@web/features/dashboard/components/request-board';
import { HealthCard } from '@web/features/advanced-dashboard/components/health-card';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch } from '@web/test/fetch-mock';
import { NO_ABILITIES, viewedRequest } from '@web/test/request-fixtures';

/**
 * One wait, one text: the board's 'En eski' and the advanced dashboard's 'En eski bekleyen talep'
 * once read '58 gün' and '1408 sa 51 dk' for the same request. The app shell is where two screens
 * meet, so the test that holds them to one format lives here.
 */

// 1408 h 51 min: the wait of the report that found the two texts apart.
const WAIT_MINUTES = 1408 * 60 + 51;

function Board() {
  const actions = useRequestActions(1, DASHBOARD_ACTION_TEXTS);
  return <RequestBoard projectId={1} callerId={7} actions={actions} onOpen={() => undefined} />;
}

function renderBoard(createdAt: string) {
  const oldest = viewedRequest({ id: 1, status: 'queued', createdAt, abilities: NO_ABILITIES });
  mockFetch((call) => {
    const status = new URL(call.url, 'http://x').searchParams.get('status');
    const items = status === 'waiting' ? [oldest] : [];
    return json(200, { success: true, data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Board />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const health = (oldestWaitingMinutes: number): DashboardHealth => ({
  checkedAt: new Date().toISOString(),
  uptimeSeconds: 3_600,
  database: { status: 'up', roundTripMs: 1 },
  redis: 'unused',
  openSockets: 0,
  lastSync: null,
  oldestWaitingMinutes,
});

describe('the same wait reads the same on the board and the advanced dashboard', () => {
  it("'En eski' on the board and the health card's oldest wait both say '58 gün 16 sa'", async () => {
    // Half a minute more than the wait: the board floors to whole minutes, as the server does.
    renderBoard(new Date(Date.now() - WAIT_MINUTES * 60_000 - 30_000).toISOString());
    const board = await screen.findByTestId('oldest-wait');
    expect(board).toHaveTextContent('En eski: 58 gün 16 sa');

    render(<HealthCard health={health(WAIT_MINUTES)} />);
    const row = screen.getByText('En eski bekleyen talep').parentElement!;
    expect(within(row).getByText('58 gün 16 sa')).toBeInTheDocument();
    expect(board.textContent).toBe(`En eski: ${within(row).getByText('58 gün 16 sa').textContent}`);
  });
});
