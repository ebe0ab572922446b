import { PassThrough } from 'node:stream';
import { fileExtension, REPORT_FILE_PREFIX, REPORT_TYPE_LABELS, resolveReportRange, type ExportFormat } from '@common/analytics';
import { getDashboardActivity, getDashboardHealth, getDashboardPerformance, getDashboardStats } from '@common/contract/dashboard';
import { exportReport, exportRequests, getReport } from '@common/contract/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { projectTimeZone, requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { writeAudit } from '../audit';
import type { AuditDetails, AuditResourceChoice } from '@common/audit-catalogue';
import { buildReport } from './build-report';
import { dashboardActivity, dashboardHealth, dashboardPerformance, dashboardStats } from './dashboard';
import { REQUEST_EXPORT_COLUMNS, requestExportBatches } from './export-requests';
import { contentDisposition, writeCsv, writeXlsx, type FilePart } from './file-writers';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Streams a file: the writer fills a pass-through the reply sends; a failure mid-way cuts the download.
 * Times are written in `timeZone`, the project's, as its screens show them.
 */
function sendFile(app: App, reply: FastifyReply, format: ExportFormat, fileName: string, title: string, parts: FilePart[], timeZone: string) {
  const out = new PassThrough();
  reply.header('Content-Type', CONTENT_TYPES[format]).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'no-store');
  const write = format === 'excel' ? writeXlsx(out, title, parts, timeZone) : writeCsv(out, title, parts, timeZone);
  write.catch((err: unknown) => {
    app.ctx.log.error({ err }, 'export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(out);
}

async function auditExport(
  app: App,
  request: FastifyRequest,
  projectId: number,
  resource: AuditResourceChoice<'EXPORT_DATA'>,
  details: AuditDetails<'EXPORT_DATA'>,
) {
  const { user } = requireAuth(request);
  await writeAudit(app.ctx.database.db, {
    actor: { id: user.id, username: user.username },
    action: 'EXPORT_DATA',
    resource,
    details,
    ipAddress: request.ip,
    projectId,
  });
}

/** §7.6 dashboard, §7.9 reports, and the exports. Membership and role are checked before these run. */
export default async function analyticsRoutes(app: App) {
  const ctx = app.ctx;

  route(app, getDashboardStats, (req) => dashboardStats(ctx, req.params.projectId, projectTimeZone(req), req.query.period));
  route(app, getDashboardPerformance, (req) => dashboardPerformance(ctx, req.params.projectId, projectTimeZone(req), req.query.period));
  route(app, getDashboardActivity, (req) => dashboardActivity(ctx, req.params.projectId, req.query.limit));
  route(app, getDashboardHealth, (req) => dashboardHealth(ctx, req.params.projectId));

  route(app, getReport, async (req) => {
    const range = resolveReportRange(req.query, projectTimeZone(req), ctx.clock.now());
    return buildReport(ctx, req.params.projectId, req.params.type, range);
  });

  route(app, exportReport, async (req, reply) => {
    const { projectId, type } = req.params;
    const { format, ...period } = req.query;
    const range = resolveReportRange(period, projectTimeZone(req), ctx.clock.now());
    const report = await buildReport(ctx, projectId, type, range);
    await auditExport(app, req as unknown as FastifyRequest, projectId, 'report', { type, format, from: range.from, to: range.to });
    const title = `${report.project.name} (${report.project.code}) — ${REPORT_TYPE_LABELS[type]} — ${range.from} / ${range.to}`;
    const summary: FilePart = {
      name: 'Özet',
      columns: [
        { key: 'metric', label: 'Gösterge', kind: 'text' },
        { key: 'value', label: 'Değer', kind: 'text' },
      ],
      rows: [[
        { metric: 'Toplam Talep', value: report.totalRequests },
        { metric: 'Tamamlanan', value: report.completedRequests },
        { metric: 'Toplam Tutar', value: report.totalAmount },
        { metric: 'Tamamlanma Oranı (%)', value: report.completionRate ?? 'N/A' },
        { metric: 'Ortalama İşlem Süresi (dk)', value: report.averageProcessingTime ?? 'N/A' },
        { metric: 'Medyan İşlem Süresi (dk)', value: report.medianProcessingTime ?? 'N/A' },
        { metric: 'P90 İşlem Süresi (dk)', value: report.p90ProcessingTime ?? 'N/A' },
        { metric: 'Tekrar Sıraya Alınan', value: report.requeueCount },
      ]],
    };
    const parts: FilePart[] = [summary, ...report.parts.map((p) => ({ name: p.title, columns: p.columns, rows: [p.rows] }))];
    return sendFile(app, reply, format, `${REPORT_FILE_PREFIX[type]}-${report.project.code}-${range.label}.${fileExtension(format)}`, title, parts, projectTimeZone(req));
  });

  route(app, exportRequests, async (req, reply) => {
    const { projectId } = req.params;
    const { format, ...filters } = req.query;
    const [project] = await ctx.database.query<{ code: string; name: string }>('select code, name from projects where id = $1', [projectId]);
    await auditExport(app, req as unknown as FastifyRequest, projectId, 'bonus_request', { format, filters });
    const timeZone = projectTimeZone(req);
    const stamp = new Intl.DateTimeFormat('en-CA', { timeZone }).format(ctx.clock.now());
    const parts: FilePart[] = [{ name: 'Talepler', columns: REQUEST_EXPORT_COLUMNS, rows: requestExportBatches(ctx.database, projectId, filters) }];
    return sendFile(app, reply, format, `bonus-talepleri-${project!.code}-${stamp}.${fileExtension(format)}`, `${project!.name} (${project!.code}) — Bonus Talepleri — ${stamp}`, parts, timeZone);
  });
}
