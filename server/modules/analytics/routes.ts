import { fileExtension, resolveReportRange } from '@common/analytics';
import { formatDay } from '@common/day-format';
import { localDate } from '@common/time-zone';
import { getDashboardActivity, getDashboardHealth, getDashboardPerformance, getDashboardStats } from '@common/contract/dashboard';
import { exportReport, exportRequests, getReport } from '@common/contract/reports';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { projectTimeZone, requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { writeAudit } from '../audit';
import type { AuditDetails, AuditResourceChoice } from '@common/audit-catalogue';
import { buildReport } from './build-report';
import { dashboardActivity, dashboardHealth, dashboardPerformance, dashboardStats } from './dashboard';
import { REQUEST_EXPORT_COLUMNS, requestExportPages } from './export-requests';
import { exportRunnerOf } from './export-runner';
import { fileNamePart } from './file-writers';
import { reportFile } from './report-file';

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
      return reportFile(report, format, projectTimeZone(req));
    }),
  );

  route(app, exportRequests, (req, reply) =>
    exportRunnerOf(ctx).run(req as unknown as FastifyRequest, reply, async () => {
      const { projectId } = req.params;
      const { format, ...filters } = req.query;
      const [project] = await ctx.database.query<{ code: string; name: string }>('select code, name from projects where id = $1', [projectId]);
      await auditExport(app, req as unknown as FastifyRequest, projectId, 'bonus_request', { format, filters });
      const timeZone = projectTimeZone(req);
      const today = localDate(timeZone, ctx.clock.now());
      return {
        format,
        fileName: `bonus-talepleri-${fileNamePart(project!.code)}-${today}.${fileExtension(format)}`,
        title: `${project!.name} (${project!.code}) — Bonus Talepleri — ${formatDay(today)}`,
        timeZone,
        parts: [{ name: 'Talepler', columns: REQUEST_EXPORT_COLUMNS, rows: requestExportPages(ctx.database, projectId, filters) }],
      };
    }),
  );
}
