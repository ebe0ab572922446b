import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ROLE_LABELS, type Role } from '@common/enums';
import type { ProjectRef } from '@common/schemas/auth';
import { USER_MESSAGES, userCreateBody, userUpdateBody, type User } from '@common/schemas/users';
import { roleChoices } from '@common/user-rules';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog, Input, Select } from '@web/components/ui';

type CreateValues = z.input<typeof userCreateBody>;
export type UserFormOutput = z.output<typeof userCreateBody>;

export interface UserFormDialogProps {
  open: boolean;
  /** The user being edited; absent for 'Yeni Kullanıcı'. */
  user?: User | null;
  actor: { id: number; role: Role };
  /** Projects the actor may assign (their own; every project for super_admin). */
  projects: ProjectRef[];
  /** The active project, preselected for a new user. */
  defaultProjectId: number | null;
  onClose: () => void;
  /** Resolves when saved; throws the server's error (field errors land on the fields). */
  onSubmit: (values: UserFormOutput) => Promise<void>;
}

const DEFAULT_ROLE: Role = 'operator';

/** 'Yeni Kullanıcı' / 'Kullanıcıyı Düzenle' (spec §2.6, §5 messages checked on the client and the server). */
export function UserFormDialog({ open, user, actor, projects, defaultProjectId, onClose, onSubmit }: UserFormDialogProps) {
  const editing = Boolean(user);
  return (
    <Dialog open={open} onClose={onClose} title={editing ? 'Kullanıcıyı Düzenle' : 'Yeni Kullanıcı'} size="lg">
      <UserForm user={user ?? null} actor={actor} projects={projects} defaultProjectId={defaultProjectId} onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

function UserForm({
  user,
  actor,
  projects,
  defaultProjectId,
  onCancel,
  onSubmit,
}: Omit<UserFormDialogProps, 'open' | 'onClose' | 'user'> & { user: User | null; onCancel: () => void }) {
  const editing = user !== null;
  const self = user?.id === actor.id;
  // Editing checks the same fields; the password is only set on creation (reset makes a new one).
  const schema = editing ? userUpdateBody : userCreateBody;
  const form = useForm<CreateValues, unknown, UserFormOutput>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      username: user?.username ?? '',
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? DEFAULT_ROLE,
      isActive: user?.isActive ?? true,
      password: '',
      projectIds: user ? user.projects.map((p) => p.id) : defaultProjectId ? [defaultProjectId] : [],
    },
  });
  const { register, formState, watch, setValue } = form;
  const selected = watch('projectIds') ?? [];
  const roles = roleChoices(actor.role, user?.role);

  const toggleProject = (id: number, checked: boolean) => {
    const next = checked ? [...selected, id] : selected.filter((p) => p !== id);
    setValue('projectIds', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onCancel} submitLabel={editing ? 'Güncelle' : 'Oluştur'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Kullanıcı Adı" required data-autofocus autoComplete="off" error={formState.errors.username?.message} {...register('username')} />
        <Input label="Ad Soyad" required autoComplete="off" error={formState.errors.fullName?.message} {...register('fullName')} />
        <Input label="E-posta" type="email" required autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
        <Input
          label="Telefon"
          type="tel"
          autoComplete="off"
          placeholder="+905551112233"
          hint="İsteğe bağlı; SMS bildirimleri için."
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <Select
          label="Rol"
          required
          disabled={self}
          hint={self ? USER_MESSAGES.selfRole : undefined}
          placeholder="Rol seçiniz"
          options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          error={formState.errors.role?.message}
          {...register('role')}
        />
        {!editing && (
          <Input
            label="Şifre"
            type="password"
            autoComplete="new-password"
            hint="Boş bırakılırsa tek kullanımlık bir şifre üretilir ve bir kez gösterilir."
            error={formState.errors.password?.message}
            containerClassName="sm:col-span-2"
            {...register('password')}
          />
        )}
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={formState.errors.projectIds ? 'user-projects-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">Projeler</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {projects.map((p) => (
            <Checkbox
              key={p.id}
              label={`${p.name} (${p.code})`}
              checked={selected.includes(p.id)}
              onChange={(e) => toggleProject(p.id, e.target.checked)}
            />
          ))}
        </div>
        {formState.errors.projectIds && (
          <p id="user-projects-error" className="text-xs font-medium text-red-600 dark:text-red-400">
            {formState.errors.projectIds.message}
          </p>
        )}
      </fieldset>
      <Checkbox label="Aktif" disabled={self} {...register('isActive')} />
    </DialogForm>
  );
}
