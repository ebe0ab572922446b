import { completionRate, daysIn, eachDay, round1, type DayRange, type ReportType } from '@common/analytics';
import type { Report, ReportColumn, ReportPart } from '@common/contract/reports';
import { BONUS_TYPE_LABELS, BONUS_TYPES, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type BonusType, type RequestStatus } from '@common/enums';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { agentTotals } from './dashboard';
import { periodFigures, processingFigures } from './period-figures';

const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });
const bonusLabel = (t: string) => BONUS_TYPE_LABELS[t as BonusType] ?? t;
const statusLabel = (s: string) => REQUEST_STATUS_LABELS[s as RequestStatus] ?? s;
const params = (projectId: number, range: DayRange) => [projectId, range.from, range.to];
const IN_RANGE = 'project_id = $1 and day between $2::date and $3::date';

interface DailyRow { day: string; bonus_type: string; status: string; n: number; amount: string }

async function dailyRows(ctx: AppContext, projectId: number, range: DayRange) {
  return ctx.database.query<DailyRow>(
    `select day::text as day, bonus_type, status, n, amount::text amount from bonus_request_daily where ${IN_RANGE} and n <> 0`,
    params(projectId, range),
  );
}

/** Exact decimal sums of money strings, in cents. */
const cents = (s: string) => BigInt(Math.round(Number(s) * 100));
const money = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

async function bonusParts(ctx: AppContext, projectId: number, range: DayRange): Promise<ReportPart[]> {
  const rows = await dailyRows(ctx, projectId, range);
  const perDay = new Map<string, { created: number; completed: number; problem: number; amount: bigint }>();
  const perType = new Map<string, { created: number; completed: number; amount: bigint }>();
  for (const r of rows) {
    const d = perDay.get(r.day) ?? { created: 0, completed: 0, problem: 0, amount: 0n };
    const t = perType.get(r.bonus_type) ?? { created: 0, completed: 0, amount: 0n };
    d.created += r.n;
    t.created += r.n;
    if (r.status === 'completed') {
      d.completed += r.n;
      t.completed += r.n;
      d.amount += cents(r.amount);
      t.amount += cents(r.amount);
    }
    if (r.status === 'cancelled' || r.status === 'error') d.problem += r.n;
    perDay.set(r.day, d);
    perType.set(r.bonus_type, t);
  }
  return [
    {
      key: 'daily',
      title: 'Günlük',
      columns: [col('day', 'Gün', 'date'), col('created', 'Talep', 'int'), col('completed', 'Tamamlanan', 'int'), col('problem', 'Sorunlu', 'int'), col('amount', 'Tamamlanan Tutar', 'money')],
      rows: eachDay(range).map((day) => {
        const d = perDay.get(day);
        return { day, created: d?.created ?? 0, completed: d?.completed ?? 0, problem: d?.problem ?? 0, amount: money(d?.amount ?? 0n) };
      }),
    },
    {
      key: 'types',
      title: 'Bonus Türleri',
      columns: [col('bonusType', 'Bonus Türü', 'text'), col('created', 'Talep', 'int'), col('completed', 'Tamamlanan', 'int'), col('amount', 'Tamamlanan Tutar', 'money')],
      rows: BONUS_TYPES.map((t) => {
        const v = perType.get(t);
        return { bonusType: bonusLabel(t), created: v?.created ?? 0, completed: v?.completed ?? 0, amount: money(v?.amount ?? 0n) };
      }),
    },
  ];
}

interface AgentStatRow { agent_id: number; name: string; completed: number; amount: string; proc_n: number; proc_ms: string; requeues: number; hist: string | null }

async function agentParts(ctx: AppContext, projectId: number, range: DayRange): Promise<ReportPart[]> {
  const rows = await ctx.database.query<AgentStatRow>(
    `with a as (
       select agent_id, sum(completed)::int completed, sum(amount)::numeric(18,2) amount, sum(proc_n)::int proc_n, sum(proc_ms) proc_ms, sum(requeues)::int requeues
       from bonus_request_daily_agents where ${IN_RANGE} group by agent_id having sum(completed) <> 0 or sum(requeues) <> 0
     ),
     h as (
       select agent_id, json_agg(json_build_array(minutes, n) order by minutes)::text hist
       from (select agent_id, minutes, sum(n)::int n from bonus_request_proc_minutes where ${IN_RANGE} group by agent_id, minutes having sum(n) > 0) x
       group by agent_id
     )
     select a.agent_id, coalesce(u.full_name, u.username, 'Atanmamış') name, a.completed, a.amount::text amount, a.proc_n, a.proc_ms::text proc_ms, a.requeues, h.hist
     from a left join h on h.agent_id = a.agent_id left join users u on u.id = a.agent_id
     order by a.completed desc, a.amount desc, a.agent_id`,
    params(projectId, range),
  );
  return [
    {
      key: 'agents',
      title: 'Agentler',
      columns: [
        col('name', 'Agent', 'text'), col('completed', 'Tamamlanan', 'int'), col('amount', 'Toplam Tutar', 'money'),
        col('average', 'Ort. Süre (dk)', 'minutes'), col('p90', 'P90 Süre (dk)', 'minutes'), col('requeues', 'Tekrar Sıraya Alınan', 'int'),
      ],
      rows: rows.map((r) => {
        const p = processingFigures(Number(r.proc_n), Number(r.proc_ms), r.hist ? (JSON.parse(r.hist) as [number, number][]) : []);
        return { name: r.name, completed: Number(r.completed), amount: r.amount, average: p.averageProcessingTime, p90: p.p90ProcessingTime, requeues: Number(r.requeues) };
      }),
    },
  ];
}

/** Processing-time buckets in minutes: [from, to). */
const BUCKETS: [number, number, string][] = [
  [0, 5, '0–5 dk'], [5, 15, '5–15 dk'], [15, 30, '15–30 dk'], [30, 60, '30–60 dk'], [60, 120, '1–2 sa'], [120, 240, '2–4 sa'], [240, Infinity, '4 sa ve üzeri'],
];

async function performanceParts(ctx: AppContext, projectId: number, range: DayRange): Promise<ReportPart[]> {
  const [hist, hours] = await Promise.all([
    ctx.database.query<{ minutes: number; n: number }>(
      `select minutes, sum(n)::int n from bonus_request_proc_minutes where ${IN_RANGE} group by minutes having sum(n) > 0`,
      params(projectId, range),
    ),
    ctx.database.query<{ hour: number; n: number }>(
      `select hour, sum(n)::int n from bonus_request_hourly where ${IN_RANGE} group by hour`,
      params(projectId, range),
    ),
  ]);
  const days = daysIn(range);
  return [
    {
      key: 'distribution',
      title: 'İşlem Süresi Dağılımı',
      columns: [col('bucket', 'İşlem Süresi', 'text'), col('count', 'Talep', 'int')],
      rows: BUCKETS.map(([from, to, label]) => ({ bucket: label, count: hist.filter((h) => h.minutes >= from && h.minutes < to).reduce((s, h) => s + Number(h.n), 0) })),
    },
    {
      key: 'hourly',
      title: 'Saatlik Yük',
      columns: [col('hour', 'Saat', 'text'), col('count', 'Talep', 'int'), col('perDay', 'Günlük Ortalama', 'int')],
      rows: Array.from({ length: 24 }, (_, h) => {
        const n = Number(hours.find((x) => Number(x.hour) === h)?.n ?? 0);
        return { hour: `${String(h).padStart(2, '0')}:00`, count: n, perDay: round1(n / days) };
      }),
    },
  ];
}

async function financialParts(ctx: AppContext, projectId: number, range: DayRange): Promise<ReportPart[]> {
  const rows = await dailyRows(ctx, projectId, range);
  const cell = new Map<string, { n: number; amount: bigint }>();
  const perDay = new Map<string, { completed: bigint; all: bigint }>();
  for (const r of rows) {
    const k = `${r.bonus_type}|${r.status}`;
    const c = cell.get(k) ?? { n: 0, amount: 0n };
    c.n += r.n;
    c.amount += cents(r.amount);
    cell.set(k, c);
    const d = perDay.get(r.day) ?? { completed: 0n, all: 0n };
    d.all += cents(r.amount);
    if (r.status === 'completed') d.completed += cents(r.amount);
    perDay.set(r.day, d);
  }
  return [
    {
      key: 'typeStatus',
      title: 'Tür ve Durum',
      columns: [col('bonusType', 'Bonus Türü', 'text'), col('status', 'Durum', 'text'), col('count', 'Talep', 'int'), col('amount', 'Tutar', 'money')],
      rows: BONUS_TYPES.flatMap((t) =>
        REQUEST_STATUSES.filter((s) => cell.has(`${t}|${s}`)).map((s) => ({
          bonusType: bonusLabel(t),
          status: statusLabel(s),
          count: cell.get(`${t}|${s}`)!.n,
          amount: money(cell.get(`${t}|${s}`)!.amount),
        })),
      ),
    },
    {
      key: 'dailyAmounts',
      title: 'Günlük Tutar',
      columns: [col('day', 'Gün', 'date'), col('completed', 'Tamamlanan Tutar', 'money'), col('all', 'Talep Edilen Tutar', 'money')],
      rows: eachDay(range).map((day) => ({ day, completed: money(perDay.get(day)?.completed ?? 0n), all: money(perDay.get(day)?.all ?? 0n) })),
    },
  ];
}

const PARTS: Record<ReportType, (ctx: AppContext, projectId: number, range: DayRange) => Promise<ReportPart[]>> = {
  bonus: bonusParts,
  agents: agentParts,
  performance: performanceParts,
  financial: financialParts,
};

/** §7.9 report of one type over a range of the project's local days, from the roll-ups. */
export async function buildReport(ctx: AppContext, projectId: number, type: ReportType, range: DayRange & { label: string }): Promise<Report> {
  const [project] = await ctx.database.query<{ id: number; code: string; name: string }>('select id, code, name from projects where id = $1', [projectId]);
  if (!project) throw notFound('Proje bulunamadı');
  const [f, topAgents, parts] = await Promise.all([
    periodFigures(ctx.database, projectId, range),
    agentTotals(ctx, projectId, range, 5),
    PARTS[type](ctx, projectId, range),
  ]);
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
    parts,
  };
}
