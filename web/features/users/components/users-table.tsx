import { KeyRound, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { Role } from '@common/enums';
import type { User } from '@common/schemas/users';
import { userActionsFor } from '@common/user-rules';
import { ActiveBadge, lastLoginText, RoleBadge } from '@web/components/user-badges';
import { Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { formatDate } from '@web/lib/format';

export interface UsersTableProps {
  users: User[];
  actor: { id: number; role: Role };
  busyId: number | null;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Username, full name, role, status, last login, created and the actions the caller may take. */
export function UsersTable({ users, actor, busyId, onEdit, onToggle, onResetPassword, onDelete }: UsersTableProps) {
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
        {users.map((user) => {
          const can = userActionsFor(actor, user);
          const busy = busyId === user.id;
          return (
            <TableRow key={user.id}>
              <TableCell className="font-medium text-zinc-900 dark:text-zinc-100">{user.username}</TableCell>
              <TableCell>{user.fullName}</TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell>
                <ActiveBadge active={user.isActive} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{lastLoginText(user.lastLoginAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(user.createdAt)}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  {can.edit && <Button variant="ghost" size="icon" icon={Pencil} aria-label={`${user.username} düzenle`} title="Düzenle" onClick={() => onEdit(user)} />}
                  {can.toggle && (
                    <Button variant="outline" size="sm" icon={user.isActive ? PowerOff : Power} loading={busy} onClick={() => onToggle(user)} aria-label={`${user.username} ${user.isActive ? 'pasifleştir' : 'aktifleştir'}`}>
                      {user.isActive ? 'Pasifleştir' : 'Aktifleştir'}
                    </Button>
                  )}
                  {can.resetPassword && (
                    <Button variant="ghost" size="icon" icon={KeyRound} aria-label={`${user.username} şifresini sıfırla`} title="Şifre Sıfırla" onClick={() => onResetPassword(user)} />
                  )}
                  {can.delete && <Button variant="ghost" size="icon" icon={Trash2} aria-label={`${user.username} sil`} title="Sil" onClick={() => onDelete(user)} />}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
