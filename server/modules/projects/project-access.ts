import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { seesAllProjects } from '@common/permissions';
import type { Role } from '@common/enums';
import type { ProjectSummary } from '@common/schemas/auth';
import type { DbOrTx } from '../../db/client';
import { projectMembers, projects, projectSettings } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';

/** A project's time zone in a query that left-joins its settings row (every project has one; the default is a safety net). */
export const projectTimezone = sql<string>`coalesce(${projectSettings.timezone}, ${SETTINGS_DEFAULTS.timezone})`;

export async function listProjectSummaries(db: DbOrTx, user: { id: number; role: Role }): Promise<ProjectSummary[]> {
  const base = db
    .select({ id: projects.id, code: projects.code, name: projects.name, timezone: projectTimezone })
    .from(projects)
    .leftJoin(projectSettings, eq(projectSettings.projectId, projects.id));
  const rows = seesAllProjects(user.role)
    ? await base.where(eq(projects.isActive, true)).orderBy(asc(projects.id))
    : await base
        .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, user.id)))
        .where(eq(projects.isActive, true))
        .orderBy(asc(projects.id));
  return rows;
}

/**
 * Every project the user may work in (project-policy's mayWorkInProject), inactive ones
 * included: the projects their session abilities are given for.
 */
export async function listWorkProjectIds(db: DbOrTx, user: { id: number; role: Role }): Promise<number[]> {
  const rows = seesAllProjects(user.role)
    ? await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id))
    : await db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, user.id))
        .orderBy(asc(projectMembers.projectId));
  return rows.map((row) => row.id);
}

export function projectSearchFilter(search: string | undefined, status: string | undefined): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (search) {
    const like = likePattern(search);
    parts.push(or(ilike(projects.name, like), ilike(projects.code, like)));
  }
  if (status === 'active') parts.push(eq(projects.isActive, true));
  if (status === 'inactive') parts.push(eq(projects.isActive, false));
  return and(...parts);
}
