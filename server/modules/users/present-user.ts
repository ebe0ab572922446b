import type { ProjectRef } from '@common/schemas/auth';
import type { User } from '@common/schemas/users';
import type { users } from '../../db/schema';

/** A users row as stored. */
export type UserRow = typeof users.$inferSelect;

/** The API's view of a user: never the password hash, TOTP secret or lockout counters. */
export function presentUser(row: UserRow, projects: ProjectRef[]): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpEnabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    projects,
  };
}
