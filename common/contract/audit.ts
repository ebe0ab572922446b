import { z } from 'zod';
import { idParam } from '../schemas/api';
import { auditListQuery, auditListSchema, auditLogSchema } from '../schemas/audit';
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
