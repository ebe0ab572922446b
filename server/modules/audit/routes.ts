import { getAuditLog, getAuditStats, getSystemAuditLog, listAuditLogs, listSystemAuditLogs } from '@common/contract/audit';
import { route } from '../../lib/route';
import { projectTimeZone } from '../../policies/authorize';
import type { App } from '../../types';
import { auditStats } from './audit-stats';
import * as read from './list-audit-logs';

/** Read-only: no endpoint changes or removes an audit row (the database refuses it too). */
export default async function auditRoutes(app: App) {
  const ctx = app.ctx;

  route(app, listAuditLogs, (request) =>
    read.listAuditLogs(ctx, { projectId: request.params.projectId, timeZone: projectTimeZone(request) }, request.query),
  );

  // System-wide (super_admin): also the rows no project's log shows, such as TOKEN_REUSE_DETECTED
  // and CHANGE_PASSWORD, with the same filters as a project's log.
  route(app, listSystemAuditLogs, (request) => read.listAuditLogs(ctx, 'system', request.query));
  route(app, getSystemAuditLog, (request) => read.getAuditLog(ctx, 'system', request.params.id));

  route(app, getAuditStats, (request) => auditStats(ctx, request.params.projectId, request.query.period));
  route(app, getAuditLog, (request) =>
    read.getAuditLog(ctx, { projectId: request.params.projectId, timeZone: projectTimeZone(request) }, request.params.id),
  );
}
