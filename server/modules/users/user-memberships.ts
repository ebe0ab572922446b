import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { seesAllProjects } from '@common/permissions';
import type { Role } from '@common/enums';
import type { ProjectRef } from '@common/schemas/auth';
import { USER_MESSAGES } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { projectMembers, projects } from '../../db/schema';
import { validationError } from '../../lib/errors';

/** The projects an actor may act in: every project for super_admin, else their memberships. */
export type ProjectScope = 'all' | number[];

export async function projectScopeOf(db: DbOrTx, actor: { id: number; role: Role }): Promise<ProjectScope> {
  if (seesAllProjects(actor.role)) return 'all';
  const rows = await db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, actor.id));
  return rows.map((r) => r.id);
}

export function inScope(scope: ProjectScope, projectId: number): boolean {
  return scope === 'all' || scope.includes(projectId);
}

export async function membershipIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Of these users, those who belong to a project outside the scope (none for 'all'). */
export async function usersOutsideScope(db: DbOrTx, userIds: number[], scope: ProjectScope): Promise<Set<number>> {
  if (scope === 'all' || userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(inArray(projectMembers.userId, userIds), scope.length ? notInArray(projectMembers.projectId, scope) : undefined));
  return new Set(rows.map((r) => r.userId));
}

/** Each user's projects, limited to those the caller may see. */
export async function projectsOfUsers(db: DbOrTx, userIds: number[], scope: ProjectScope): Promise<Map<number, ProjectRef[]>> {
  const result = new Map<number, ProjectRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: projectMembers.userId, id: projects.id, code: projects.code, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(inArray(projectMembers.userId, userIds), scope === 'all' ? undefined : inArray(projectMembers.projectId, scope.length ? scope : [0])))
    .orderBy(asc(projects.id));
  for (const r of rows) result.get(r.userId)?.push({ id: r.id, code: r.code, name: r.name });
  return result;
}

/**
 * Makes the user's memberships within the actor's scope equal `wanted`; memberships in
 * projects the actor cannot see are left as they are. Returns what changed.
 */
export async function setMemberships(
  tx: DbOrTx,
  userId: number,
  wanted: number[],
  scope: ProjectScope,
): Promise<{ added: number[]; removed: number[]; before: number[]; after: number[] }> {
  const unique = [...new Set(wanted)];
  const outside = unique.filter((id) => !inScope(scope, id));
  if (outside.length) throw validationError({ projectIds: USER_MESSAGES.projectNotAllowed }, USER_MESSAGES.projectNotAllowed);
  if (unique.length) {
    const existing = await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, unique));
    if (existing.length !== unique.length) throw validationError({ projectIds: USER_MESSAGES.projectNotAllowed }, USER_MESSAGES.projectNotAllowed);
  }
  const before = await membershipIds(tx, userId);
  const added = unique.filter((id) => !before.includes(id));
  const removed = before.filter((id) => inScope(scope, id) && !unique.includes(id));
  if (added.length) await tx.insert(projectMembers).values(added.map((projectId) => ({ projectId, userId })));
  if (removed.length) await tx.delete(projectMembers).where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, removed)));
  const after = [...before.filter((id) => !removed.includes(id)), ...added].sort((a, b) => a - b);
  return { added, removed, before, after };
}
