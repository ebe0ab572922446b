import type { ProjectSummary } from '@common/schemas/auth';
import type { User } from '@common/schemas/users';
import type { UserRow } from './user-policy';

/** The API's view of a user: never the password hash, TOTP secret or lockout counters. */
export function presentUser(row: UserRow, projects: ProjectSummary[]): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    projects,
  };
}
