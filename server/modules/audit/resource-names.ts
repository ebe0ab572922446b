import { eq, inArray } from 'drizzle-orm';
import { AUDIT_PERSON_KEYS } from '@common/audit-catalogue';
import type { Database } from '../../db/client';
import { bonusRequests, projects, routingRules, sessions, users } from '../../db/schema';

/**
 * What people call an audit row's resource: a request by its external reference, a person by
 * name, a session by its owner's name, a project and a rule by name. One query per kind of
 * resource on the page; a resource that no longer exists (or a request with no reference) has
 * no name and the screen falls back to its id.
 */
export type ResourceKey = `${string}:${string}`;
export const resourceKey = (resource: string, resourceId: string): ResourceKey => `${resource}:${resourceId}`;

const NUMERIC_ID = /^\d{1,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = { resource: string; resourceId: string | null };

function idsOf(rows: readonly Row[], resources: readonly string[], shape: RegExp): string[] {
  return [...new Set(rows.filter((r) => r.resourceId !== null && resources.includes(r.resource) && shape.test(r.resourceId)).map((r) => r.resourceId!))];
}

/** The names of the people a row's details point at by id (AUDIT_PERSON_KEYS). */
type Db = Database['db'];
type Named = { id: string | number; name: string | null };

const userNames = (db: Db, ids: number[]): Promise<Named[]> => db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));

/** Each kind of resource: the resources it names, the shape of their ids, and the one query that names a page's ids. */
const KINDS: readonly { resources: readonly string[]; shape: RegExp; names: (db: Db, ids: string[]) => Promise<Named[]> }[] = [
  {
    resources: ['bonus_request'],
    shape: NUMERIC_ID,
    names: (db, ids) => db.select({ id: bonusRequests.id, name: bonusRequests.externalId }).from(bonusRequests).where(inArray(bonusRequests.id, ids.map(Number))),
  },
  { resources: ['user', 'agent'], shape: NUMERIC_ID, names: (db, ids) => userNames(db, ids.map(Number)) },
  {
    resources: ['project', 'project_settings'],
    shape: NUMERIC_ID,
    names: (db, ids) => db.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, ids.map(Number))),
  },
  {
    resources: ['routing_rule'],
    shape: NUMERIC_ID,
    names: (db, ids) => db.select({ id: routingRules.id, name: routingRules.ruleName }).from(routingRules).where(inArray(routingRules.id, ids.map(Number))),
  },
  {
    resources: ['session', 'auth'],
    shape: UUID,
    names: (db, ids) => db.select({ id: sessions.id, name: users.fullName }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(inArray(sessions.id, ids)),
  },
];

/** The names of the people a row's details point at by id (AUDIT_PERSON_KEYS). */
export async function namePeople(db: Db, details: Record<string, unknown>): Promise<Record<string, string>> {
  const ids = [...new Set(AUDIT_PERSON_KEYS.map((k) => details[k]).filter((v): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) < 2 ** 31))];
  if (!ids.length) return {};
  const found = await userNames(db, ids);
  return Object.fromEntries(found.map((u) => [String(u.id), u.name ?? '']));
}

export async function nameResources(db: Db, rows: readonly Row[]): Promise<Map<ResourceKey, string>> {
  const names = new Map<ResourceKey, string>();
  await Promise.all(
    KINDS.map(async (kind) => {
      const ids = idsOf(rows, kind.resources, kind.shape);
      if (!ids.length) return;
      for (const { id, name } of await kind.names(db, ids)) {
        if (name) for (const resource of kind.resources) names.set(resourceKey(resource, String(id)), name);
      }
    }),
  );
  return names;
}
