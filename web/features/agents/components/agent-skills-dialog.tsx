import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BONUS_TYPE_LABELS, BONUS_TYPES, CUSTOMER_SEGMENT_LABELS, CUSTOMER_SEGMENTS } from '@common/enums';
import { agentSkillsBody, type AgentSkills } from '@common/schemas/routing';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog } from '@web/components/ui';
import { AGENT_SKILL_TEXTS } from './agent-skills';

type SkillsFormValues = z.input<typeof agentSkillsBody>;
export type SkillsFormOutput = z.output<typeof agentSkillsBody>;

export interface SkillsTarget {
  userId: number;
  fullName: string;
  skills: AgentSkills | undefined;
}

export interface AgentSkillsDialogProps {
  target: SkillsTarget | null;
  onClose: () => void;
  /** Throws on failure: the dialog stays open with the server's message. */
  onSubmit: (userId: number, body: SkillsFormOutput) => Promise<void>;
}

/** 'Yetenekleri Düzenle': which bonus types and customer segments the agent handles. */
export function AgentSkillsDialog({ target, onClose, onSubmit }: AgentSkillsDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={AGENT_SKILL_TEXTS.edit}
      description={target ? `${target.fullName}: 'Yetenek Bazlı' routing yalnızca bu bonus türlerini ve segmentleri kapsayan talepleri verir.` : undefined}
    >
      {target && <SkillsForm key={target.userId} target={target} onCancel={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function SkillsForm({ target, onCancel, onSubmit }: { target: SkillsTarget; onCancel: () => void; onSubmit: AgentSkillsDialogProps['onSubmit'] }) {
  const form = useForm<SkillsFormValues, unknown, SkillsFormOutput>({
    resolver: zodResolver(agentSkillsBody),
    defaultValues: { bonusTypes: target.skills?.bonusTypes ?? [], customerSegments: target.skills?.customerSegments ?? [] },
  });
  const { register } = form;
  return (
    <DialogForm form={form} onSubmit={(values) => onSubmit(target.userId, values)} onCancel={onCancel} className="gap-5" aria-label={AGENT_SKILL_TEXTS.edit}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Bonus türleri</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {BONUS_TYPES.map((t, i) => (
            <Checkbox key={t} label={BONUS_TYPE_LABELS[t]} value={t} data-autofocus={i === 0 ? true : undefined} {...register('bonusTypes')} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Müşteri segmentleri</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {CUSTOMER_SEGMENTS.map((s) => (
            <Checkbox key={s} label={CUSTOMER_SEGMENT_LABELS[s]} value={s} {...register('customerSegments')} />
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">'Yetenek Bazlı' kurallar, talebin bonus türünü ve segmentini kapsayan agentleri seçer; diğer stratejiler yetenekleri dikkate almaz.</p>
    </DialogForm>
  );
}
