import { fileExtension, REPORT_FILE_PREFIX, REPORT_TYPE_LABELS, resolveReportRange } from '@common/analytics';
import { getDashboardActivity, getDashboardHealth, getDashboardPerformance, getDashboardStats } from '@common/contract/dashboard';
import { exportReport, exportRequests, getReport } from '@common/contract/reports';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { projectTimeZone, requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { writeAudit } from '../audit';
import type { AuditDetails, AuditResourceChoice } from '@common/audit-catalogue';
import { approvalsFilePart } from './approval-figures';
import { buildReport } from './build-report';
import { dashboardActivity, dashboardHealth, dashboardPerformance, dashboardStats } from './dashboard';
import { REQUEST_EXPORT_COLUMNS, requestExportPages } from './export-requests';
import { exportRunnerOf } from './export-runner';
import type { FilePart } from './file-writers';

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

  route(app, exportReport, (req, reply) =>
    exportRunnerOf(ctx).run(req as unknown as FastifyRequest, reply, async () => {
      const { projectId, type } = req.params;
      const { format, ...period } = req.query;
      const range = resolveReportRange(period, projectTimeZone(req), ctx.clock.now());
      const report = await buildReport(ctx, projectId, type, range);
      await auditExport(app, req as unknown as FastifyRequest, projectId, 'report', { type, format, from: range.from, to: range.to });
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
      return {
        format,
        fileName: `${REPORT_FILE_PREFIX[type]}-${report.project.code}-${range.label}.${fileExtension(format)}`,
        title: `${report.project.name} (${report.project.code}) — ${REPORT_TYPE_LABELS[type]} — ${range.from} / ${range.to}`,
        timeZone: projectTimeZone(req),
        parts: [summary, approvalsFilePart(report.approvals), ...report.parts.map((p) => ({ name: p.title, columns: p.columns, rows: [p.rows] }))],
      };
    }),
  );

  route(app, exportRequests, (req, reply) =>
    exportRunnerOf(ctx).run(req as unknown as FastifyRequest, reply, async () => {
      const { projectId } = req.params;
      const { format, ...filters } = req.query;
      const [project] = await ctx.database.query<{ code: string; name: string }>('select code, name from projects where id = $1', [projectId]);
      await auditExport(app, req as unknown as FastifyRequest, projectId, 'bonus_request', { format, filters });
      const timeZone = projectTimeZone(req);
      const stamp = new Intl.DateTimeFormat('en-CA', { timeZone }).format(ctx.clock.now());
      return {
        format,
        fileName: `bonus-talepleri-${project!.code}-${stamp}.${fileExtension(format)}`,
        title: `${project!.name} (${project!.code}) — Bonus Talepleri — ${stamp}`,
        timeZone,
        parts: [{ name: 'Talepler', columns: REQUEST_EXPORT_COLUMNS, rows: requestExportPages(ctx.database, projectId, filters) }],
      };
    }),
  );
}
