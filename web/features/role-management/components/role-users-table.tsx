import type { ListedUser, User } from '@common/schemas/users';
import { InitialAvatar } from '@web/components/user-badges';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { UserAccountCells } from '@web/entities/user/user-account-cells';
import { UserRowActions } from '@web/entities/user/user-row-actions';

export interface RoleUsersTableProps {
  users: ListedUser[];
  busyId: number | null;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Avatar, name, username, role, active flag, last login, created and actions (spec §2.16). */
export function RoleUsersTable({ users, busyId, onEdit, onToggle, onDelete }: RoleUsersTableProps) {
  return (
    <Table label="Kullanıcı rolleri">
      <TableHead>
        <tr>
          <TableHeaderCell>Kullanıcı</TableHeaderCell>
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
            <TableCell>
              <div className="flex items-center gap-3">
                <InitialAvatar name={user.fullName || user.username} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-zinc-900 dark:text-zinc-100">{user.fullName}</p>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.username}</p>
                </div>
              </div>
            </TableCell>
            <UserAccountCells user={user} />
            <TableCell>
              <UserRowActions
                user={user}
                busy={busyId === user.id}
                editLabel="rolünü düzenle"
                onEdit={onEdit}
                onToggle={onToggle}
                onDelete={onDelete}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
