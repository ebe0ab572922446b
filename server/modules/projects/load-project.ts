import { eq } from 'drizzle-orm';
import { PROJECT_MESSAGES } from '@common/schemas/projects';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../policies/auth-context';
import { canAccessProject } from '../../policies/project-policy';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * A project addressed by :id (not :projectId, so the authentication hook does not check
 * it): 404 alike for a missing project and one the caller is not a member of.
 */
export async function loadVisibleProject(db: DbOrTx, actor: AuthUser, id: number): Promise<ProjectRow> {
  if (!(await canAccessProject(db, actor, id))) throw notFound(PROJECT_MESSAGES.notFound);
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw notFound(PROJECT_MESSAGES.notFound);
  return row;
}
