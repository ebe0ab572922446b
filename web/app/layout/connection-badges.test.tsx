import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CLIENT } from '@common/constants';
import { TERMS } from '@common/terms';
import { getRequestStats } from '@common/contract/bonus-requests';
import { ErrorState } from '@web/components/ui';
import { LiveBadge } from '@web/features/bonus/components/live-badge';
import { apiCall } from '@web/lib/api-call';
import { createQueryClient } from '@web/lib/query-client';
import { useHealth } from '@web/lib/health';
import { reportAnswer } from '@web/lib/server-reach';
import { projectSocket, type SocketStatus } from '@web/lib/socket';
import { useServerRecovery } from '@web/lib/use-server-recovery';
import { json, mockFetch } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { SocketIndicator } from './socket-indicator';

/** The socket's state as its own events would set it. */
const setSocket = (status: SocketStatus) => act(() => (projectSocket as unknown as { setStatus: (s: SocketStatus) => void }).setStatus(status));
const stats = () => apiCall(getRequestStats, { params: { projectId: 1 } });
const statsBody = { success: true, data: { total: 4, new: 1, waiting: 1, inProgress: 1, active: 1, completed: 2 } };

function Badges() {
  return (
    <>
      <SocketIndicator />
      <LiveBadge />
    </>
  );
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  setSocket('idle');
  reportAnswer();
  signOutStore();
  vi.useRealTimers();
});

describe("connection badges ('Bağlı' in the header, 'Canlı' on /bonus)", () => {
  it('follow the socket: disconnected when it drops, back when it reconnects', () => {
    render(<Badges />);
    setSocket('connected');
    expect(screen.getByText('Bağlı')).toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Canlı');
    setSocket('disconnected');
    expect(screen.getAllByText('Bağlantı Yok')).toHaveLength(2);
  });

  it('turn to disconnected when API calls get no answer although the socket looks connected, and come back with the next answer', async () => {
    render(<Badges />);
    setSocket('connected');
    let down = true;
    mockFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : json(200, statsBody)));
    await act(() => stats().catch(() => undefined));
    expect(screen.getAllByText('Bağlantı Yok')).toHaveLength(2);
    down = false;
    await act(() => stats());
    expect(screen.getByText('Bağlı')).toBeInTheDocument();
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Canlı');
  });

  it('a server error (5xx) is an answer: the connection is up, only the data failed', async () => {
    render(<Badges />);
    setSocket('connected');
    mockFetch(() => json(500, { success: false, code: 'INTERNAL', message: 'Beklenmeyen bir hata oluştu' }));
    await act(() => stats().catch(() => undefined));
    expect(screen.getByText('Bağlı')).toBeInTheDocument();
  });
});

describe('recovery', () => {
  function Screen() {
    useServerRecovery();
    const query = useQuery({ queryKey: ['stats'], queryFn: stats, retry: false });
    return query.data ? <p>Toplam {query.data.total}</p> : query.isError ? <ErrorState query={query} /> : <p>Yükleniyor...</p>;
  }

  it('while unreachable, checks the server every few seconds; its first answer brings the badges and the failed screen back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let down = true;
    mockFetch((call) => {
      if (down) return Promise.reject(new TypeError('Failed to fetch'));
      if (call.url.includes('/api/health')) return json(200, { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: false });
      return json(200, statsBody);
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Badges />
        <Screen />
      </QueryClientProvider>,
    );
    setSocket('connected');
    expect(await screen.findByText(TERMS.unreachable)).toBeInTheDocument();
    expect(screen.getAllByText('Bağlantı Yok')).toHaveLength(2);
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(API_CLIENT.recoveryProbeMs));
    await waitFor(() => expect(screen.getByText('Toplam 4')).toBeInTheDocument());
    expect(screen.getByText('Bağlı')).toBeInTheDocument();
  });

  it('with only the health check cut, any answer still brings the failed screen back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let down = true;
    mockFetch((call) => {
      if (down || call.url.includes('/api/health')) return Promise.reject(new TypeError('Failed to fetch'));
      return json(200, statsBody);
    });
    function WithHealth() {
      useHealth({ poll: false });
      return null;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WithHealth />
        <Screen />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(TERMS.unreachable)).toBeInTheDocument();
    down = false;
    // Any answer (here a call of the screen's own) brings it back.
    await act(async () => void (await stats().catch(() => undefined)));
    await waitFor(() => expect(screen.getByText('Toplam 4')).toBeInTheDocument());
  });
});
