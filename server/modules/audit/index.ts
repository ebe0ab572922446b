/** The audit module's public entry: other modules and the app import only what is named here. */
export { listAuditLogs } from './list-audit-logs';
export { default as auditRoutes } from './routes';
export { diffFields, writeAudit, writeProjectAudit } from './write-audit';
export { writeAuditHistory, type HistoricalAuditEntry } from './write-audit-history';
