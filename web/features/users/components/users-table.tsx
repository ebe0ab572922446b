import type { ListedUser, User } from '@common/schemas/users';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { UserAccountCells } from '@web/entities/user/user-account-cells';
import { UserRowActions } from '@web/entities/user/user-row-actions';

export interface UsersTableProps {
  users: ListedUser[];
  busyId: number | null;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onResetPassword: (user: User) => void;
  onResetTotp: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Username, full name, role, status, last login, created and the actions the caller may take. */
export function UsersTable({ users, busyId, onEdit, onToggle, onResetPassword, onResetTotp, onDelete }: UsersTableProps) {
  return (
    <Table label="Kullanıcılar">
      <TableHead>
        <tr>
          <TableHeaderCell>Kullanıcı Adı</TableHeaderCell>
          <TableHeaderCell>Ad Soyad</TableHeaderCell>
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
            <TableCell className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</TableCell>
            <TableCell>{user.fullName}</TableCell>
            <UserAccountCells user={user} />
            <TableCell>
              <UserRowActions
                user={user}
                busy={busyId === user.id}
                editLabel="düzenle"
                onEdit={onEdit}
                onToggle={onToggle}
                onDelete={onDelete}
                onResetPassword={onResetPassword}
                onResetTotp={onResetTotp}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
