import { z } from 'zod';
import { USER_MESSAGES, userCreateBody, type User } from '@common/schemas/users';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { validationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { presentUser } from './present-user';
import { generateOneTimePassword } from './generate-password';
import { projectScopeOf, projectsOfUsers, setMemberships } from './user-memberships';
import { assertRoleChange, assertUsernameFree, usernameTaken } from './user-policy';

export type CreateUserInput = Omit<z.output<typeof userCreateBody>, 'phone'> & { phone?: string | null; maxLoad?: number };

/**
 * Creates a user in the actor's projects. Without a password one is generated, returned
 * once, and must be changed at the first sign-in.
 */
export async function createUser({ ctx, actor, ipAddress }: ActorContext, input: CreateUserInput): Promise<{ user: User; oneTimePassword: string | null }> {
  const db = ctx.database.db;
  assertRoleChange(actor, null, input.role);
  const scope = await projectScopeOf(db, actor);
  // Outside super_admin a user with no project of the actor's would vanish from their view.
  if (scope !== 'all' && input.projectIds.length === 0) {
    throw validationError({ projectIds: USER_MESSAGES.projectRequired }, USER_MESSAGES.projectRequired);
  }
  await assertUsernameFree(db, input.username);
  const oneTimePassword = input.password ? null : generateOneTimePassword();
  const passwordHash = await hashPassword(input.password ?? oneTimePassword!);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone ?? null,
          role: input.role,
          isActive: input.isActive,
          passwordHash,
          mustChangePassword: oneTimePassword !== null,
          ...(input.maxLoad ? { maxLoad: input.maxLoad } : {}),
        })
        .returning();
      const memberships = await setMemberships(tx, row!.id, input.projectIds, scope);
      await writeAudit(tx, {
        actor: actor,
        action: 'CREATE_USER',
        resourceId: row!.id,
        details: {
          username: row!.username,
          fullName: row!.fullName,
          email: row!.email,
          role: row!.role,
          isActive: row!.isActive,
          generatedPassword: oneTimePassword !== null,
          projectIds: memberships.after,
        },
        ipAddress,
      });
      const projects = await projectsOfUsers(tx, [row!.id], scope);
      return { user: presentUser(row!, projects.get(row!.id) ?? []), oneTimePassword };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}
