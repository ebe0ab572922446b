import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRequestRow, mapExternalStatus, normaliseAmount, type ExternalRequestRow } from './external-contract';
import { MYSQL_CONTRACT_SQL, POSTGRES_CONTRACT_SQL } from './external-contract-sql';

const CONTRACT_DOC = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/bridge-sync.md'), 'utf8');

const row = (overrides: Partial<ExternalRequestRow> = {}): ExternalRequestRow => ({
  externalId: 'X1',
  customerId: 'C1',
  username: 'oyuncu',
  name: 'Çağla Güneş',
  bonusType: 'cashback',
  amount: '100',
  description: null,
  priority: null,
  status: 'pending',
  createdAt: new Date('2024-10-01T10:00:00Z'),
  updatedAt: new Date('2024-10-01T10:00:00Z'),
  ...overrides,
});

describe('the external database contract', () => {
  it('docs/bridge-sync.md quotes exactly the SQL the demo and the tests create their sources with', () => {
    for (const statement of [...POSTGRES_CONTRACT_SQL, ...MYSQL_CONTRACT_SQL]) expect(CONTRACT_DOC).toContain(statement);
  });

  it('maps external statuses: open ones never move an existing request, closed ones do', () => {
    expect(mapExternalStatus('pending')).toEqual({ initial: 'new', closedAs: null });
    expect(mapExternalStatus(' In Progress ')).toEqual({ initial: 'new', closedAs: null });
    expect(mapExternalStatus('APPROVED')).toEqual({ initial: 'completed', closedAs: 'completed' });
    expect(mapExternalStatus('rejected')).toEqual({ initial: 'cancelled', closedAs: 'cancelled' });
    expect(mapExternalStatus('failed')).toEqual({ initial: 'error', closedAs: 'error' });
    expect(mapExternalStatus('belirsiz')).toBeNull();
  });

  it('keeps money exact and refuses what it cannot store', () => {
    expect(normaliseAmount('1250.5')).toBe('1250.50');
    expect(normaliseAmount('0007.1000')).toBe('7.10');
    expect(() => normaliseAmount('-5')).toThrow('Tutar negatif olamaz');
    expect(() => normaliseAmount('1.005')).toThrow('Tutar en fazla 2 ondalık basamak içerebilir');
    expect(() => normaliseAmount('1e3')).toThrow('Tutar geçerli bir sayı olmalıdır');
  });

  it('reports a bad row with its external id and a Turkish message, and defaults what may be empty', () => {
    expect(checkRequestRow(row({ priority: 11 }))).toEqual({ ok: false, externalId: 'X1', message: 'Öncelik 1-10 arasında bir tam sayı olmalıdır' });
    expect(checkRequestRow(row({ externalId: '  ' }))).toEqual({ ok: false, externalId: undefined, message: 'external_id boş olamaz' });
    expect(checkRequestRow(row({ name: 'A\u0000B' }))).toMatchObject({ ok: false, message: 'name geçersiz karakter içeriyor' });
    expect(checkRequestRow(row({ updatedAt: null }))).toMatchObject({ ok: false, message: 'updated_at geçerli bir tarih olmalıdır' });
    const good = checkRequestRow(row({ bonusType: 'Puan', description: 'x'.repeat(2_500) }));
    expect(good.ok && good.value).toMatchObject({ priority: 3, bonusType: 'points', amount: '100.00' });
    expect(good.ok && good.value.description).toHaveLength(2_000);
  });
});
