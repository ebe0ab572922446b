import { z } from 'zod';
import { idParam, projectParams } from '../schemas/api';
import { auditListQuery, auditListSchema, auditLogSchema, auditStatsSchema, statsQuery } from '../schemas/audit';
import { defineEndpoint } from './define-endpoint';

/** System-wide audit log (super_admin): every row, also those of no project (token reuse, password changes). */
export const listSystemAuditLogs = defineEndpoint({
  method: 'GET',
  path: '/api/audit-logs',
  access: 'audit:read-system',
  summary: 'Sistem geneli audit logları',
  tags: ['audit'],
  query: auditListQuery,
  response: auditListSchema,
});

export const getSystemAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/audit-logs/:id',
  access: 'audit:read-system',
  summary: 'Sistem geneli audit kaydı',
  tags: ['audit'],
  params: z.object({ id: idParam }),
  response: auditLogSchema,
});

/** A project's log (audit:read): rows of that project only. */
export const listAuditLogs = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/audit-logs',
  access: 'audit:read',
  summary: 'Audit logları',
  tags: ['audit'],
  params: projectParams,
  query: auditListQuery,
  response: auditListSchema,
});

export const getAuditStats = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/audit-logs/stats',
  access: 'audit:read',
  summary: 'Audit istatistikleri',
  tags: ['audit'],
  params: projectParams,
  query: statsQuery,
  response: auditStatsSchema,
});

export const getAuditLog = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/audit-logs/:id',
  access: 'audit:read',
  summary: 'Audit kaydı',
  tags: ['audit'],
  params: projectParams.extend({ id: idParam }),
  response: auditLogSchema,
});
