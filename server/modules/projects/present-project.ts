import type { Project } from '@common/schemas/projects';
import type { projects } from '../../db/schema';

/**
 * The API's view of a project. The database connection (host, port, name, user, whether a
 * password is set) goes only to those who may edit the project; the password itself never.
 */
export function presentProject(row: typeof projects.$inferSelect, timezone: string, { withConnection }: { withConnection: boolean }): Project {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    baseUrl: row.baseUrl,
    ...(withConnection
      ? { dbType: row.dbType, dbHost: row.dbHost, dbPort: row.dbPort, dbName: row.dbName, dbUser: row.dbUser, hasDbPassword: Boolean(row.dbPasswordEnc) }
      : {}),
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timezone,
  };
}
