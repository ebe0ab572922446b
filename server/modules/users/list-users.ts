import { and, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@common/schemas/api';
import type { ListedUser, UserListQuery } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { projectMembers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/paging';
import { PROJECT_NOT_FOUND } from '../../policies/authorize';
import { userAbilities } from '../../policies/user-policy';
import type { AuthUser } from '../../policies/auth-context';
import { presentUser } from './present-user';
import { inScope, projectScopeOf, projectsOfUsers, usersOutsideScope } from './user-memberships';

const memberOf = (projectIds: number[]) =>
  exists(
    sql`(select 1 from ${projectMembers} where ${projectMembers.userId} = ${users.id} and ${inArray(projectMembers.projectId, projectIds.length ? projectIds : [0])})`,
  );

/**
 * Users the actor may see, newest first: members of the given project, or of any of the
 * actor's projects (every user for super_admin).
 */
export async function listUsers(db: DbOrTx, actor: AuthUser, query: UserListQuery): Promise<Paged<ListedUser>> {
  const scope = await projectScopeOf(db, actor);
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 20);
  const conditions: (SQL | undefined)[] = [];
  if (query.projectId !== undefined) {
    const projectId = Number(query.projectId);
    if (!inScope(scope, projectId)) throw notFound(PROJECT_NOT_FOUND);
    conditions.push(memberOf([projectId]));
  } else if (scope !== 'all') {
    conditions.push(memberOf(scope));
  }
  if (query.search) conditions.push(or(ilike(users.username, likePattern(query.search)), ilike(users.fullName, likePattern(query.search))));
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'active') conditions.push(eq(users.isActive, true));
  if (query.status === 'inactive') conditions.push(eq(users.isActive, false));
  const where = and(...conditions);

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const ids = rows.map((r) => r.id);
  const projects = await projectsOfUsers(db, ids, scope);
  const outside = await usersOutsideScope(db, ids, scope);
  const items = rows.map((r) => ({
    ...presentUser(r, projects.get(r.id) ?? []),
    abilities: userAbilities(actor, { ...r, outsideActorProjects: outside.has(r.id) }),
  }));
  return pageOf(items, total, page, limit);
}
