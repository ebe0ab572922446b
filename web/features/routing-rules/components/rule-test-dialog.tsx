import { PRIORITY_FIELD_LABEL } from '@common/priority';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FlaskConical } from 'lucide-react';
import { PRIORITY } from '@common/constants';
import { BONUS_TYPE_LABELS, BONUS_TYPES, CUSTOMER_SEGMENT_LABELS, CUSTOMER_SEGMENTS, type BonusType, type CustomerSegment } from '@common/enums';
import { routingTestPayload, type RoutingRule, type RoutingTestPayload, type RoutingTestResult } from '@common/schemas/routing';
import { wallClockToInstant } from '@common/time-zone';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Dialog, Input, Select } from '@web/components/ui';
import { applyServerErrors } from '@web/lib/form-errors';
import { getDisplayTimeZone } from '@web/lib/format';
import { RuleTrace } from './rule-trace';

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The test form: the API's payload with the screen's empty choices ('' = not given) and a local date-time. */
const testFormSchema = z
  .object({
    bonusType: routingTestPayload.shape.bonusType,
    customerSegment: z.union([z.literal(''), z.enum(CUSTOMER_SEGMENTS)]),
    priority: routingTestPayload.shape.priority,
    amount: z.string(),
    at: z.string(),
    customerUsername: z.string().max(100),
    externalId: z.string().max(100),
    description: z.string().max(1000),
  })
  .transform(
    (v): RoutingTestPayload => ({
      bonusType: v.bonusType,
      customerSegment: v.customerSegment || null,
      priority: v.priority,
      amount: v.amount,
      // datetime-local has no zone: it is read as the project's wall-clock time (the zone every date is shown in).
      at: v.at ? wallClockToInstant(v.at, getDisplayTimeZone())?.toISOString() : undefined,
      customerUsername: optional(v.customerUsername),
      externalId: optional(v.externalId),
      description: optional(v.description),
    }),
  );
type TestFormValues = z.input<typeof testFormSchema>;

/** A request the rule is likely to match: the first value each of its conditions asks for. */
export function testDefaults(rule: RoutingRule): TestFormValues {
  let bonusType: BonusType = 'cashback';
  let customerSegment: CustomerSegment | '' = '';
  let priority: number = PRIORITY.manualDefault;
  let amount = '100';
  for (const c of rule.conditions) {
    if (c.conditionType === 'bonus_type') bonusType = c.operator === 'in' ? c.values[0]! : (BONUS_TYPES.find((t) => !c.values.includes(t)) ?? bonusType);
    if (c.conditionType === 'customer_segment') customerSegment = c.operator === 'in' ? c.values[0]! : (CUSTOMER_SEGMENTS.find((s) => !c.values.includes(s)) ?? '');
    if (c.conditionType === 'priority_threshold') priority = c.value;
    if (c.conditionType === 'custom' && c.field === 'amount') {
      const n = Number(c.value);
      amount = String(c.operator === 'gt' ? n + 1 : c.operator === 'lt' ? Math.max(n - 1, 0) : n);
    }
  }
  return { bonusType, customerSegment, priority, amount, at: '', customerUsername: '', externalId: '', description: '' };
}

export interface RuleTestDialogProps {
  rule: RoutingRule | null;
  onClose: () => void;
  /** Runs the test; throws on failure (the page shows the toast). */
  onTest: (rule: RoutingRule, body: RoutingTestPayload) => Promise<RoutingTestResult>;
}

/** 'Kuralı Test Et' (spec §2.14): a hypothetical request, then the match box and the trace. Nothing is assigned. */
export function RuleTestDialog({ rule, onClose, onTest }: RuleTestDialogProps) {
  return (
    <Dialog open={rule !== null} onClose={onClose} title="Kuralı Test Et" description={rule ? `${rule.ruleName} · Yalnızca deneme: gerçek taleplere dokunulmaz.` : undefined} size="lg">
      {rule && <RuleTestForm key={rule.id} rule={rule} onTest={onTest} />}
    </Dialog>
  );
}

function RuleTestForm({ rule, onTest }: { rule: RoutingRule; onTest: RuleTestDialogProps['onTest'] }) {
  const [result, setResult] = useState<RoutingTestResult | null>(null);
  const form = useForm<TestFormValues, unknown, RoutingTestPayload>({ resolver: zodResolver(testFormSchema), defaultValues: testDefaults(rule) });
  const { register, formState, handleSubmit, clearErrors } = form;
  const errors = formState.errors;
  const field = (name: keyof TestFormValues) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (body) => {
    setResult(null);
    try {
      setResult(await onTest(rule, body));
    } catch (error) {
      // The page has shown 'Test başarısız'; the server's reasons go on the fields, the form stays as typed.
      applyServerErrors(form, error);
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label="Test talebi">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Bonus Türü" required options={BONUS_TYPES.map((t) => ({ value: t, label: BONUS_TYPE_LABELS[t] }))} error={errors.bonusType?.message} {...field('bonusType')} data-autofocus />
          <Select label="Müşteri Segmenti" placeholder="Belirtilmemiş" options={CUSTOMER_SEGMENTS.map((s) => ({ value: s, label: CUSTOMER_SEGMENT_LABELS[s] }))} error={errors.customerSegment?.message} {...field('customerSegment')} />
          <Input
            label={PRIORITY_FIELD_LABEL}
            type="number"
            inputMode="numeric"
            required
            min={PRIORITY.manualMin}
            max={PRIORITY.manualMax}
            error={errors.priority?.message}
            {...register('priority', { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)), onChange: () => clearErrors('priority') })}
          />
          <Input label="Tutar (₺)" required inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...field('amount')} />
        </div>
        <details className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <summary className="cursor-pointer text-sm font-medium text-zinc-700 select-none dark:text-zinc-300">Diğer alanlar (opsiyonel)</summary>
          <div className="mt-3 grid gap-4 pb-2 sm:grid-cols-2">
            <Input label="Zaman" type="datetime-local" hint={`Boş: şimdi. Projenin saatiyle (${getDisplayTimeZone()}); zaman aralığı koşulları bu ana göre denenir.`} error={errors.at?.message} {...field('at')} />
            <Input label="Müşteri Kullanıcı Adı" autoComplete="off" error={errors.customerUsername?.message} {...field('customerUsername')} />
            <Input label="Dış Referans" autoComplete="off" error={errors.externalId?.message} {...field('externalId')} />
            <Input label="Açıklama" autoComplete="off" error={errors.description?.message} {...field('description')} />
          </div>
        </details>
        <FormAlert message={errors.root?.server?.message} />
        <div className="flex justify-end">
          <Button type="submit" icon={FlaskConical} loading={formState.isSubmitting} loadingText="Test ediliyor...">
            Testi Başlat
          </Button>
        </div>
      </form>
      {result && <RuleTrace result={result} />}
    </div>
  );
}
