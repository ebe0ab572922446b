import { envelope, idParam, projectParams } from '@common/schemas/api';
import { auditListQuery, auditListSchema, auditLogSchema, auditStatsSchema, statsQuery } from '@common/schemas/audit';
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

