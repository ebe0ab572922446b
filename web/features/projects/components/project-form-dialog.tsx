import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PROJECT_DB_TYPES } from '@common/enums';
import { projectFormBody, type Project } from '@common/schemas/projects';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog, Input, Select } from '@web/components/ui';

type ProjectFormValues = z.input<typeof projectFormBody>;
export type ProjectFormOutput = z.output<typeof projectFormBody>;

const DB_TYPE_LABELS: Record<(typeof PROJECT_DB_TYPES)[number], string> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

export interface ProjectFormDialogProps {
  open: boolean;
  project: Project | null;
  onClose: () => void;
  onSubmit: (values: ProjectFormOutput) => Promise<void>;
}

/** Create or edit a project (spec §5: values trimmed before checking, an error clears when its field is edited). */
export function ProjectFormDialog({ open, project, onClose, onSubmit }: ProjectFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={project ? 'Projeyi Düzenle' : 'Yeni Proje'} size="lg">
      <ProjectForm project={project} onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

export function ProjectForm({ project, onCancel, onSubmit }: { project: Project | null; onCancel: () => void; onSubmit: ProjectFormDialogProps['onSubmit'] }) {
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormBody),
    // Checked on submit only; editing a field clears its error (below) instead of re-checking as you type.
    reValidateMode: 'onSubmit',
    defaultValues: {
      code: project?.code ?? '',
      name: project?.name ?? '',
      baseUrl: project?.baseUrl ?? '',
      dbType: project?.dbType ?? 'postgresql',
      dbHost: project?.dbHost ?? '',
      dbPort: project?.dbPort ?? null,
      dbName: project?.dbName ?? '',
      dbUser: project?.dbUser ?? '',
      dbPassword: '',
      isActive: project?.isActive ?? true,
    },
  });
  const { register, formState, clearErrors } = form;
  const field = <N extends FieldPath<ProjectFormValues>>(name: N, options: Parameters<typeof register<N>>[1] = {}) =>
    register(name, { ...options, onChange: () => clearErrors(name) });
  const error = (name: keyof ProjectFormValues) => formState.errors[name]?.message;

  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onCancel} submitLabel={project ? 'Güncelle' : 'Oluştur'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Proje Kodu" required data-autofocus autoComplete="off" error={error('code')} {...field('code')} />
        <Input label="Proje Adı" required autoComplete="off" error={error('name')} {...field('name')} />
        <Input label="Base URL" required type="url" placeholder="https://" autoComplete="off" error={error('baseUrl')} containerClassName="sm:col-span-2" {...field('baseUrl')} />
        <Select label="Veritabanı Türü" options={PROJECT_DB_TYPES.map((t) => ({ value: t, label: DB_TYPE_LABELS[t] }))} error={error('dbType')} {...field('dbType')} />
        <Input label="Veritabanı Host" required autoComplete="off" error={error('dbHost')} {...field('dbHost')} />
        <Input
          label="Port"
          type="number"
          inputMode="numeric"
          hint="Boş bırakılırsa varsayılan port"
          error={error('dbPort')}
          {...field('dbPort', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
        />
        <Input label="Veritabanı Adı" required autoComplete="off" error={error('dbName')} {...field('dbName')} />
        <Input label="Veritabanı Kullanıcısı" required autoComplete="off" error={error('dbUser')} {...field('dbUser')} />
        <Input
          label="Veritabanı Şifresi"
          type="password"
          autoComplete="new-password"
          hint={project ? (project.hasDbPassword ? 'Kayıtlı bir şifre var. Değiştirmek istemiyorsanız boş bırakın.' : 'Kayıtlı şifre yok.') : 'İsteğe bağlı.'}
          error={error('dbPassword')}
          containerClassName="sm:col-span-2"
          {...field('dbPassword')}
        />
      </div>
      <Checkbox label="Aktif" {...register('isActive')} />
    </DialogForm>
  );
}
