import type { Role } from '@common/enums';
import type { DbOrTx } from '../client';
import { projectMembers, projectSettings, projects, users } from '../schema';
import { hashPassword } from '../../lib/passwords';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_PROJECTS = [
  { code: 'GOLD', name: 'Altın Şans Casino', baseUrl: 'https://altinsans.example.com' },
  { code: 'YILDIZ', name: 'Yıldız Bahis', baseUrl: 'https://yildizbahis.example.com' },
  { code: 'KRAL', name: 'Kral Slot', baseUrl: 'https://kralslot.example.com' },
] as const;

/** Demo staff: username, full name, role, and the indexes of the projects they work in. */
export const DEMO_USERS: { username: string; fullName: string; role: Role; projects: number[] }[] = [
  { username: 'superadmin', fullName: 'Selin Aydın', role: 'super_admin', projects: [0, 1, 2] },
  { username: 'admin', fullName: 'Burak Yılmaz', role: 'admin', projects: [0, 1, 2] },
  { username: 'manager', fullName: 'Elif Demir', role: 'manager', projects: [0, 1] },
  { username: 'operator', fullName: 'Mert Kaya', role: 'operator', projects: [0, 1] },
  { username: 'agent1', fullName: 'Ayşe Çelik', role: 'agent', projects: [0] },
  { username: 'agent2', fullName: 'Mehmet Şahin', role: 'agent', projects: [0] },
  { username: 'agent3', fullName: 'Zeynep Öztürk', role: 'agent', projects: [0, 1] },
  { username: 'agent4', fullName: 'Emre Arslan', role: 'agent', projects: [1] },
  { username: 'agent5', fullName: 'Fatma Doğan', role: 'agent', projects: [1, 2] },
  { username: 'agent6', fullName: 'Can Koç', role: 'agent', projects: [2] },
];

export interface DemoOrganisation {
  projectIds: number[];
  userIds: Record<string, number>;
}

/** Demo projects, staff and memberships. Each project's external system is set up by the sync module. */
export async function seedDemoOrganisation(tx: DbOrTx): Promise<DemoOrganisation> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const createdProjects = await tx
    .insert(projects)
    .values(
      DEMO_PROJECTS.map((p) => ({
        ...p,
        dbType: 'postgresql' as const,
        dbHost: '127.0.0.1',
        dbName: `${p.code.toLowerCase()}_bonus`,
        dbUser: 'bridge_reader',
      })),
    )
    .returning({ id: projects.id });
  const projectIds = createdProjects.map((p) => p.id);
  await tx.insert(projectSettings).values(projectIds.map((projectId) => ({ projectId })));

  const createdUsers = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        username: u.username,
        fullName: u.fullName,
        email: `${u.username}@bonuspanel.example.com`,
        role: u.role,
        passwordHash,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const userIds = Object.fromEntries(createdUsers.map((u) => [u.username, u.id]));

  await tx.insert(projectMembers).values(
    DEMO_USERS.flatMap((u) => u.projects.map((index) => ({ projectId: projectIds[index]!, userId: userIds[u.username]! }))),
  );
  return { projectIds, userIds };
}
