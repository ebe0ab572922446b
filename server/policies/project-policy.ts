import { sql } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { seesAllProjects } from '@common/permissions';
import type { DbOrTx } from '../db/client';

/** What decides whether someone may work in a project. */
export interface ProjectAccessFacts {
  projectExists: boolean;
  isMember: boolean;
}

/**
 * Who may work in a project — the one place this is written: the roles that see every project
 * (super_admin) in any project that exists, everyone else where they are a member. The session
 * statement (every authenticated call naming a project) reads the facts with the session; the
 * socket's join and a project addressed by :id read them with `canAccessProject`.
 */
export function mayWorkInProject(role: Role, facts: ProjectAccessFacts): boolean {
  return seesAllProjects(role) ? facts.projectExists : facts.isMember;
}

/** True when the project exists and the user may work in it. */
export async function canAccessProject(db: DbOrTx, user: { id: number; role: Role }, projectId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from projects where id = ${projectId}) as "projectExists",
           exists (select 1 from project_members where project_id = ${projectId} and user_id = ${user.id}) as "isMember"`);
  const [facts] = (result as unknown as { rows: ProjectAccessFacts[] }).rows;
  return Boolean(facts) && mayWorkInProject(user.role, facts!);
}
