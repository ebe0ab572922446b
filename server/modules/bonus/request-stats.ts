import { ACTIVE_STATUSES, APPROVAL_STATUSES, PROBLEM_STATUSES, REQUEST_STATUSES, WAITING_STATUSES, type RequestStatus } from '@common/enums';
import type { RequestStats } from '@common/schemas/bonus';
import type { Database } from '../../db/client';

export type StatusCounts = Record<RequestStatus, number>;

/** Every status with its count; statuses without a row count 0. */
export function countsFrom(byStatus: Record<string, number> | null): StatusCounts {
  const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const [status, n] of Object.entries(byStatus ?? {})) if (Object.hasOwn(counts, status)) counts[status as RequestStatus] = Number(n);
  return counts;
}

/**
 * The project's request count per status, kept exact by triggers (a few rows, not a scan). The
 * stats call and the bonus screen ask it all day: a named statement, planned once (on PGlite, a
 * Drizzle query costs this twice over in the API's own thread).
 */
export async function loadStatusCounts(database: Database, projectId: number): Promise<StatusCounts> {
  const rows = await database.query<{ status: string; n: number }>('select status, n from bonus_request_status_counts where project_id = $1', [projectId], {
    name: 'bonus_status_counts',
  });
  return countsFrom(Object.fromEntries(rows.map((r) => [r.status, r.n])));
}

export function sumStatuses(counts: StatusCounts, statuses: readonly RequestStatus[] = REQUEST_STATUSES): number {
  return statuses.reduce((sum, s) => sum + counts[s], 0);
}

/** Spec §3 "Request statistics": the dashboard's and the bonus screen's names together. */
export function toRequestStats(counts: StatusCounts): RequestStats {
  const waiting = sumStatuses(counts, WAITING_STATUSES);
  const active = sumStatuses(counts, ACTIVE_STATUSES);
  return {
    total: sumStatuses(counts),
    waiting,
    active,
    completed: counts.completed,
    new: waiting,
    inProgress: active,
    problem: sumStatuses(counts, PROBLEM_STATUSES),
    approval: sumStatuses(counts, APPROVAL_STATUSES),
  };
}

export async function requestStats(database: Database, projectId: number): Promise<RequestStats> {
  return toRequestStats(await loadStatusCounts(database, projectId));
}
