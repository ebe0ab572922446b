import { envelope, idParam, projectParams } from '@common/schemas/api';
import { auditListQuery, auditListSchema, auditLogSchema, auditStatsSchema, statsQuery } from '@common/schemas/audit';
import { getSystemAuditLog, listSystemAuditLogs } from '@common/contract/audit';
import { route } from '../../lib/route';
import { ok, type App } from '../../types';
import { auditStats } from './audit-stats';
import { getAuditLog, listAuditLogs } from './list-audit-logs';

const tags = ['audit'];

/** Read-only: no endpoint changes or removes an audit row (the database refuses it too). */
export default async function auditRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/api/projects/:projectId/audit-logs',
    {
      config: { permission: 'audit:read' },
      schema: { tags, summary: 'Audit logları', params: projectParams, querystring: auditListQuery, response: { 200: envelope(auditListSchema) } },
    },
    async (request) => ok(await listAuditLogs(ctx, request.params.projectId, request.query)),
  );

  // System-wide (super_admin): also the rows no project's log shows, such as TOKEN_REUSE_DETECTED
  // and CHANGE_PASSWORD, with the same filters as a project's log.
  route(app, listSystemAuditLogs, (request) => listAuditLogs(ctx, 'system', request.query));
  route(app, getSystemAuditLog, (request) => getAuditLog(ctx, 'system', request.params.id));

  app.get(
    '/api/projects/:projectId/audit-logs/stats',
    {
      config: { permission: 'audit:read' },
      schema: { tags, summary: 'Audit istatistikleri', params: projectParams, querystring: statsQuery, response: { 200: envelope(auditStatsSchema) } },
    },
    async (request) => ok(await auditStats(ctx, request.params.projectId, request.query.period)),
  );

  app.get(
    '/api/projects/:projectId/audit-logs/:id',
    {
      config: { permission: 'audit:read' },
      schema: { tags, summary: 'Audit kaydı', params: projectParams.extend({ id: idParam }), response: { 200: envelope(auditLogSchema) } },
    },
    async (request) => ok(await getAuditLog(ctx, request.params.projectId, request.params.id)),
  );
}

