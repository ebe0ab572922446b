import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@common/socket-events';
import { json } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { renderWithQuery, syncLog, syncServer } from '../test/sync-test-server';
import { BridgeSyncButton } from './bridge-sync-button';

const socketHandlers = vi.hoisted(() => new Map<string, Set<(payload: unknown) => void>>());
vi.mock('@web/lib/use-project-socket', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    /** The hook's contract, with events delivered by the test instead of a socket. */
    useSocketEvent: (event: string, handler: (payload: unknown) => void) => {
      const latest = useRef(handler);
      latest.current = handler;
      useEffect(() => {
        const set = socketHandlers.get(event) ?? new Set();
        socketHandlers.set(event, set);
        const h = (p: unknown) => latest.current(p);
        set.add(h);
        return () => void set.delete(h);
      }, [event]);
    },
  };
});
const deliver = (event: string, payload: unknown) => act(() => socketHandlers.get(event)?.forEach((h) => h(payload)));

describe('BridgeSyncButton, live', () => {
  afterEach(() => signOutStore());

  it('follows the job: running from the start until sync-finished, even when the end comes before the answer', async () => {
    signInAs('manager');
    let answer: (r: Response) => void = () => undefined;
    let status = { isRunning: false, statistics: { total: 0, success: 0, partial: 0, failed: 0 }, latestSync: null, current: null };
    syncServer({ status: () => status, start: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bridge Sync' }));
    expect(screen.getByRole('button', { name: 'Senkronize ediliyor…' })).toBeDisabled();

    // A very short job: its end arrives over the socket before the start's HTTP answer.
    deliver(SOCKET_EVENTS.syncFinished, syncLog({ id: 41, status: 'success' }));
    status = { ...status, statistics: { total: 1, success: 1, partial: 0, failed: 0 } };
    await act(async () => answer(json(202, { success: true, data: syncLog({ id: 41, status: 'running', finishedAt: null }) })));
    expect(await screen.findByRole('button', { name: 'Bridge Sync' })).toBeEnabled();
  });

  it('a job started elsewhere (another user, the schedule) turns the button to running, its end turns it back', async () => {
    signInAs('admin');
    let status = { isRunning: false, statistics: { total: 0, success: 0, partial: 0, failed: 0 }, latestSync: null, current: null };
    syncServer({ status: () => status });
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    await screen.findByRole('button', { name: 'Bridge Sync' });
    deliver(SOCKET_EVENTS.syncProgress, { logId: 50, projectId: 1, syncType: 'bonus', status: 'running', startedAt: '2024-10-05T09:30:00.000Z', rowsTotal: null, rowsRead: 0, rowsWritten: 0, rowsFailed: 0 });
    expect(await screen.findByRole('button', { name: 'Senkronize ediliyor…' })).toBeDisabled();
    status = { ...status, statistics: { total: 1, success: 1, partial: 0, failed: 0 } };
    deliver(SOCKET_EVENTS.syncFinished, syncLog({ id: 50 }));
    expect(await screen.findByRole('button', { name: 'Bridge Sync' })).toBeEnabled();
  });
});
