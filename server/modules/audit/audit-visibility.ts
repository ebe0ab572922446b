import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { auditLogs, projectMembers } from '../../db/schema';

/**
 * The rows a project's audit log shows: the project's own rows, sign-in events of its
 * members, and changes to accounts that named the project (user rows carry the
 * projectIds of the user in their details).
 */
export function visibleInProject(projectId: number): SQL {
  return or(
    eq(auditLogs.projectId, projectId),
    and(
      isNull(auditLogs.projectId),
      eq(auditLogs.category, 'auth'),
      inArray(auditLogs.userId, sql`(select ${projectMembers.userId} from ${projectMembers} where ${projectMembers.projectId} = ${projectId})`),
    ),
    and(isNull(auditLogs.projectId), sql`${auditLogs.details} -> 'projectIds' @> ${JSON.stringify([projectId])}::jsonb`),
  )!;
}

/** Rows done by a user or done to them. */
export function aboutUser(userId: number): SQL {
  return or(eq(auditLogs.userId, userId), and(inArray(auditLogs.resource, ['user', 'agent']), eq(auditLogs.resourceId, String(userId))))!;
}
