import { TERMS } from '@common/terms';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTING_PRIORITY } from '@common/constants';
import { ROLE_LABELS, ROUTING_STRATEGIES, ROUTING_STRATEGY_LABELS, type RoutingStrategy } from '@common/enums';
import { ROUTING_MESSAGES, type RoutingRule, type RoutingRuleBody, type RoutingTarget } from '@common/schemas/routing';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog, Input, Select } from '@web/components/ui';
import { ruleFormDefaults, ruleFormSchema, type RuleFormValues } from '../model/rule-form';
import { ConditionEditor } from './condition-editor';
import type { ConditionErrors } from './condition-fields';

export interface RuleFormDialogProps {
  open: boolean;
  /** null: a new rule. */
  rule: RoutingRule | null;
  /** Members the user strategy may target; undefined while they load. */
  targets: RoutingTarget[] | undefined;
  onClose: () => void;
  /** Throws on failure: the server's messages land on the fields and the dialog stays open. */
  onSubmit: (body: RoutingRuleBody) => Promise<void>;
}

/** 'Yeni Routing Kuralı' / 'Routing Kuralını Düzenle' (spec §2.14, §5). */
export function RuleFormDialog({ open, rule, targets, onClose, onSubmit }: RuleFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={rule ? ROUTING_MESSAGES.editTitle : ROUTING_MESSAGES.createTitle} size="lg">
      <RuleForm rule={rule} targets={targets} onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

const STRATEGY_HINTS: Record<RoutingStrategy, string> = {
  user: 'Talepler seçilen kullanıcıya gider; çevrimdışı, meşgul, uzakta veya kapasitesi doluysa kural atlanır.',
  skill_based: 'Yetenekleri talebin bonus türünü ve segmentini kapsayan uygun agentlerden en az yüklü olana.',
  round_robin: 'Uygun agentler arasında sırayla; sıra sunucu yeniden başlasa da korunur.',
  load_based: 'Aktif talebi en az olan uygun agente; eşitlikte en uzun süredir atama almayana.',
  random: 'Uygun agentlerden rastgele birine.',
};

/** The form's condition errors, by position and parameter, whatever nesting the resolver chose. */
function conditionErrors(errors: FieldErrors<RuleFormValues>): { list?: string; items: (ConditionErrors | undefined)[] } {
  type Message = { message?: string } | undefined;
  // An array of per-condition errors that may also carry the list's own message (directly or under root).
  const raw = errors.conditions as unknown as (Record<number, Record<string, Message> | undefined> & { message?: string; root?: Message }) | undefined;
  if (!raw) return { items: [] };
  const items: (ConditionErrors | undefined)[] = [];
  for (const [key, item] of Object.entries(raw)) {
    if (!/^\d+$/.test(key) || !item) continue;
    items[Number(key)] = Object.fromEntries(Object.entries(item).map(([name, v]) => [name, (v as Message)?.message]));
  }
  return { list: raw.message ?? raw.root?.message, items };
}

export function RuleForm({ rule, targets, onCancel, onSubmit }: Omit<RuleFormDialogProps, 'open' | 'onClose'> & { onCancel: () => void }) {
  const form = useForm<RuleFormValues, unknown, RoutingRuleBody>({
    resolver: zodResolver(ruleFormSchema) as never,
    // Checked on submit; editing a field clears its message (§5) instead of re-checking as you type.
    reValidateMode: 'onSubmit',
    defaultValues: ruleFormDefaults(rule),
  });
  const { register, control, formState, clearErrors, watch } = form;
  const strategy = watch('targetStrategy');
  const errors = formState.errors;
  const conditionMessages = conditionErrors(errors);

  // A target no longer active stays listed when it is the rule's own, so editing shows who it is.
  const targetOptions = (targets ?? [])
    .filter((t) => t.isActive || t.id === rule?.targetUserId)
    .map((t) => ({ value: t.id, label: `${t.fullName} (@${t.username}) · ${ROLE_LABELS[t.role]}${t.isActive ? '' : ' · pasif'}` }));

  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onCancel} className="gap-5" aria-label={rule ? ROUTING_MESSAGES.editTitle : ROUTING_MESSAGES.createTitle} submitLabel={rule ? 'Güncelle' : 'Oluştur'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Kural Adı"
          required
          data-autofocus
          autoComplete="off"
          containerClassName="sm:col-span-2"
          error={errors.ruleName?.message}
          {...register('ruleName', { onChange: () => clearErrors('ruleName') })}
        />
        <Select
          label="Hedef Stratejisi"
          required
          placeholder="Seçiniz"
          options={ROUTING_STRATEGIES.map((s) => ({ value: s, label: ROUTING_STRATEGY_LABELS[s] }))}
          hint={strategy ? STRATEGY_HINTS[strategy] : undefined}
          error={errors.targetStrategy?.message}
          {...register('targetStrategy', { onChange: () => clearErrors(['targetStrategy', 'targetUserId']) })}
        />
        {strategy === 'user' ? (
          // Controlled: the targets may arrive after the form opens, and the select must then show the rule's own.
          <Controller
            control={control}
            name="targetUserId"
            render={({ field, fieldState }) => (
              <Select
                label="Hedef Kullanıcı"
                required
                placeholder={targets ? 'Seçiniz' : 'Kullanıcılar yükleniyor...'}
                options={targetOptions}
                error={fieldState.error?.message}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(e) => {
                  clearErrors('targetUserId');
                  field.onChange(e.target.value === '' ? null : Number(e.target.value));
                }}
              />
            )}
          />
        ) : (
          <div aria-hidden="true" className="hidden sm:block" />
        )}
        <Input
          label={`${TERMS.ruleOrder} (${ROUTING_PRIORITY.min}-${ROUTING_PRIORITY.max})`}
          type="number"
          inputMode="numeric"
          required
          min={ROUTING_PRIORITY.min}
          max={ROUTING_PRIORITY.max}
          step={1}
          hint="Sırası yüksek olan kural önce değerlendirilir."
          error={errors.priority?.message}
          {...register('priority', {
            setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v)),
            onChange: () => clearErrors('priority'),
          })}
        />
        <Checkbox label="Aktif" containerClassName="self-center sm:pt-6" {...register('isActive')} />
      </div>

      <Controller
        control={control}
        name="conditions"
        render={({ field }) => (
          <ConditionEditor
            conditions={field.value}
            errors={conditionMessages.items}
            error={conditionMessages.list}
            onChange={(next, index) => {
              // An edited condition loses its messages; adding or removing one re-counts the list.
              clearErrors(index === undefined ? 'conditions' : (`conditions.${index}` as 'conditions'));
              field.onChange(next);
            }}
          />
        )}
      />

    </DialogForm>
  );
}
