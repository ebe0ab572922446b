import { KeyRound, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import type { ListedUser, User } from '@common/schemas/users';
import { ActiveToggleButton } from '@web/components/active-toggle-button';
import { Button } from '@web/components/ui';

export interface UserRowActionsProps {
  user: ListedUser;
  busy: boolean;
  /** The edit button's label after the username: 'düzenle', or 'rolünü düzenle' on the roles screen. */
  editLabel: string;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
  /** Shown only where the screen offers a password reset. */
  onResetPassword?: (user: User) => void;
  /** Shown only where the screen offers a 2FA reset, and only for users with 2FA on. */
  onResetTotp?: (user: User) => void;
}

/** The row buttons of a user table, each only where the server's user policy says the caller may act (`user.abilities`). */
export function UserRowActions({ user, busy, editLabel, onEdit, onToggle, onDelete, onResetPassword, onResetTotp }: UserRowActionsProps) {
  const can = user.abilities;
  return (
    <div className="flex justify-end gap-1">
      {can.edit && <Button variant="ghost" size="icon" icon={Pencil} aria-label={`${user.username} ${editLabel}`} title="Düzenle" onClick={() => onEdit(user)} />}
      {can.toggle && <ActiveToggleButton active={user.isActive} busy={busy} name={user.username} onClick={() => onToggle(user)} />}
      {can.resetPassword && onResetPassword && (
        <Button variant="ghost" size="icon" icon={KeyRound} aria-label={`${user.username} şifresini sıfırla`} title="Şifre Sıfırla" onClick={() => onResetPassword(user)} />
      )}
      {can.resetTotp && onResetTotp && user.totpEnabled && (
        <Button variant="ghost" size="icon" icon={ShieldOff} aria-label={`${user.username} 2FA sıfırla`} title="2FA Sıfırla" onClick={() => onResetTotp(user)} />
      )}
      {can.delete && <Button variant="ghost" size="icon" icon={Trash2} aria-label={`${user.username} sil`} title="Sil" onClick={() => onDelete(user)} />}
    </div>
  );
}
