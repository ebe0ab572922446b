import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { projectMembers, projects, users } from '../../db/schema';
import { DEMO_PROJECTS } from '../../db/seed/demo-organisation';
import type { AuthUser } from '../../policies/auth-context';

/**
 * Who works in each demo project while 'Demo etkinliği' is on: one agent (held online) who claims
 * and completes, and one desk person who types requests in. Agents the browser tests sign in as
 * (agent1, agent5) are left out, so a test's own board never moves under it.
 */
const CAST: Record<string, { agent: string; desk: string }> = {
  GOLD: { agent: 'agent2', desk: 'operator' },
  YILDIZ: { agent: 'agent4', desk: 'operator' },
  KRAL: { agent: 'agent6', desk: 'admin' },
};

export interface DemoCastMember {
  projectId: number;
  agent: AuthUser;
  desk: AuthUser;
}

/** The cast of the demo projects still there, active and staffed as seeded; none once an admin changed them away. */
export async function loadDemoCast(ctx: AppContext): Promise<DemoCastMember[]> {
  const db = ctx.database.db;
  const demoProjects = await db
    .select({ id: projects.id, code: projects.code })
    .from(projects)
    .where(and(inArray(projects.code, DEMO_PROJECTS.map((p) => p.code)), eq(projects.isActive, true)));
  const cast: DemoCastMember[] = [];
  for (const project of demoProjects) {
    const roles = CAST[project.code];
    if (!roles) continue;
    const people = await db
      .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email, role: users.role, mustChangePassword: users.mustChangePassword })
      .from(users)
      .innerJoin(projectMembers, and(eq(projectMembers.userId, users.id), eq(projectMembers.projectId, project.id)))
      .where(and(inArray(users.username, [roles.agent, roles.desk]), eq(users.isActive, true), eq(projectMembers.agentActive, true)));
    const agent = people.find((p) => p.username === roles.agent);
    const desk = people.find((p) => p.username === roles.desk);
    if (agent && desk) cast.push({ projectId: project.id, agent, desk });
  }
  return cast;
}
