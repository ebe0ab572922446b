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
export async function namePeople(db: Database['db'], details: Record<string, unknown>): Promise<Record<string, string>> {
  const ids = [...new Set(AUDIT_PERSON_KEYS.map((k) => details[k]).filter((v): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) < 2 ** 31))];
  if (!ids.length) return {};
  const found = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
  return Object.fromEntries(found.map((u) => [String(u.id), u.name]));
}

export async function nameResources(db: Database['db'], rows: readonly Row[]): Promise<Map<ResourceKey, string>> {
  const names = new Map<ResourceKey, string>();
  const put = (resources: readonly string[], id: string | number, name: string | null) => {
    if (name) for (const resource of resources) names.set(resourceKey(resource, String(id)), name);
  };
  const requestIds = idsOf(rows, ['bonus_request'], NUMERIC_ID).map(Number);
  const userIds = idsOf(rows, ['user', 'agent'], NUMERIC_ID).map(Number);
  const projectIds = idsOf(rows, ['project', 'project_settings'], NUMERIC_ID).map(Number);
  const ruleIds = idsOf(rows, ['routing_rule'], NUMERIC_ID).map(Number);
  const sessionIds = idsOf(rows, ['session', 'auth'], UUID);
  await Promise.all([
    requestIds.length &&
      db
        .select({ id: bonusRequests.id, name: bonusRequests.externalId })
        .from(bonusRequests)
        .where(inArray(bonusRequests.id, requestIds))
        .then((found) => found.forEach((r) => put(['bonus_request'], r.id, r.name))),
    userIds.length &&
      db
        .select({ id: users.id, name: users.fullName })
        .from(users)
        .where(inArray(users.id, userIds))
        .then((found) => found.forEach((r) => put(['user', 'agent'], r.id, r.name))),
    projectIds.length &&
      db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(inArray(projects.id, projectIds))
        .then((found) => found.forEach((r) => put(['project', 'project_settings'], r.id, r.name))),
    ruleIds.length &&
      db
        .select({ id: routingRules.id, name: routingRules.ruleName })
        .from(routingRules)
        .where(inArray(routingRules.id, ruleIds))
        .then((found) => found.forEach((r) => put(['routing_rule'], r.id, r.name))),
    sessionIds.length &&
      db
        .select({ id: sessions.id, name: users.fullName })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.id, sessionIds))
        .then((found) => found.forEach((r) => put(['session', 'auth'], r.id, r.name))),
  ]);
  return names;
}
