import { useForm } from 'react-hook-form';
import { Play } from 'lucide-react';
import { SYNC_TYPE_LABELS, SYNC_TYPES, type SyncType } from '@common/enums';
import { syncStartBody } from '@common/schemas/bridge-sync';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Card, CardBody, CardFooter, CardHeader, Checkbox, Input, Select } from '@web/components/ui';
import { applyServerErrors } from '@web/lib/form-errors';
import { useStartSync } from '../api/sync-api';
import { SYNCING_TEXT } from './bridge-sync-button';

interface SyncSettingsValues {
  syncType: SyncType;
  forceFullSync: boolean;
  dateFrom: string;
  dateTo: string;
}

const TYPE_OPTIONS = SYNC_TYPES.map((type) => ({ value: type, label: SYNC_TYPE_LABELS[type] }));

/**
 * The settings card of /bridge-sync (spec §2.13) with the start button: the sync type (Turkish
 * labels of §4), 'Tam Senkronizasyon' for bonus data, and a date range for a custom sync.
 * Checked with the server's own schema, so the messages are the same on both sides.
 */
export function SyncSettingsCard({ projectId, running }: { projectId: number; running: boolean }) {
  const form = useForm<SyncSettingsValues>({ defaultValues: { syncType: 'bonus', forceFullSync: false, dateFrom: '', dateTo: '' } });
  const { register, formState, setError, watch } = form;
  const start = useStartSync(projectId);
  const syncType = watch('syncType');

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = syncStartBody.safeParse({
      syncType: values.syncType,
      forceFullSync: values.syncType === 'bonus' && values.forceFullSync,
      dateFrom: values.syncType === 'custom' ? values.dateFrom || undefined : undefined,
      dateTo: values.syncType === 'custom' ? values.dateTo || undefined : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0]) as keyof SyncSettingsValues, { message: issue.message });
      return;
    }
    // The mutation toasts; the server's field messages also go on their fields.
    await start.mutateAsync(parsed.data).catch((error: unknown) => applyServerErrors(form, error));
  });

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} aria-label="Senkronizasyon ayarları">
        <CardHeader title="Senkronizasyon Ayarları" description="Projenin kendi veritabanından ne aktarılacağını seçin." />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Select label="Senkronizasyon Türü" options={TYPE_OPTIONS} error={formState.errors.syncType?.message} {...register('syncType')} />
          <div className="flex items-end pb-2">
            <Checkbox
              label="Tam Senkronizasyon"
              hint="Son senkronizasyondan beri değişenler yerine tüm kayıtları okur (bonus verileri)."
              disabled={syncType !== 'bonus'}
              {...register('forceFullSync')}
            />
          </div>
          {syncType === 'custom' && (
            <>
              <Input type="date" label="Başlangıç Tarihi" required error={formState.errors.dateFrom?.message} {...register('dateFrom')} />
              <Input type="date" label="Bitiş Tarihi" required error={formState.errors.dateTo?.message} {...register('dateTo')} />
            </>
          )}
          <div className="sm:col-span-2">
            <FormAlert message={formState.errors.root?.server?.message} />
          </div>
        </CardBody>
        <CardFooter>
          <Button type="submit" icon={Play} loading={running || start.isPending} loadingText={SYNCING_TEXT}>
            Senkronizasyonu Başlat
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
