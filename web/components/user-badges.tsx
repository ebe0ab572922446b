import { ROLE_BADGE_TONE, ROLE_LABELS, type Role } from '@common/enums';
import { USER_MESSAGES } from '@common/schemas/users';
import { Badge } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { formatDateTimeWithYear } from '@web/lib/format';

/** Shared by the user, role and agent screens. */

/** §6 role badge: danger for super_admin and admin, warning for manager, default for operator, success for agent. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_BADGE_TONE[role]}>{ROLE_LABELS[role]}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge tone={active ? 'success' : 'default'} dot>
      {active ? 'Aktif' : 'Pasif'}
    </Badge>
  );
}

/** The last sign-in, or 'Hiç giriş yapmamış'. */
export function lastLoginText(lastLoginAt: string | null): string {
  return lastLoginAt ? formatDateTimeWithYear(lastLoginAt) : USER_MESSAGES.neverLoggedIn;
}

/** A round initial avatar (decorative: the name is always beside it). */
export function InitialAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200"
    >
      {(name.trim()[0] ?? '?').toLocaleUpperCase('tr-TR')}
    </span>
  );
}

/** Initials, the full name and the username under it (the user and role screens). */
export function UserIdentity({ user, className, nameClassName }: { user: { fullName: string; username: string }; className?: string; nameClassName?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <InitialAvatar name={user.fullName || user.username} />
      <div className="min-w-0">
        <p className={cn('truncate font-medium text-zinc-900 dark:text-zinc-100', nameClassName)}>{user.fullName}</p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.username}</p>
      </div>
    </div>
  );
}
