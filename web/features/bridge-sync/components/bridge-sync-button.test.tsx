import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '@common/schemas/bridge-sync';
import { notify } from '@web/lib/notify';
import { json } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { idleStatus, renderWithQuery, syncServer } from '../test/sync-test-server';
import { BridgeSyncButton } from './bridge-sync-button';

const running: SyncStatus = {
  ...idleStatus,
  isRunning: true,
  current: { logId: 9, projectId: 1, syncType: 'bonus', status: 'running', startedAt: '2024-10-05T09:30:00.000Z', rowsTotal: 100, rowsRead: 40, rowsWritten: 40, rowsFailed: 0 },
};

describe('BridgeSyncButton (dashboard)', () => {
  afterEach(() => signOutStore());

  it("starts a bonus sync, says 'Bridge senkronizasyonu tetiklendi' and reads 'Senkronize ediliyor…' while the job runs", async () => {
    signInAs('manager');
    const success = vi.spyOn(notify, 'success');
    const { calls } = syncServer();
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bridge Sync' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Bridge senkronizasyonu tetiklendi'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/bridge/projects/1/sync', body: { syncType: 'bonus' } });
    // The request is over, the job is not: the button still says so.
    expect(screen.getByRole('button', { name: 'Senkronize ediliyor…' })).toBeDisabled();
  });

  it('reads the running state from the server when the page opens during a job', async () => {
    signInAs('admin');
    syncServer({ status: () => running });
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    expect(await screen.findByRole('button', { name: 'Senkronize ediliyor…' })).toBeDisabled();
  });

  it("shows 'Senkronizasyon hatası' with the server's message when the start is refused", async () => {
    signInAs('manager');
    const error = vi.spyOn(notify, 'error');
    syncServer({ start: () => json(409, { success: false, message: 'Senkronizasyon zaten çalışıyor' }) });
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bridge Sync' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Senkronizasyon hatası', 'Senkronizasyon zaten çalışıyor'));
  });

  it('is not offered to roles that may not start a sync', async () => {
    signInAs('operator');
    const { calls } = syncServer();
    renderWithQuery(<BridgeSyncButton projectId={1} />);
    // The role's abilities are in the session store: the decision is made in the first render.
    expect(screen.queryByRole('button')).toBeNull();
    signOutStore();
    signInAs('agent');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
