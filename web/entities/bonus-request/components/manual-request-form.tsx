import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PRIORITY } from '@common/constants';
import { BONUS_TYPE_LABELS, BONUS_TYPES, CUSTOMER_SEGMENT_LABELS, CUSTOMER_SEGMENTS } from '@common/enums';
import { createRequestFields, refineCreateRequest, type BonusRequest } from '@common/schemas/bonus';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Input, Select, Textarea } from '@web/components/ui';
import { applyServerErrors } from '@web/lib/form-errors';
import { CREATE_REQUEST_TOASTS, useCreateRequest } from '../api/request-mutations';
import { PriorityInput } from './priority-input';

/** The server's payload schema; the selects' empty choice means "not given". */
export const manualRequestFormSchema = createRequestFields
  .extend({
    bonusType: z
      .union([z.literal(''), z.enum(BONUS_TYPES)])
      .optional()
      .transform((v) => (v ? v : undefined)),
    customerSegment: z
      .union([z.literal(''), z.enum(CUSTOMER_SEGMENTS)])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine(refineCreateRequest);
type FormInput = z.input<typeof manualRequestFormSchema>;
type FormOutput = z.output<typeof manualRequestFormSchema>;

const DEFAULTS: FormInput = {
  externalId: '',
  customerUsername: '',
  priority: PRIORITY.manualDefault,
  customerName: '',
  customerId: '',
  bonusType: '',
  customerSegment: '',
  amount: '',
  description: '',
};

export const MANUAL_REQUEST_TEXTS = {
  title: 'Manuel Bonus Talebi Oluştur',
  submit: 'Talep Oluştur',
  saving: 'Kaydediliyor…',
  success: CREATE_REQUEST_TOASTS.success,
  failure: CREATE_REQUEST_TOASTS.failure,
} as const;

/**
 * The manual request form (spec §2.4, §5): Dış Referans optional, Öncelik 1–5 (default 3,
 * stored × 2). A request needs a customer (Kullanıcı Adı or Müşteri ID) and an amount above 0
 * (issue 15: an empty form made an unpayable request). The rest is optional under 'Diğer
 * bilgiler'. Empty values are left out of the payload; server field errors land on their fields.
 */
export function ManualRequestForm({ projectId, onCreated }: { projectId: number; onCreated?: (request: BonusRequest) => void }) {
  const create = useCreateRequest(projectId);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(manualRequestFormSchema), defaultValues: DEFAULTS });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      const request = await create.mutateAsync(values);
      reset(DEFAULTS);
      onCreated?.(request);
    } catch (error) {
      // What was typed stays; the server's messages go on their fields (the mutation toasts).
      applyServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-label={MANUAL_REQUEST_TEXTS.title}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Input label="Dış Referans (opsiyonel)" autoComplete="off" error={errors.externalId?.message} {...register('externalId')} data-autofocus />
        <Input label="Kullanıcı Adı" hint="Kullanıcı adı veya Müşteri ID gerekli" autoComplete="off" error={errors.customerUsername?.message} {...register('customerUsername')} />
        <PriorityInput error={errors.priority?.message} {...register('priority', { valueAsNumber: true })} />
        <Input label="Müşteri ID" autoComplete="off" error={errors.customerId?.message} {...register('customerId')} />
        <Input label="Tutar (₺)" required inputMode="decimal" placeholder="0,00" autoComplete="off" error={errors.amount?.message} {...register('amount')} />
        <Select
          label="Bonus Türü"
          placeholder="Seçiniz"
          options={BONUS_TYPES.map((t) => ({ value: t, label: BONUS_TYPE_LABELS[t] }))}
          error={errors.bonusType?.message}
          {...register('bonusType')}
        />
      </div>
      <details className="group rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <summary className="cursor-pointer text-sm font-medium text-zinc-700 select-none dark:text-zinc-300">Diğer bilgiler (opsiyonel)</summary>
        <div className="mt-3 grid gap-4 pb-2 sm:grid-cols-2">
          <Input label="Müşteri Adı" autoComplete="off" error={errors.customerName?.message} {...register('customerName')} />
          <Select
            label="Müşteri Segmenti"
            placeholder="Belirtilmemiş"
            hint="Routing kuralları ve agent yetenekleri bunu kullanır."
            options={CUSTOMER_SEGMENTS.map((s) => ({ value: s, label: CUSTOMER_SEGMENT_LABELS[s] }))}
            error={errors.customerSegment?.message}
            {...register('customerSegment')}
          />
          <Textarea label="Açıklama" containerClassName="sm:col-span-2" error={errors.description?.message} {...register('description')} />
        </div>
      </details>
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" loading={formState.isSubmitting} loadingText={MANUAL_REQUEST_TEXTS.saving}>
          {MANUAL_REQUEST_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
