import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { Role } from '@common/enums';
import type { User } from '@common/schemas/users';
import { userActionsFor } from '@common/user-rules';
import { ActiveBadge, InitialAvatar, lastLoginText, RoleBadge } from '@web/components/user-badges';
import { Button, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { formatDate } from '@web/lib/format';

export interface RoleUsersTableProps {
  users: User[];
  actor: { id: number; role: Role };
  busyId: number | null;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
}

/** Avatar, name, username, role, active flag, last login, created and actions (spec §2.16). */
export function RoleUsersTable({ users, actor, busyId, onEdit, onToggle, onDelete }: RoleUsersTableProps) {
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
        {users.map((user) => {
          const can = userActionsFor(actor, user);
          return (
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
                  {can.edit && <Button variant="ghost" size="icon" icon={Pencil} aria-label={`${user.username} rolünü düzenle`} title="Düzenle" onClick={() => onEdit(user)} />}
                  {can.toggle && (
                    <Button variant="outline" size="sm" icon={user.isActive ? PowerOff : Power} loading={busyId === user.id} onClick={() => onToggle(user)} aria-label={`${user.username} ${user.isActive ? 'pasifleştir' : 'aktifleştir'}`}>
                      {user.isActive ? 'Pasifleştir' : 'Aktifleştir'}
                    </Button>
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
