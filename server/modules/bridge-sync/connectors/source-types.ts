import type { ProjectDbType } from '@common/enums';
import type { ExternalPersonRow, ExternalRequestRow } from '../external-contract';

/** Where a project's own database is; the password exists only in memory, only for one job. */
export interface SourceConfig {
  dbType: ProjectDbType;
  host: string;
  port: number | null;
  database: string;
  user: string;
  password: string;
}

/** Which requests to read: changed since a watermark, or created in a date range, or all. */
export interface RequestFilter {
  updatedSince?: Date;
  createdFrom?: Date;
  createdBefore?: Date;
}

/**
 * Keyset position after the last row read, in the source's own (updated_at, external_id) order.
 * updated_at is kept as the source's text, not a JS Date, so microseconds are not lost (a Date
 * cursor would read the same row again and again).
 */
export interface RequestCursor {
  updatedAt: string;
  externalId: string;
}

export interface Page<T, C> {
  rows: T[];
  /** null when this was the last page. */
  next: C | null;
}

/**
 * One read-only session on a project's database, inside one read-only transaction (a
 * consistent snapshot for the whole job). Always close it, also after an error.
 */
export interface SourceConnection {
  countRequests(filter: RequestFilter): Promise<number>;
  readRequests(filter: RequestFilter, after: RequestCursor | null, limit: number): Promise<Page<ExternalRequestRow, RequestCursor>>;
  readPersonnel(afterExternalId: string | null, limit: number): Promise<Page<ExternalPersonRow, string>>;
  close(): Promise<void>;
}

/** Limits of every connection to a project's database. */
export const SOURCE_LIMITS = {
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
} as const;

export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

export function toInteger(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : NaN;
}

export function toBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (Buffer.isBuffer(value)) return value.length > 0 && value[0] !== 0;
  return ['1', 't', 'true', 'yes', 'y', 'evet', 'aktif'].includes(String(value).trim().toLowerCase());
}

/** A row of the external `bonus_requests` contract, as either driver returns it. */
export function requestRow(r: Record<string, unknown>): ExternalRequestRow {
  return {
    externalId: toText(r.external_id),
    customerId: toText(r.customer_id),
    username: toText(r.username),
    name: toText(r.name),
    bonusType: toText(r.bonus_type),
    amount: toText(r.amount),
    description: toText(r.description),
    priority: toInteger(r.priority),
    status: toText(r.status),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    // Optional column: absent from the row when the source has no such column.
    ...('customer_segment' in r ? { customerSegment: toText(r.customer_segment) } : {}),
  };
}

/** A row of the external `personnel` contract, as either driver returns it. */
export function personRow(r: Record<string, unknown>): ExternalPersonRow {
  return {
    externalId: toText(r.external_id),
    username: toText(r.username),
    fullName: toText(r.full_name),
    email: toText(r.email),
    active: toBoolean(r.active),
  };
}
