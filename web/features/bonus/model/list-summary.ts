import type { RequestListResponse } from '@common/schemas/bonus';
import { formatNumber } from '@web/lib/format';

/**
 * '21-40 / 134 kayıt' under the table. A search with more matches than the server counts shows
 * its lower bound: '1-20 / 10.000+ kayıt' (the pager still offers the next page).
 */
export function listSummary(data: Pick<RequestListResponse, 'total' | 'page' | 'limit' | 'totalCapped'>, shown: number): string {
  const from = data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const to = from + shown - Math.min(1, shown);
  return `${formatNumber(from)}-${formatNumber(to)} / ${formatNumber(data.total)}${data.totalCapped ? '+' : ''} kayıt`;
}
