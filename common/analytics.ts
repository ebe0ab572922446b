import { z } from 'zod';
import { TERMS } from './terms';
import { localDate } from './time-zone';

/**
 * The analytics definitions (issue 12), one place for every endpoint, screen and export.
 *
 * - Every figure is computed by the database over the project's requests CREATED in the period.
 * - Days are the project's time-zone days (project_settings.timezone, Europe/Istanbul by default):
 *   a request created at 22:30 UTC belongs to the next Istanbul day.
 * - totalRequests: requests created in the period; completedRequests: of those, completed.
 * - totalRevenue: sum of the amounts of the completed ones, exact decimal text ("1234.50").
 * - successRate: completed ÷ (completed + cancelled + error) in percent (one decimal); null with no decisions.
 * - activeAgents: members online or busy now.
 * - processing time: minutes from assignment to completion of a completed request. The average
 *   is exact (one decimal); median and p90 are nearest-rank percentiles of whole minutes (rounded down).
 * - dailyAverage: totalRequests ÷ days in the period, one decimal.
 * - requeueCount: requeues (back to the queue) that happened in the period.
 * - Approvals (four eyes) count DECISIONS in the period, not requests created in it: approved = approvals given
 *   (approved_at in the period's local days), rejected = rejections given in them, waiting = completions waiting
 *   for approval now (whatever the period); median approval time = nearest-rank median of the whole minutes from
 *   approval_requested_at to approved_at of the approvals given in the period (null with none).
 * - A value that cannot be computed is null; the screen shows 'N/A' with 'Veri bulunamadı'.
 */
export const ANALYTICS_TEXT = {
  notAvailable: 'N/A',
  noData: 'Veri bulunamadı',
  periodInvalid: "Dönem 7d, 30d veya 90d olmalıdır",
  monthInvalid: 'Ay YYYY-AA biçiminde olmalıdır (ör. 2026-11)',
  dateInvalid: 'Tarih YYYY-AA-GG biçiminde olmalıdır',
  rangeOrder: 'Bitiş tarihi başlangıçtan önce olamaz',
  rangeTooLong: 'Tarih aralığı en fazla 1 yıl olabilir',
  rangeIncomplete: 'Başlangıç ve bitiş tarihi birlikte verilmelidir',
  formatInvalid: "Biçim 'excel' veya 'csv' olmalıdır",
  /** A file export refused: the caller's or the server's exports running at once are at their limit (429). */
  exportBusy: 'Aynı anda çok fazla dışa aktarma var. Biraz sonra tekrar deneyin.',
  loadFailedTitle: 'Veri Yüklenemedi',
  loadFailedBody: 'Dashboard verileri yüklenirken bir hata oluştu.',
  retry: 'Tekrar Dene',
  loading: 'Veriler yükleniyor...',
} as const;

/** Four eyes in the reports and the advanced dashboard (see the definitions above). */
export const approvalFiguresSchema = z.object({
  approved: z.number().int(),
  rejected: z.number().int(),
  waiting: z.number().int(),
  medianApprovalMinutes: z.number().int().nullable(),
});
export type ApprovalFigures = z.infer<typeof approvalFiguresSchema>;

/** The tiles' and the export's words for them. */
export const APPROVAL_FIGURE_LABELS = {
  title: 'Onaylar',
  approved: 'Onaylanan',
  rejected: 'Reddedilen',
  waiting: TERMS.approvals,
  waitingHint: 'Şu anda',
  medianApprovalMinutes: 'Medyan onay süresi',
  /** The export's column, whose cells are numbers of minutes. */
  medianApprovalMinutesColumn: 'Medyan Onay Süresi (dk)',
  empty: 'Bu dönemde onay işlemi yok',
  emptyHint: 'Onay eşiğini aşan tamamlamalar burada sayılır.',
  loadFailed: 'Onay verileri yüklenemedi',
} as const;

export const DASHBOARD_PERIODS = ['7d', '30d', '90d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const dashboardPeriodDays = (p: DashboardPeriod): number => Number(p.slice(0, -1));

/** Longest custom report range, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;

/** An inclusive range of local days, as ISO dates ('2026-11-01'). */
export interface DayRange {
  from: string;
  to: string;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar date, checked for existence (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days in an inclusive range. */
export function daysIn(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day of a range, in order. */
export function eachDay(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The local calendar date of an instant in a time zone. */

export function monthRange(month: string): DayRange {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`bad month ${month}`);
  const from = `${month}-01`;
  const next = Number(m[2]) === 12 ? `${Number(m[1]) + 1}-01-01` : `${m[1]}-${String(Number(m[2]) + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** The last N local days, today included. */
export function lastDays(days: number, timeZone: string, now: Date): DayRange {
  const to = localDate(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

export const dashboardPeriodQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: ANALYTICS_TEXT.periodInvalid }).default('30d'),
});

const reportPeriodFields = {
  period: z.string().regex(MONTH_RE, ANALYTICS_TEXT.monthInvalid).optional(),
  from: z.string().refine(isIsoDate, ANALYTICS_TEXT.dateInvalid).optional(),
  to: z.string().refine(isIsoDate, ANALYTICS_TEXT.dateInvalid).optional(),
};

function checkRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: ANALYTICS_TEXT.rangeIncomplete });
    return;
  }
  if (q.from && q.to && isIsoDate(q.from) && isIsoDate(q.to)) {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXT.rangeOrder });
    else if (daysIn({ from: q.from, to: q.to }) > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXT.rangeTooLong });
  }
}

/** Report period: `period=YYYY-MM`, or `from` and `to` (inclusive, at most a year); default this month. */
export const reportPeriodQuery = z.object(reportPeriodFields).superRefine(checkRange);
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

/** The range a report query names, with the project's "today" for the default month. */
export function resolveReportRange(q: ReportPeriodQuery, timeZone: string, now: Date): DayRange & { label: string } {
  if (q.from && q.to) return { from: q.from, to: q.to, label: `${q.from}_${q.to}` };
  const month = q.period ?? localDate(timeZone, now).slice(0, 7);
  return { ...monthRange(month), label: month };
}

export const EXPORT_FORMATS = ['excel', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The Content-Type a file of each format goes out with. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
const exportFormat = z.enum(EXPORT_FORMATS, { error: ANALYTICS_TEXT.formatInvalid }).default('excel');
export const exportFormatQuery = z.object({ format: exportFormat });
export const reportExportQuery = z.object({ ...reportPeriodFields, format: exportFormat }).superRefine(checkRange);

/** successRate in percent with one decimal, null with no decisions. */
export function successRate(completed: number, cancelled: number, error: number): number | null {
  const decided = completed + cancelled + error;
  return decided === 0 ? null : Math.round((completed / decided) * 1000) / 10;
}

/** Completion rate (reports): completed ÷ total in percent, one decimal; null with no requests. */
export function completionRate(completed: number, total: number): number | null {
  return total === 0 ? null : Math.round((completed / total) * 1000) / 10;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** A nearest-rank percentile (0 < q ≤ 1) of a histogram given as [value, count] pairs in ascending value. */
export function histogramPercentile(bins: readonly (readonly [number, number])[], q: number): number | null {
  const total = bins.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const [value, n] of bins) {
    seen += n;
    if (seen >= rank) return value;
  }
  return bins[bins.length - 1]![0];
}

/** File names of the reports, e.g. 'bonus-raporu-GOLD-2026-11.xlsx'. */
export const REPORT_FILE_PREFIX = {
  bonus: 'bonus-raporu',
  agents: 'agent-raporu',
  performance: 'performans-raporu',
  financial: 'finansal-rapor',
} as const;
export const REPORT_TYPES = ['bonus', 'agents', 'performance', 'financial'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  bonus: 'Bonus Raporu',
  agents: 'Agent Raporu',
  performance: 'Performans Raporu',
  financial: 'Finansal Rapor',
};
export const fileExtension = (f: ExportFormat) => (f === 'excel' ? 'xlsx' : 'csv');
