import type { Paged } from '@common/schemas/api';

/** Pages of a list of `total` rows: an empty list still has one (empty) page, so 'Sayfa 1 / 1' reads right. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * One page of a list as the API answers it. (The request list writes its own envelope: its
 * items are JSON text from the database and its total may be capped; it counts pages here too.)
 */
export function pageOf<T>(items: T[], total: number, page: number, limit: number): Paged<T> {
  return { items, total, page, limit, totalPages: pageCount(total, limit) };
}
