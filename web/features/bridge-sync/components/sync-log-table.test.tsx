import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { renderWithQuery, syncLog, syncServer } from '../test/sync-test-server';
import { SyncLogTable } from './sync-log-table';

describe('SyncLogTable (dashboard, spec §2.4)', () => {
  afterEach(() => signOutStore());

  it("reads 'Senkron kayıtları yükleniyor…' while loading, then 'Kayıt bulunamadı.' without logs", async () => {
    signInAs('operator');
    let answer: (logs: never[]) => void = () => undefined;
    syncServer({ logs: () => new Promise((resolve) => (answer = resolve)) });
    renderWithQuery(<SyncLogTable projectId={1} />);
    expect(await screen.findByText('Senkron kayıtları yükleniyor…')).toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('Kayıt bulunamadı.')).toBeInTheDocument();
  });

  it('shows Tür, Durum, Başlangıç, Bitiş and Hata with Turkish labels, and - where there is nothing', async () => {
    signInAs('operator');
    syncServer({
      logs: () => [
        syncLog({ id: 2, syncType: 'personnel', status: 'running', finishedAt: null }),
        syncLog({ id: 1, status: 'failed', errorMessage: 'Proje veritabanına bağlanılamadı: 127.0.0.1:1 bağlantıyı reddetti' }),
      ],
    });
    renderWithQuery(<SyncLogTable projectId={1} />);
    const table = screen.getByRole('table', { name: 'Bridge senkronizasyon kayıtları' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Tür', 'Durum', 'Başlangıç', 'Bitiş', 'Hata']);
    await within(table).findByText('Personel Verileri');
    const rows = within(table).getAllByRole('row');
    const [running, failed] = rows.slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(running).toEqual(['Personel Verileri', 'Çalışıyor', expect.stringMatching(/Eki/), '-', '-']);
    expect(failed).toEqual(['Bonus Verileri', 'Hatalı', expect.any(String), expect.stringMatching(/Eki/), 'Proje veritabanına bağlanılamadı: 127.0.0.1:1 bağlantıyı reddetti']);
  });
});
