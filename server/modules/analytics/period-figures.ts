import { histogramPercentile, round1, successRate, daysIn, type DayRange } from '@common/analytics';
import type { Database } from '../../db/client';

/** The figures of common/analytics.ts over a range of local days, read from the roll-ups only. */
export interface PeriodFigures {
  statusCounts: Record<string, number>;
  totalRequests: number;
  completedRequests: number;
  /** Amount of the completed requests, exact decimal text. */
  totalRevenue: string;
  successRate: number | null;
  averageProcessingTime: number | null;
  medianProcessingTime: number | null;
  p90ProcessingTime: number | null;
  dailyAverage: number;
  requeueCount: number;
}

interface FiguresRow {
  counts: string;
  revenue: string;
  proc_n: number;
  proc_ms: string;
  requeues: number;
  hist: string;
}

// About a hundred roll-up rows per month: no scan of the project's requests.
const FIGURES_SQL = `
  with d as (
    select status, sum(n)::int n, sum(amount) amount, sum(proc_n)::int proc_n, sum(proc_ms) proc_ms
    from bonus_request_daily where project_id = $1 and day between $2::date and $3::date group by status
  ),
  h as (
    select minutes, sum(n)::int n from bonus_request_proc_minutes
    where project_id = $1 and day between $2::date and $3::date group by minutes having sum(n) > 0
  )
  select
    (select coalesce(json_object_agg(status, n), '{}') from d where n <> 0)::text counts,
    (select coalesce(sum(amount) filter (where status = 'completed'), 0)::numeric(18,2)::text from d) revenue,
    (select coalesce(sum(proc_n), 0)::int from d) proc_n,
    (select coalesce(sum(proc_ms), 0)::text from d) proc_ms,
    (select coalesce(sum(requeues), 0)::int from bonus_request_daily_agents where project_id = $1 and day between $2::date and $3::date) requeues,
    (select coalesce(json_agg(json_build_array(minutes, n) order by minutes), '[]') from h)::text hist`;

/** Processing-time figures from a count, a sum of milliseconds and a histogram of whole minutes. */
export function processingFigures(procN: number, procMs: number, hist: [number, number][]) {
  return {
    averageProcessingTime: procN === 0 ? null : round1(procMs / procN / 60_000),
    medianProcessingTime: histogramPercentile(hist, 0.5),
    p90ProcessingTime: histogramPercentile(hist, 0.9),
  };
}

export async function periodFigures(database: Database, projectId: number, range: DayRange): Promise<PeriodFigures> {
  const [row] = await database.query<FiguresRow>(FIGURES_SQL, [projectId, range.from, range.to]);
  const counts = JSON.parse(row!.counts) as Record<string, number>;
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  const at = (s: string) => counts[s] ?? 0;
  return {
    statusCounts: counts,
    totalRequests: total,
    completedRequests: at('completed'),
    totalRevenue: row!.revenue,
    successRate: successRate(at('completed'), at('cancelled'), at('error')),
    ...processingFigures(Number(row!.proc_n), Number(row!.proc_ms), JSON.parse(row!.hist) as [number, number][]),
    dailyAverage: round1(total / daysIn(range)),
    requeueCount: Number(row!.requeues),
  };
}
