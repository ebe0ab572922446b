import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forceDialogForm } from '@common/schemas/agents';
import { Button, Dialog, Textarea } from '@web/components/ui';
import type { ForceAction } from '../api/agents-api';

type Values = z.input<typeof forceDialogForm>;

export interface ForceTarget {
  agentId: number;
  name: string;
  action: ForceAction;
}

const TEXT: Record<ForceAction, { title: string; confirm: string; description: (name: string) => string }> = {
  offline: {
    title: 'Agenti Çevrimdışı Yap',
    confirm: 'Çevrimdışı Yap',
    description: (name) => `${name} çevrimdışı olacak ve kendisi tekrar çevrimiçi olana kadar talep atanmayacak.`,
  },
  logout: {
    title: 'Agentin Oturumunu Sonlandır',
    confirm: 'Çıkış Yaptır',
    description: (name) => `${name} için açık bütün oturumlar hemen kapanacak.`,
  },
};

/** The agents screen's force dialog: a reason is required (spec §5, the intended rule). */
export function ForceActionDialog({ target, onClose, onConfirm }: { target: ForceTarget | null; onClose: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const text = target ? TEXT[target.action] : null;
  return (
    <Dialog open={target !== null} onClose={onClose} title={text?.title ?? ''} description={target && text ? text.description(target.name) : undefined}>
      {target && text && <ReasonForm confirmLabel={text.confirm} onCancel={onClose} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function ReasonForm({ confirmLabel, onCancel, onConfirm }: { confirmLabel: string; onCancel: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(forceDialogForm), defaultValues: { reason: '' } });
  const submit = handleSubmit(async ({ reason }) => onConfirm(reason));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Textarea label="Neden" required data-autofocus rows={3} error={formState.errors.reason?.message} {...register('reason')} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          İptal
        </Button>
        <Button type="submit" variant="danger" loading={formState.isSubmitting}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
