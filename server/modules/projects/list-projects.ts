import { and, asc, eq } from 'drizzle-orm';
import { can, seesAllProjects } from '@common/permissions';
import type { Project } from '@common/schemas/projects';
import type { DbOrTx } from '../../db/client';
import { projectMembers, projects, projectSettings } from '../../db/schema';
import type { AuthUser } from '../../policies/auth-context';
import { projectSearchFilter, projectTimezone } from './project-access';
import { presentProject } from './present-project';

/** The caller's projects (super_admin: every project), by search text and active state. */
export async function listProjects(db: DbOrTx, actor: AuthUser, query: { search?: string; status?: string }): Promise<Project[]> {
  const filter = projectSearchFilter(query.search, query.status);
  const base = db
    .select({ project: projects, timezone: projectTimezone })
    .from(projects)
    .leftJoin(projectSettings, eq(projectSettings.projectId, projects.id));
  const rows = seesAllProjects(actor.role)
    ? await base.where(filter).orderBy(asc(projects.id))
    : await base
        .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, actor.id)))
        .where(filter)
        .orderBy(asc(projects.id));
  const withConnection = can(actor.role, 'project:manage');
  return rows.map((r) => presentProject(r.project, r.timezone, { withConnection }));
}
