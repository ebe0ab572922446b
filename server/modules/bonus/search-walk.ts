import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, bonusRequestStatusCounts, searchFold } from '../../db/schema';

/**
 * A common term's first page, with one status or none, by walking the (project[, status], created_at)
 * index, with a budget.
 *
 * A term whose every trigram is common ('yılmaz', 7% of requests) finds a page of 20 within a few
 * hundred rows of a status, newest first. Left to choose, the planner sometimes takes the trigram
 * index instead: on the embedded database, 'yılmaz' with status 'new' became a bitmap AND of a
 * status index and the trigram index (21 ms, 12 of them in the trigram scan) where the walk takes
 * 1.3 ms. Without a status the planner walks the date index itself for such a term, but it planned
 * that statement on every call (its plan depends on the term); the walk is one prepared statement
 * whatever the term. Forcing the walk always is no answer either: a rare combination of common
 * trigrams ('ahmet ayşe') walks every row of the filter before it knows (37 ms for the 34,000
 * completed requests of a project, embedded) where the trigram index answers in 4.
 *
 * So only a term common enough to fill a page within the budget walks (walkFinds, from the sampled
 * trigram shares), and the walk reads at most WALK_BUDGET rows, and its statement also reads how many rows the filter
 * has (the exact per-status counts): when the page is not full and the filter has more rows than the
 * budget, the caller asks the planner's way (the trigram condition) instead; otherwise the walk saw
 * every row, so what it found is every match.
 */
export const WALK_BUDGET = 1_000;

/**
 * Whether a term held by about `share` of requests (SearchPlan.share) is worth walking for a page of
 * `limit`: the budget should hold twice the page, as the estimate takes a term's words as
 * independent. 'yılmaz' (its least common trigram in 5% of requests) walks for 20 rows; 'ahmet
 * yılmaz' (about 0.5%) does not: the walk would spend its budget before the trigram index is asked.
 */
export function walkFinds(share: number, limit: number): boolean {
  return share * WALK_BUDGET >= 2 * limit;
}

export interface WalkRow {
  ids: number[];
  rows: number;
}

/**
 * The walk over a project's rows of one status (or all of them, without `status`) in `order` (the
 * (project[, status], created_at) index's own), keeping the rows that hold `term` (folded as the
 * stored text is): up to `limit` ids, in order (later pages are left to the planner), and `rows`,
 * the filter's row count from the exact per-status counts. The limits sit where the planner passes
 * them down: with its own limit and a filter above it, the walk is planned as an index scan that
 * stops, not a sort of every row of the filter.
 */
export function walkStatement(db: DbOrTx, values: { projectId: unknown; status?: unknown; term: unknown }, order: SQL[], limit: number) {
  const walked = db
    .select({ id: bonusRequests.id, hit: sql<boolean>`strpos(${bonusRequests.searchText}, ${searchFold(sql`${values.term}::text`)}) > 0`.as('hit') })
    .from(bonusRequests)
    .where(and(sql`${bonusRequests.projectId} = ${values.projectId}`, values.status === undefined ? undefined : sql`${bonusRequests.status} = ${values.status}`))
    .orderBy(...order)
    .limit(WALK_BUDGET)
    .as('walked');
  const found = db.select({ id: walked.id }).from(walked).where(sql`${walked.hit}`).limit(limit).as('found');
  const ofStatus = values.status === undefined ? sql`` : sql` and c.status = ${values.status}`;
  const rows = sql`select coalesce(sum(c.n), 0)::int from ${bonusRequestStatusCounts} c where c.project_id = ${values.projectId}${ofStatus}`;
  return db
    .select({
      // array_agg keeps the order the rows arrive in: the walk's.
      ids: sql<number[]>`coalesce(array_agg(${found.id}), '{}')`.as('ids'),
      rows: sql<number>`(${rows})`.as('rows'),
    })
    .from(found);
}

/** What a walk found: the page's ids and, when it saw every row, the exact match count; null when its budget ran out first. */
export function readWalk({ ids, rows }: WalkRow, limit: number): { ids: number[]; total: number | null } | null {
  if (ids.length >= limit) return { ids: ids.slice(0, limit), total: null };
  if (rows > WALK_BUDGET) return null;
  return { ids, total: ids.length };
}
