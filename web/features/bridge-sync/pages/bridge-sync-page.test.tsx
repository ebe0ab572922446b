import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@web/lib/notify';
import { json } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { progressPercent } from '../components/sync-progress-bar';
import { renderWithQuery, syncLog, syncServer } from '../test/sync-test-server';
import { BridgeSyncPage } from './bridge-sync-page';

/** One of the four cards, by its label. */
const card = (label: string) => within(screen.getByRole('region', { name: 'Senkronizasyon durumu' })).getByText(label).closest('div')!.parentElement!;

describe('BridgeSyncPage (spec §2.13)', () => {
  afterEach(() => signOutStore());

  it("shows 'Bekliyor', 0 %, 0 and 'Hiç' for a project that never synced, and 'Log bulunamadı'", async () => {
    signInAs('manager');
    syncServer();
    renderWithQuery(<BridgeSyncPage />);
    expect(await screen.findByText('Log bulunamadı')).toBeInTheDocument();
    expect(screen.getByText('Henüz senkronizasyon logu bulunmuyor.')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Durum')).getByText('Bekliyor')).toBeInTheDocument());
    expect(within(card('Başarı Oranı')).getByText('%0')).toBeInTheDocument();
    expect(within(card('Toplam Senkronizasyon')).getByText('0')).toBeInTheDocument();
    expect(within(card('Son Senkronizasyon')).getByText('Hiç')).toBeInTheDocument();
  });

  it('computes the success rate from the statistics and shows the live progress of a running job', async () => {
    signInAs('operator');
    syncServer({
      status: () => ({
        isRunning: true,
        statistics: { total: 3, success: 2, partial: 0, failed: 1 },
        latestSync: { id: 4, startedAt: '2024-10-05T09:30:00.000Z', status: 'running', syncType: 'bonus' },
        current: { logId: 4, projectId: 1, syncType: 'bonus', status: 'running', startedAt: '2024-10-05T09:30:00.000Z', rowsTotal: 200, rowsRead: 50, rowsWritten: 48, rowsFailed: 2 },
      }),
      logs: () => [syncLog({ id: 4, status: 'running', finishedAt: null }), syncLog({ id: 3, status: 'partial', errorMessage: '1 satır içe aktarılamadı', errors: [{ externalId: 'R7', message: 'Tutar negatif olamaz' }] })],
    });
    renderWithQuery(<BridgeSyncPage />);
    const bar = await screen.findByRole('progressbar', { name: 'Bonus Verileri senkronizasyonu' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('sync-progress-text')).toHaveTextContent('50 / 200 satır okundu · 48 yazıldı · 2 hatalı');
    expect(within(card('Durum')).getByText('Çalışıyor')).toBeInTheDocument();
    expect(within(card('Başarı Oranı')).getByText('%66,7')).toBeInTheDocument();
    expect(await screen.findByText('Kısmi')).toBeInTheDocument();
    expect(screen.getByText(/Tutar negatif olamaz/).closest('li')).toHaveTextContent('R7: Tutar negatif olamaz');
    // An operator reads but does not start.
    expect(screen.queryByRole('button', { name: 'Senkronizasyonu Başlat' })).toBeNull();
  });

  it('a custom sync needs its dates (Turkish field messages) and sends nothing until they are given', async () => {
    signInAs('manager');
    const { calls } = syncServer();
    renderWithQuery(<BridgeSyncPage />);
    await userEvent.selectOptions(await screen.findByLabelText('Senkronizasyon Türü'), 'custom');
    expect(screen.getByLabelText('Tam Senkronizasyon')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Senkronizasyonu Başlat' }));
    expect(await screen.findByText('Başlangıç tarihi gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Bitiş tarihi gereklidir')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("starts the chosen sync with 'Tam Senkronizasyon', toasts 'Senkronizasyon başlatıldı' and shows the job running", async () => {
    signInAs('admin');
    const success = vi.spyOn(notify, 'success');
    const { calls } = syncServer();
    renderWithQuery(<BridgeSyncPage />);
    await userEvent.click(await screen.findByLabelText('Tam Senkronizasyon'));
    await userEvent.click(screen.getByRole('button', { name: 'Senkronizasyonu Başlat' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Başarılı', 'Senkronizasyon başlatıldı'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/bridge/projects/1/sync', body: { syncType: 'bonus', forceFullSync: true } });
    expect(await screen.findByRole('button', { name: 'Senkronize ediliyor…' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it("a refused start shows the server's message under 'Hata'", async () => {
    signInAs('manager');
    const error = vi.spyOn(notify, 'error');
    syncServer({ start: () => json(409, { success: false, message: 'Senkronizasyon zaten çalışıyor' }) });
    renderWithQuery(<BridgeSyncPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Senkronizasyonu Başlat' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Hata', 'Senkronizasyon zaten çalışıyor'));
    expect(screen.getByRole('alert')).toHaveTextContent('Senkronizasyon zaten çalışıyor');
  });

  it('progress is a percent of the total, or unknown before the total is counted', () => {
    expect(progressPercent({ rowsTotal: null, rowsRead: 10 })).toBeNull();
    expect(progressPercent({ rowsTotal: 0, rowsRead: 0 })).toBe(100);
    expect(progressPercent({ rowsTotal: 3, rowsRead: 1 })).toBe(33);
  });
});
