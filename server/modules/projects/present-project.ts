import type { Project } from '@common/schemas/projects';
import type { projects } from '../../db/schema';

/** The API's view of a project: the database password is reduced to "is one set?". */
export function presentProject(row: typeof projects.$inferSelect, timezone: string): Project {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    baseUrl: row.baseUrl,
    dbType: row.dbType,
    dbHost: row.dbHost,
    dbPort: row.dbPort,
    dbName: row.dbName,
    dbUser: row.dbUser,
    hasDbPassword: Boolean(row.dbPasswordEnc),
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timezone,
  };
}
