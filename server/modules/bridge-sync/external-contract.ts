import { BONUS_TYPES, CUSTOMER_SEGMENTS, type BonusType, type CustomerSegment, type RequestStatus } from '@common/enums';

/**
 * What a project's own database must offer (docs/bridge-sync.md, "The external database contract"):
 * a `bonus_requests` table or view and a `personnel` one. The connectors read these columns and
 * hand over rows in the shapes below; this file turns them into what we store, row by row, so a
 * bad row is reported and skipped without stopping the job.
 */

/** A `bonus_requests` row as a connector reads it (values already in JS types, not yet checked). */
export interface ExternalRequestRow {
  externalId: string | null;
  customerId: string | null;
  username: string | null;
  name: string | null;
  bonusType: string | null;
  amount: string | null;
  description: string | null;
  priority: number | null;
  status: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  /** The optional `customer_segment` column (issue 11); undefined when the source has no such column. */
  customerSegment?: string | null;
}

/** A `personnel` row as a connector reads it. */
export interface ExternalPersonRow {
  externalId: string | null;
  username: string | null;
  fullName: string | null;
  email: string | null;
  active: boolean | null;
}

/**
 * External statuses → ours. Open ones start a new request as 'new' and never change an existing
 * one (our own workflow owns it). Closed ones move an existing request there, unless we completed
 * it already: a request we completed is never moved backwards (or sideways).
 */
export const EXTERNAL_OPEN_STATUSES = ['pending', 'new', 'open', 'waiting', 'queued', 'processing', 'in_progress', 'on_hold'] as const;
export const EXTERNAL_CLOSED_STATUSES: Record<string, RequestStatus> = {
  approved: 'completed',
  completed: 'completed',
  paid: 'completed',
  done: 'completed',
  rejected: 'cancelled',
  declined: 'cancelled',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'cancelled',
  failed: 'error',
  error: 'error',
};

export interface MappedStatus {
  /** Status of a request created from this row. */
  initial: RequestStatus;
  /** Status an existing request moves to, or null to keep ours. */
  closedAs: RequestStatus | null;
}

export function mapExternalStatus(raw: string): MappedStatus | null {
  const key = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((EXTERNAL_OPEN_STATUSES as readonly string[]).includes(key)) return { initial: 'new', closedAs: null };
  const closed = EXTERNAL_CLOSED_STATUSES[key];
  return closed ? { initial: closed, closedAs: closed } : null;
}

/** Aliases the external bonus type may use; anything unknown is 'other'. */
const BONUS_TYPE_ALIASES: Record<string, BonusType> = {
  cashback: 'cashback',
  cash_back: 'cashback',
  nakit_iade: 'cashback',
  points: 'points',
  point: 'points',
  puan: 'points',
  other: 'other',
  diger: 'other',
};

export function mapBonusType(raw: string | null): BonusType {
  if (!raw) return 'other';
  const key = raw.trim().toLowerCase().replace(/[\s-]+/g, '_').replace('ğ', 'g');
  const mapped = BONUS_TYPE_ALIASES[key];
  return mapped && (BONUS_TYPES as readonly string[]).includes(mapped) ? mapped : 'other';
}

/** A checked request row, ready to be stored. */
export interface ImportedRequest {
  externalId: string;
  customerId: string | null;
  customerUsername: string | null;
  customerName: string | null;
  bonusType: BonusType;
  /** From the optional column; null when absent, empty or not one of the known segments. */
  customerSegment: CustomerSegment | null;
  /** Exact decimal with two places. */
  amount: string;
  description: string | null;
  priority: number;
  status: MappedStatus;
  createdAt: Date;
  externalUpdatedAt: Date;
}

export interface ImportedPerson {
  externalId: string;
  username: string;
  fullName: string;
  email: string | null;
  active: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; externalId?: string; message: string };

export const MAX_DESCRIPTION_LENGTH = 2000;
const MAX_AMOUNT_INTEGER_DIGITS = 12;

class RowError extends Error {}
const fail = (message: string): never => {
  throw new RowError(message);
};

/** Control characters other than tab, line feed and carriage return. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) return true;
  }
  return false;
}

function text(value: string | null, label: string, max: number, required = false): string | null {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return required ? fail(`${label} boş olamaz`) : null;
  // PostgreSQL text cannot hold a NUL character; other control characters are kept out too.
  if (hasControlCharacter(trimmed)) fail(`${label} geçersiz karakter içeriyor`);
  if (trimmed.length > max) fail(`${label} en fazla ${max} karakter olabilir`);
  return trimmed;
}

/** Money stays exact: digits only, at most two non-zero decimals, never negative. */
export function normaliseAmount(raw: string | null): string {
  if (raw === null || raw.trim() === '') return fail('Tutar boş olamaz');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(raw.trim());
  if (!match) return fail(raw.trim().startsWith('-') ? 'Tutar negatif olamaz' : 'Tutar geçerli bir sayı olmalıdır');
  const integer = match[1]!.replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) fail('Tutar en fazla 2 ondalık basamak içerebilir');
  if (integer.length > MAX_AMOUNT_INTEGER_DIGITS) fail('Tutar çok büyük');
  return `${integer}.${decimals.padEnd(2, '0')}`;
}

function date(value: Date | null, column: string): Date {
  if (!value || Number.isNaN(value.getTime())) return fail(`${column} geçerli bir tarih olmalıdır`);
  return value;
}

const SEGMENT_ALIASES: Record<string, CustomerSegment> = {
  vip: 'vip',
  regular: 'regular',
  standard: 'regular',
  standart: 'regular',
  new: 'new',
  yeni: 'new',
  yeni_musteri: 'new',
  high_risk: 'high_risk',
  yuksek_risk: 'high_risk',
  risk: 'high_risk',
};

/**
 * The optional customer_segment column: vip, regular, new or high_risk (the Turkish labels are
 * understood too). An unknown value is not an error — the row is imported without a segment.
 */
export function mapCustomerSegment(raw: string | null | undefined): CustomerSegment | null {
  if (!raw) return null;
  const key = raw
    .trim()
    .toLocaleLowerCase('tr-TR')
    .replace(/[ıüşöçğ]/g, (c) => ({ ı: 'i', ü: 'u', ş: 's', ö: 'o', ç: 'c', ğ: 'g' })[c] ?? c)
    .replace(/[\s-]+/g, '_');
  const mapped = SEGMENT_ALIASES[key];
  return mapped && (CUSTOMER_SEGMENTS as readonly string[]).includes(mapped) ? mapped : null;
}

export function checkRequestRow(row: ExternalRequestRow): Checked<ImportedRequest> {
  const externalId = row.externalId?.trim() || undefined;
  try {
    const id = text(row.externalId, 'external_id', 100, true)!;
    const status = row.status?.trim() ? mapExternalStatus(row.status) : fail('Durum boş olamaz');
    if (!status) fail(`Tanınmayan durum: "${row.status!.trim().slice(0, 40)}"`);
    const priority = row.priority ?? 3;
    if (!Number.isInteger(priority) || priority < 1 || priority > 10) fail('Öncelik 1-10 arasında bir tam sayı olmalıdır');
    // A long description is cut, not refused: it is free text and the rest of the row is good.
    const description = text(row.description ? row.description.slice(0, MAX_DESCRIPTION_LENGTH) : null, 'Açıklama', MAX_DESCRIPTION_LENGTH);
    return {
      ok: true,
      value: {
        externalId: id,
        customerId: text(row.customerId, 'customer_id', 100),
        customerUsername: text(row.username, 'username', 100),
        customerName: text(row.name, 'name', 200),
        bonusType: mapBonusType(row.bonusType),
        customerSegment: mapCustomerSegment(row.customerSegment),
        amount: normaliseAmount(row.amount),
        description,
        priority,
        status: status!,
        createdAt: date(row.createdAt, 'created_at'),
        externalUpdatedAt: date(row.updatedAt, 'updated_at'),
      },
    };
  } catch (err) {
    if (err instanceof RowError) return { ok: false, externalId, message: err.message };
    throw err;
  }
}

const USERNAME = /^[\p{L}\p{N}._@-]{2,64}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkPersonRow(row: ExternalPersonRow): Checked<ImportedPerson> {
  const externalId = row.externalId?.trim() || undefined;
  try {
    const id = text(row.externalId, 'external_id', 100, true)!;
    const username = text(row.username, 'username', 64, true)!;
    if (!USERNAME.test(username)) fail('Kullanıcı adı 2-64 karakter olmalı; yalnızca harf, rakam ve . _ @ - içerebilir');
    const email = text(row.email, 'email', 255);
    if (email && !EMAIL.test(email)) fail('E-posta geçerli değil');
    return {
      ok: true,
      value: {
        externalId: id,
        username,
        fullName: text(row.fullName, 'full_name', 120, true)!,
        email,
        active: row.active ?? true,
      },
    };
  } catch (err) {
    if (err instanceof RowError) return { ok: false, externalId, message: err.message };
    throw err;
  }
}
