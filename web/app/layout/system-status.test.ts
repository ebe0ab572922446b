import { describe, expect, it } from 'vitest';
import { describeHealth } from './system-status';

const base = { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: false } as const;

describe('system status box', () => {
  it("reads 'Sistem durumu: çevrimiçi' when the server is healthy", () => {
    expect(describeHealth({ state: 'ok', health: base })).toMatchObject({ text: 'Sistem durumu: çevrimiçi', tone: 'ok' });
  });

  it('names what is down when the server is degraded', () => {
    const view = describeHealth({ state: 'degraded', health: { ...base, status: 'degraded', database: 'down' } });
    expect(view).toMatchObject({ text: 'Sistem durumu: kısıtlı', detail: 'Yanıt vermeyen: veritabanı', tone: 'warn' });
  });

  it('says offline when the server cannot be reached', () => {
    expect(describeHealth({ state: 'offline', health: null })).toMatchObject({ text: 'Sistem durumu: çevrimdışı', tone: 'down' });
  });
});
