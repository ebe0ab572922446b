import { ROLE_RANK, type Role } from './enums';

/**
 * The permission matrix: what each role may do. The server enforces it on every
 * endpoint; the client reads the same table to hide what the caller may not do.
 * Project scoping (is the caller a member of the project?) is checked separately.
 */
export const PERMISSIONS = [
  'dashboard:read',
  'project:read',
  'project:manage',
  'request:read',
  'request:create',
  'request:claim',
  'request:complete',
  'request:requeue',
  /** Put back one's own request (a mis-claim); 'request:requeue' puts back anyone's. */
  'request:requeue-own',
  'request:assign-others',
  'request:manage-any',
  /** Approve or reject a completion waiting for a second person (never one's own). */
  'request:approve',
  'user:read',
  'user:manage',
  'agent:read',
  'agent:manage',
  'agent:force',
  'agent:set-own-status',
  'settings:read',
  'settings:manage',
  /** A project's integrations: API tokens for machines and webhooks. */
  'integration:manage',
  'system-settings:manage',
  'sync:read',
  'sync:run',
  'routing:read',
  'routing:manage',
  'report:read',
  'audit:read',
  /** Every audit row, also those of no project (token reuse, password changes): super_admin only. */
  'audit:read-system',
  'totp:self',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const AGENT: Permission[] = [
  'dashboard:read',
  'project:read',
  'request:read',
  'request:claim',
  'request:complete',
  'request:requeue-own',
  'agent:set-own-status',
  'totp:self',
];
const OPERATOR: Permission[] = [...AGENT, 'request:create', 'request:requeue', 'sync:read'];
const MANAGER: Permission[] = [
  ...OPERATOR,
  'request:assign-others',
  'request:manage-any',
  'request:approve',
  'agent:read',
  'agent:force',
  'routing:read',
  'routing:manage',
  'report:read',
  'sync:run',
  'audit:read',
];
const ADMIN: Permission[] = [
  ...MANAGER,
  'user:read',
  'user:manage',
  'agent:manage',
  'settings:read',
  'settings:manage',
  'integration:manage',
];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  super_admin: new Set(PERMISSIONS),
  admin: new Set(ADMIN),
  manager: new Set(MANAGER),
  operator: new Set(OPERATOR),
  agent: new Set(AGENT),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Only super_admin sees every project without being a member. */
export function seesAllProjects(role: Role): boolean {
  return role === 'super_admin';
}

/** An actor may act on a target user only when the target does not outrank them. */
export function outranksOrEquals(actor: Role, target: Role): boolean {
  return ROLE_RANK[actor] >= ROLE_RANK[target];
}

/** Roles an actor may give: never above their own; only super_admin makes super_admins. */
export function assignableRoles(actor: Role): Role[] {
  return (Object.keys(ROLE_RANK) as Role[]).filter((r) =>
    actor === 'super_admin' ? true : ROLE_RANK[r] < ROLE_RANK[actor],
  );
}
