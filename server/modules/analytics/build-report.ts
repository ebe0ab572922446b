import { completionRate, daysIn, eachDay, round1, type DayRange, type ReportType } from '@common/analytics';
import type { Report, ReportColumn, ReportPart } from '@common/contract/reports';
import { BONUS_TYPE_LABELS, BONUS_TYPES, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type BonusType, type RequestStatus } from '@common/enums';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { approvalFiguresPart } from './approval-figures';
import { agentTotalsPart } from './dashboard';
import { periodFiguresPart, processingFigures } from './period-figures';
import { IN_RANGE, readRollups, rollupPart, type RollupPart } from './rollup-statement';

const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });
const bonusLabel = (t: string) => BONUS_TYPE_LABELS[t as BonusType] ?? t;
const statusLabel = (s: string) => REQUEST_STATUS_LABELS[s as RequestStatus] ?? s;
/** No money, as PostgreSQL writes numeric(18,2). */
const ZERO = '0.00';

interface DailyJson {
  /** day → [created, completed, problem (cancelled + error), completed amount] */
  days: Record<string, [number, number, number, string]> | null;
  /** bonus type → [created, completed, completed amount] */
  types: Record<string, [number, number, string]> | null;
}

const bonusPart = rollupPart(
  `select json_build_object(
     'days', (select json_object_agg(day, json_build_array(created, completed, problem, amount::text)) from (
       select day::text as day, sum(n)::int created, coalesce(sum(n) filter (where status = 'completed'), 0)::int completed,
              coalesce(sum(n) filter (where status in ('cancelled', 'error')), 0)::int problem,
              coalesce(sum(amount) filter (where status = 'completed'), 0)::numeric(18,2) amount
       from bonus_request_daily where ${IN_RANGE} group by day) d),
     'types', (select json_object_agg(bonus_type, json_build_array(created, completed, amount::text)) from (
       select bonus_type, sum(n)::int created, coalesce(sum(n) filter (where status = 'completed'), 0)::int completed,
              coalesce(sum(amount) filter (where status = 'completed'), 0)::numeric(18,2) amount
       from bonus_request_daily where ${IN_RANGE} group by bonus_type) t))`,
  (json) => json as DailyJson,
);

function bonusParts(range: DayRange, { days, types }: DailyJson): ReportPart[] {
  return [
    {
      key: 'daily',
      title: 'Günlük',
      columns: [col('day', 'Gün', 'date'), col('created', 'Talep', 'int'), col('completed', 'Tamamlanan', 'int'), col('problem', 'Sorunlu', 'int'), col('amount', 'Tamamlanan Tutar', 'money')],
      rows: eachDay(range).map((day) => {
        const [created, completed, problem, amount] = days?.[day] ?? [0, 0, 0, ZERO];
        return { day, created, completed, problem, amount };
      }),
    },
    {
      key: 'types',
      title: 'Bonus Türleri',
      columns: [col('bonusType', 'Bonus Türü', 'text'), col('created', 'Talep', 'int'), col('completed', 'Tamamlanan', 'int'), col('amount', 'Tamamlanan Tutar', 'money')],
      rows: BONUS_TYPES.map((t) => {
        const [created, completed, amount] = types?.[t] ?? [0, 0, ZERO];
        return { bonusType: bonusLabel(t), created, completed, amount };
      }),
    },
  ];
}

interface AgentStatJson { name: string; completed: number; amount: string; procN: number; procMs: string; requeues: number; hist: [number, number][] | null }

const agentsPart = rollupPart(
  `with a as (
     select agent_id, sum(completed)::int completed, sum(amount)::numeric(18,2) amount, sum(proc_n)::int proc_n, sum(proc_ms) proc_ms, sum(requeues)::int requeues
     from bonus_request_daily_agents where ${IN_RANGE} group by agent_id having sum(completed) <> 0 or sum(requeues) <> 0
   ),
   h as (
     select agent_id, json_agg(json_build_array(minutes, n) order by minutes) hist
     from (select agent_id, minutes, sum(n)::int n from bonus_request_proc_minutes where ${IN_RANGE} group by agent_id, minutes having sum(n) > 0) x
     group by agent_id
   )
   select json_agg(json_build_object('name', coalesce(u.full_name, u.username, 'Atanmamış'), 'completed', a.completed, 'amount', a.amount::text,
                                     'procN', a.proc_n, 'procMs', a.proc_ms::text, 'requeues', a.requeues, 'hist', h.hist)
                   order by a.completed desc, a.amount desc, a.agent_id)
   from a left join h on h.agent_id = a.agent_id left join users u on u.id = a.agent_id`,
  (json) => (json as AgentStatJson[] | null) ?? [],
);

function agentParts(_range: DayRange, rows: AgentStatJson[]): ReportPart[] {
  return [
    {
      key: 'agents',
      title: 'Agentler',
      columns: [
        col('name', 'Agent', 'text'), col('completed', 'Tamamlanan', 'int'), col('amount', 'Toplam Tutar', 'money'),
        col('average', 'Ort. Süre (dk)', 'minutes'), col('p90', 'P90 Süre (dk)', 'minutes'), col('requeues', 'Tekrar Sıraya Alınan', 'int'),
      ],
      rows: rows.map((r) => {
        const p = processingFigures(Number(r.procN), Number(r.procMs), r.hist ?? []);
        return { name: r.name, completed: r.completed, amount: r.amount, average: p.averageProcessingTime, p90: p.p90ProcessingTime, requeues: r.requeues };
      }),
    },
  ];
}

/** Processing-time buckets in minutes: [from, to). */
const BUCKETS: [number, number, string][] = [
  [0, 5, '0–5 dk'], [5, 15, '5–15 dk'], [15, 30, '15–30 dk'], [30, 60, '30–60 dk'], [60, 120, '1–2 sa'], [120, 240, '2–4 sa'], [240, Infinity, '4 sa ve üzeri'],
];

interface PerformanceJson {
  /** [minutes, count] of completed requests' processing times */
  hist: [number, number][] | null;
  /** local hour → requests created in it */
  hours: Record<string, number> | null;
}

const performancePart = rollupPart(
  `select json_build_object(
     'hist', (select json_agg(json_build_array(minutes, n)) from (
       select minutes, sum(n)::int n from bonus_request_proc_minutes where ${IN_RANGE} group by minutes having sum(n) > 0) m),
     'hours', (select json_object_agg(hour, n) from (
       select hour, sum(n)::int n from bonus_request_hourly where ${IN_RANGE} group by hour) h))`,
  (json) => json as PerformanceJson,
);

function performanceParts(range: DayRange, { hist, hours }: PerformanceJson): ReportPart[] {
  const days = daysIn(range);
  const bins = hist ?? [];
  return [
    {
      key: 'distribution',
      title: 'İşlem Süresi Dağılımı',
      columns: [col('bucket', 'İşlem Süresi', 'text'), col('count', 'Talep', 'int')],
      rows: BUCKETS.map(([from, to, label]) => ({ bucket: label, count: bins.filter(([m]) => m >= from && m < to).reduce((s, [, n]) => s + n, 0) })),
    },
    {
      key: 'hourly',
      title: 'Saatlik Yük',
      columns: [col('hour', 'Saat', 'text'), col('count', 'Talep', 'int'), col('perDay', 'Günlük Ortalama', 'decimal')],
      rows: Array.from({ length: 24 }, (_, h) => {
        const n = hours?.[String(h)] ?? 0;
        return { hour: `${String(h).padStart(2, '0')}:00`, count: n, perDay: round1(n / days) };
      }),
    },
  ];
}

interface FinancialJson {
  /** "type|status" → [count, amount] */
  cells: Record<string, [number, string]> | null;
  /** day → [completed amount, every amount] */
  days: Record<string, [string, string]> | null;
}

const financialPart = rollupPart(
  `select json_build_object(
     'cells', (select json_object_agg(bonus_type || '|' || status, json_build_array(n, amount::text)) from (
       select bonus_type, status, sum(n)::int n, sum(amount)::numeric(18,2) amount
       from bonus_request_daily where ${IN_RANGE} group by bonus_type, status having sum(n) <> 0) c),
     'days', (select json_object_agg(day, json_build_array(completed::text, total::text)) from (
       select day::text as day, coalesce(sum(amount) filter (where status = 'completed'), 0)::numeric(18,2) completed, sum(amount)::numeric(18,2) total
       from bonus_request_daily where ${IN_RANGE} group by day) d))`,
  (json) => json as FinancialJson,
);

function financialParts(range: DayRange, { cells, days }: FinancialJson): ReportPart[] {
  return [
    {
      key: 'typeStatus',
      title: 'Tür ve Durum',
      columns: [col('bonusType', 'Bonus Türü', 'text'), col('status', 'Durum', 'text'), col('count', 'Talep', 'int'), col('amount', 'Tutar', 'money')],
      rows: BONUS_TYPES.flatMap((t) =>
        REQUEST_STATUSES.filter((st) => cells?.[`${t}|${st}`]).map((st) => {
          const [count, amount] = cells![`${t}|${st}`]!;
          return { bonusType: bonusLabel(t), status: statusLabel(st), count, amount };
        }),
      ),
    },
    {
      key: 'dailyAmounts',
      title: 'Günlük Tutar',
      columns: [col('day', 'Gün', 'date'), col('completed', 'Tamamlanan Tutar', 'money'), col('all', 'Talep Edilen Tutar', 'money')],
      rows: eachDay(range).map((day) => {
        const [completed, all] = days?.[day] ?? [ZERO, ZERO];
        return { day, completed, all };
      }),
    },
  ];
}

/** Each report type's own part of the statement, and how its answer becomes the report's parts. */
const PARTS: { [T in ReportType]: { part: RollupPart<unknown>; build: (range: DayRange, json: never) => ReportPart[] } } = {
  bonus: { part: bonusPart, build: bonusParts },
  agents: { part: agentsPart, build: agentParts },
  performance: { part: performancePart, build: performanceParts },
  financial: { part: financialPart, build: financialParts },
};

const projectPart = rollupPart(
  `select json_build_object('id', id, 'code', code, 'name', name) from projects where id = $1`,
  (json) => json as { id: number; code: string; name: string } | null,
);

/** §7.9 report of one type over a range of the project's local days, from the roll-ups, in one statement. */
export async function buildReport(ctx: AppContext, projectId: number, type: ReportType, range: DayRange & { label: string }): Promise<Report> {
  const { project, figures: f, topAgents, approvals, own } = await readRollups(ctx.database, `report_${type}`, projectId, range, {
    project: projectPart,
    figures: periodFiguresPart(range),
    topAgents: agentTotalsPart(5),
    approvals: approvalFiguresPart,
    own: PARTS[type].part,
  });
  if (!project) throw notFound('Proje bulunamadı');
  return {
    type,
    project,
    period: { from: range.from, to: range.to, days: daysIn(range), label: range.label },
    totalRequests: f.totalRequests,
    completedRequests: f.completedRequests,
    totalAmount: f.totalRevenue,
    completionRate: completionRate(f.completedRequests, f.totalRequests),
    successRate: f.successRate,
    averageProcessingTime: f.averageProcessingTime,
    medianProcessingTime: f.medianProcessingTime,
    p90ProcessingTime: f.p90ProcessingTime,
    dailyAverage: f.dailyAverage,
    requeueCount: f.requeueCount,
    statusCounts: f.statusCounts,
    topAgents,
    approvals,
    parts: PARTS[type].build(range, own as never),
  };
}
