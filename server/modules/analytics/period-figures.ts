import { histogramPercentile, round1, successRate, daysIn, type DayRange } from '@common/analytics';
import { IN_RANGE, rollupPart, type RollupPart } from './rollup-statement';

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

interface FiguresJson {
  counts: Record<string, number> | null;
  revenue: string;
  procN: number;
  procMs: string;
  requeues: number;
  hist: [number, number][] | null;
}

// About a hundred roll-up rows per month: no scan of the project's requests.
const FIGURES_SQL = `
  with d as (
    select status, sum(n)::int n, sum(amount) amount, sum(proc_n)::int proc_n, sum(proc_ms) proc_ms
    from bonus_request_daily where ${IN_RANGE} group by status
  ),
  h as (
    select minutes, sum(n)::int n from bonus_request_proc_minutes
    where ${IN_RANGE} group by minutes having sum(n) > 0
  )
  select json_build_object(
    'counts', (select json_object_agg(status, n) from d where n <> 0),
    'revenue', (select coalesce(sum(amount) filter (where status = 'completed'), 0)::numeric(18,2)::text from d),
    'procN', (select coalesce(sum(proc_n), 0)::int from d),
    'procMs', (select coalesce(sum(proc_ms), 0)::text from d),
    'requeues', (select coalesce(sum(requeues), 0)::int from bonus_request_daily_agents where ${IN_RANGE}),
    'hist', (select json_agg(json_build_array(minutes, n) order by minutes) from h))`;

/** Processing-time figures from a count, a sum of milliseconds and a histogram of whole minutes. */
export function processingFigures(procN: number, procMs: number, hist: [number, number][]) {
  return {
    averageProcessingTime: procN === 0 ? null : round1(procMs / procN / 60_000),
    medianProcessingTime: histogramPercentile(hist, 0.5),
    p90ProcessingTime: histogramPercentile(hist, 0.9),
  };
}

/** The period's figures as one part of a roll-up statement (see readRollups). */
export function periodFiguresPart(range: DayRange): RollupPart<PeriodFigures> {
  return rollupPart(FIGURES_SQL, (json) => {
    const f = json as FiguresJson;
    const counts = f.counts ?? {};
    const total = Object.values(counts).reduce((s, n) => s + n, 0);
    const at = (s: string) => counts[s] ?? 0;
    return {
      statusCounts: counts,
      totalRequests: total,
      completedRequests: at('completed'),
      totalRevenue: f.revenue,
      successRate: successRate(at('completed'), at('cancelled'), at('error')),
      ...processingFigures(Number(f.procN), Number(f.procMs), f.hist ?? []),
      dailyAverage: round1(total / daysIn(range)),
      requeueCount: Number(f.requeues),
    };
  });
}
