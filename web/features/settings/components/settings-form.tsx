import { useEffect } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TIMEZONES } from '@common/constants';
import { ROLE_LABELS, ROLES } from '@common/enums';
import { TERMS } from '@common/terms';
import {
  projectSettingsBody,
  SETTINGS_MESSAGES,
  systemSettingsBody,
  type ProjectSettingsData,
  type SystemSettingsData,
} from '@common/schemas/settings';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Card, CardBody, CardHeader, Checkbox, Input, Select } from '@web/components/ui';
import { applyServerErrors } from '@web/lib/form-errors';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

/** One form over both bodies: the same schemas (and so the same §5 messages) the server checks. */
const fullSchema = z.strictObject({ ...systemSettingsBody.shape, ...projectSettingsBody.shape });
type FormValues = z.input<typeof fullSchema>;
type FormOutput = z.output<typeof fullSchema>;
const SYSTEM_FIELDS = Object.keys(systemSettingsBody.shape) as (keyof SystemSettingsData)[];

export interface SettingsFormProps {
  /** Present for a super admin only: the system section fields appear with it. */
  system: SystemSettingsData | undefined;
  project: ProjectSettingsData;
  transports: { email: boolean; sms: boolean; emailToLog: boolean };
  onSave: (values: { system?: z.output<typeof systemSettingsBody>; project: z.output<typeof projectSettingsBody> }) => Promise<unknown>;
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function defaults(system: SystemSettingsData | undefined, project: ProjectSettingsData): FormValues {
  return {
    appName: system?.appName ?? 'x',
    sessionTimeout: system?.sessionTimeout ?? 7200,
    maxLoginAttempts: system?.maxLoginAttempts ?? 5,
    twoFactorRequiredRoles: system?.twoFactorRequiredRoles ?? [],
    ...project,
    timezone: project.timezone as FormValues['timezone'],
    completeConfirmAmount: project.completeConfirmAmount ?? '',
    approvalThreshold: project.approvalThreshold ?? '',
    customerDailyLimit: project.customerDailyLimit ?? '',
    customerMonthlyLimit: project.customerMonthlyLimit ?? '',
  };
}

/** Sistem Ayarları (§2.12): Genel, Güvenlik, Bildirimler, Senkronizasyon, and the desk and routing fields. */
export function SettingsForm({ system, project, transports, onSave }: SettingsFormProps) {
  const isSystem = system !== undefined;
  const form = useForm<FormValues, unknown, FormOutput>({
    // Without system rights the system fields are placeholders, never sent: only the project part is checked.
    resolver: zodResolver(isSystem ? fullSchema : fullSchema.partial({ appName: true, sessionTimeout: true, maxLoginAttempts: true, twoFactorRequiredRoles: true })) as never,
    reValidateMode: 'onSubmit',
    defaultValues: defaults(system, project),
  });
  const { register, formState, control, clearErrors, reset } = form;
  useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);

  // Saved elsewhere (another tab, another admin): show it, unless this form holds unsaved edits.
  useEffect(() => {
    if (!form.formState.isDirty) reset(defaults(system, project));
  }, [system, project, reset, form]);

  const field = <N extends FieldPath<FormValues>>(name: N, options: Parameters<typeof register<N>>[1] = {}) =>
    register(name, { ...options, onChange: () => clearErrors(name) });
  const numberField = <N extends FieldPath<FormValues>>(name: N) => field(name, { setValueAs: toNumber } as never);
  const error = (name: keyof FormValues) => formState.errors[name]?.message;

  const submit = form.handleSubmit(async (values) => {
    const systemPart = isSystem ? Object.fromEntries(SYSTEM_FIELDS.map((k) => [k, values[k]])) : undefined;
    const projectPart = Object.fromEntries(Object.keys(projectSettingsBody.shape).map((k) => [k, values[k as keyof FormOutput]]));
    try {
      await onSave({ system: systemPart as never, project: projectPart as never });
      // What was saved is the new baseline: no unsaved-changes warning any more.
      reset(values as FormValues);
    } catch (err) {
      // What was typed stays; the server's messages go on their fields (the mutation toasts).
      applyServerErrors(form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader title="Genel" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          {isSystem && <Input label="Uygulama Adı" required autoComplete="off" error={error('appName')} {...field('appName')} />}
          <Select label="Saat Dilimi" options={TIMEZONES.map((t) => ({ value: t, label: t }))} error={error('timezone')} hint="Projenin tarihleri ve gün sınırları bu saat dilimine göre." {...field('timezone')} />
        </CardBody>
      </Card>

      {isSystem && (
        <Card>
          <CardHeader title="Güvenlik" />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="sessionTimeout"
              render={({ field: f, fieldState }) => (
                <Input
                  label="Oturum Zaman Aşımı (dakika)"
                  type="number"
                  inputMode="numeric"
                  required
                  min={5}
                  hint="Bu süre işlem yapılmayan oturum kapanır."
                  error={fieldState.error?.message}
                  name={f.name}
                  ref={f.ref}
                  onBlur={f.onBlur}
                  // Shown in minutes, kept in seconds like the API.
                  value={typeof f.value === 'number' && Number.isFinite(f.value) ? String(f.value / 60) : ''}
                  onChange={(e) => {
                    clearErrors('sessionTimeout');
                    // Empty is NaN, not undefined (which would fall back to the default): the schema calls it missing.
                    const minutes = toNumber(e.target.value);
                    f.onChange(minutes === undefined ? Number.NaN : Math.round(minutes * 60));
                  }}
                />
              )}
            />
            <Input label="Maksimum Giriş Denemesi" type="number" inputMode="numeric" required min={1} error={error('maxLoginAttempts')} {...numberField('maxLoginAttempts')} />
            <fieldset className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">İki adımlı doğrulama zorunlu roller</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {ROLES.map((role) => (
                  <Checkbox key={role} label={ROLE_LABELS[role]} value={role} {...field('twoFactorRequiredRoles')} />
                ))}
              </div>
            </fieldset>
          </CardBody>
        </Card>
      )}

      <Card>
        <CardHeader title="Bildirimler" description="Yöneticiler ve adminler senkronizasyon hatalarında, uzun bekleyen taleplerde ve agent müdahalelerinde bilgilendirilir." />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Checkbox label="E-posta bildirimleri" disabled={!transports.email} hint={!transports.email ? SETTINGS_MESSAGES.emailNotConfigured : transports.emailToLog ? SETTINGS_MESSAGES.emailToLog : undefined} {...field('emailNotifications')} />
          <Checkbox label="SMS bildirimleri" disabled={!transports.sms} hint={transports.sms ? undefined : SETTINGS_MESSAGES.smsNotConfigured} {...field('smsNotifications')} />
          <Input label="Bekleme Uyarısı (dakika)" type="number" inputMode="numeric" required min={1} hint="Bu süreden uzun bekleyen talepler bildirilir." error={error('waitingAlertMinutes')} {...numberField('waitingAlertMinutes')} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Senkronizasyon" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Checkbox label="Otomatik senkronizasyon" containerClassName="sm:col-span-2" {...field('autoSync')} />
          <Input label="Senkronizasyon Aralığı (dakika)" type="number" inputMode="numeric" required min={1} error={error('syncInterval')} {...numberField('syncInterval')} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Talep Masası ve Dağıtım" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Input label="Varsayılan Agent Kapasitesi" type="number" inputMode="numeric" required min={1} max={100} hint="Kendi kapasitesi olmayan agentler için." error={error('defaultAgentCapacity')} {...numberField('defaultAgentCapacity')} />
          <Input label="Üstlenme Süresi (dakika)" type="number" inputMode="numeric" required min={0} hint="Bu sürede tamamlanmayan talep kendiliğinden tekrar sıraya alınır; 0 = kapalı." error={error('claimLeaseMinutes')} {...numberField('claimLeaseMinutes')} />
          <Input label={`${TERMS.confirmAmount} (₺)`} inputMode="decimal" autoComplete="off" hint="Bu tutar ve üstü tamamlanırken tutar yeniden yazılır; boş = hiç." error={error('completeConfirmAmount')} {...field('completeConfirmAmount')} />
          <Input label={`${TERMS.approvalThreshold} (₺)`} inputMode="decimal" autoComplete="off" hint="Bu tutar ve üstü tamamlanmaz, ikinci bir yöneticinin onayına gider; boş = kapalı." error={error('approvalThreshold')} {...field('approvalThreshold')} />
          <Input label="Müşteri Günlük Limiti (₺)" inputMode="decimal" autoComplete="off" hint="Bir müşteriye bir günde ödenen toplam bunu aşacaksa talep onaya gider; boş = limit yok." error={error('customerDailyLimit')} {...field('customerDailyLimit')} />
          <Input label="Müşteri Aylık Limiti (₺)" inputMode="decimal" autoComplete="off" hint="Projenin saat dilimine göre ayın başından beri sayılır; boş = limit yok." error={error('customerMonthlyLimit')} {...field('customerMonthlyLimit')} />
          <Input label="Mükerrer Talep Penceresi (saat)" type="number" inputMode="numeric" required min={0} error={error('duplicateWindowHours')} {...numberField('duplicateWindowHours')} />
        </CardBody>
      </Card>

      <FormAlert message={formState.errors.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" loading={formState.isSubmitting} loadingText="Kaydediliyor...">
          Ayarları Kaydet
        </Button>
      </div>
    </form>
  );
}
