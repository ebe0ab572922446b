import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@web/lib/notify';
import { json } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { renderWithQuery, syncServer } from '../test/sync-test-server';
import { ProjectSyncButton } from './project-sync-button';

describe("ProjectSyncButton ('Senkronize' on /projects, spec §2.7)", () => {
  afterEach(() => signOutStore());

  it("starts that project's sync through /projects/{p}/bridge-sync/start and shows it running", async () => {
    signInAs('super_admin');
    const success = vi.spyOn(notify, 'success');
    const { calls } = syncServer();
    renderWithQuery(<ProjectSyncButton projectId={1} projectName="Altın Şans Casino" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Altın Şans Casino projesini senkronize et' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Başarılı', 'Senkronizasyon başlatıldı'));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe('/api/projects/1/bridge-sync/start');
    expect(screen.getByRole('button', { name: 'Altın Şans Casino: Senkronize ediliyor…' })).toBeDisabled();
  });

  it("shows the server's reason under 'Hata' when the start is refused", async () => {
    signInAs('super_admin');
    const error = vi.spyOn(notify, 'error');
    syncServer({ start: () => json(409, { success: false, message: 'Proje pasif olduğu için senkronizasyon başlatılamaz' }) });
    renderWithQuery(<ProjectSyncButton projectId={1} projectName="Altın Şans Casino" />);
    await userEvent.click(await screen.findByRole('button', { name: /senkronize et/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Hata', 'Proje pasif olduğu için senkronizasyon başlatılamaz'));
    expect(screen.getByRole('button', { name: 'Altın Şans Casino projesini senkronize et' })).toBeEnabled();
  });

  it('is not offered to a role that may not start a sync', async () => {
    signInAs('operator');
    syncServer();
    renderWithQuery(<ProjectSyncButton projectId={1} projectName="Altın Şans Casino" />);
    // The role's abilities are in the session store: the decision is made in the first render.
    expect(screen.queryByRole('button')).toBeNull();
  });
});
