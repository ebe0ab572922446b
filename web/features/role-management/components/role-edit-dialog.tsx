import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ROLE_LABELS, type Role } from '@common/enums';
import { userRoleBody, type User } from '@common/schemas/users';
import { roleChoices } from '@common/user-rules';
import { DialogForm } from '@web/components/form/dialog-form';
import { UserIdentity } from '@web/components/user-badges';
import { Checkbox, Dialog, Select } from '@web/components/ui';

const roleForm = userRoleBody.extend({ isActive: z.boolean() });
type RoleFormValues = z.input<typeof roleForm>;
export type RoleFormOutput = z.output<typeof roleForm>;

export interface RoleEditDialogProps {
  user: User | null;
  actor: { id: number; role: Role };
  onClose: () => void;
  onSubmit: (values: RoleFormOutput) => Promise<void>;
}

/** 'Kullanıcı Düzenle' (spec §2.16): the user read-only, a role select ('Rol seçilmelidir') and the active flag. */
export function RoleEditDialog({ user, actor, onClose, onSubmit }: RoleEditDialogProps) {
  return (
    <Dialog open={user !== null} onClose={onClose} title="Kullanıcı Düzenle">
      {user && <RoleForm user={user} actor={actor} onCancel={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function RoleForm({ user, actor, onCancel, onSubmit }: { user: User; actor: RoleEditDialogProps['actor']; onCancel: () => void; onSubmit: RoleEditDialogProps['onSubmit'] }) {
  const self = user.id === actor.id;
  const form = useForm<RoleFormValues, unknown, RoleFormOutput>({
    resolver: zodResolver(roleForm),
    defaultValues: { role: user.role, isActive: user.isActive },
  });
  const { register, formState } = form;
  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onCancel}>
      <UserIdentity user={user} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" nameClassName="text-sm" />
      <Select
        label="Rol"
        required
        data-autofocus
        disabled={self}
        hint={self ? 'Kendi rolünüzü değiştiremezsiniz' : undefined}
        placeholder="Rol seçiniz"
        options={roleChoices(actor.role, user.role).map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        error={formState.errors.role?.message}
        {...register('role')}
      />
      <Checkbox label="Aktif" disabled={self} {...register('isActive')} />
    </DialogForm>
  );
}
