import type { Paged } from '@common/schemas/api';

/**
 * One page of a list as the API answers it. An empty list still has one (empty) page, so
 * 'Sayfa 1 / 1' reads right. (The request list keeps its own shape: its totals come from
 * the database with the rows and may be capped.)
 */
export function pageOf<T>(items: T[], total: number, page: number, limit: number): Paged<T> {
  return { items, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
