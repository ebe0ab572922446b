import type { ListedUser } from '@common/schemas/users';
import { UserIdentity } from '@web/components/user-badges';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { UserAccountCells } from './user-account-cells';
import { UserRowActions, type UserRowActionsProps } from './user-row-actions';

export interface UserTableProps extends Pick<UserRowActionsProps, 'editLabel' | 'onEdit' | 'onToggle' | 'onDelete' | 'onResetPassword' | 'onResetTotp'> {
  /** The table's accessible name. */
  label: string;
  users: ListedUser[];
  busyId: number | null;
  /**
   * How a user is named: 'columns' gives username and full name a column each (/users);
   * 'avatar' shows one 'Kullanıcı' cell with the initials, the name and the username under it
   * (/role-management, spec §2.16).
   */
  identity: 'columns' | 'avatar';
}

/** The users of a screen: who they are, role, status, last login, created and the actions the caller may take. */
export function UserTable({ label, users, busyId, identity, ...actions }: UserTableProps) {
  return (
    <Table label={label}>
      <TableHead>
        <tr>
          {identity === 'columns' ? (
            <>
              <TableHeaderCell>Kullanıcı Adı</TableHeaderCell>
              <TableHeaderCell>Ad Soyad</TableHeaderCell>
            </>
          ) : (
            <TableHeaderCell>Kullanıcı</TableHeaderCell>
          )}
          <TableHeaderCell>Rol</TableHeaderCell>
          <TableHeaderCell>Durum</TableHeaderCell>
          <TableHeaderCell>Son Giriş</TableHeaderCell>
          <TableHeaderCell>Oluşturulma</TableHeaderCell>
          <TableHeaderCell className="text-right">İşlemler</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            {identity === 'columns' ? (
              <>
                <TableCell className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</TableCell>
                <TableCell>{user.fullName}</TableCell>
              </>
            ) : (
              <TableCell>
                <UserIdentity user={user} />
              </TableCell>
            )}
            <UserAccountCells user={user} />
            <TableCell>
              <UserRowActions user={user} busy={busyId === user.id} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
