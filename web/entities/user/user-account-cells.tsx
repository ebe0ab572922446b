import type { User } from '@common/schemas/users';
import { ActiveBadge, lastLoginText, RoleBadge } from '@web/components/user-badges';
import { TableCell } from '@web/components/ui';
import { formatDate } from '@web/lib/format';

/** The cells both user tables show in this order: role, status, last sign-in, created. */
export function UserAccountCells({ user }: { user: User }) {
  return (
    <>
      <TableCell>
        <RoleBadge role={user.role} />
      </TableCell>
      <TableCell>
        <ActiveBadge active={user.isActive} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{lastLoginText(user.lastLoginAt)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(user.createdAt)}</TableCell>
    </>
  );
}
