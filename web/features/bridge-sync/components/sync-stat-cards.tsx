import { Activity, CalendarClock, Percent, Repeat } from 'lucide-react';
import { SYNC_STATUS_LABELS } from '@common/enums';
import { SYNC_MESSAGES, successRatePercent, type SyncStatus } from '@common/schemas/bridge-sync';
import { StatCard } from '@web/components/ui';
import { formatDateTime, formatNumber, formatPercent } from '@web/lib/format';

/** The four cards of /bridge-sync (spec §2.13): state, success rate, total syncs, latest start. */
export function SyncStatCards({ status, loading }: { status: SyncStatus | undefined; loading: boolean }) {
  const running = status?.isRunning === true;
  return (
    <section aria-label="Senkronizasyon durumu" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Durum"
        icon={Activity}
        tone={running ? 'info' : 'default'}
        loading={loading}
        value={status ? (running ? SYNC_STATUS_LABELS.running : SYNC_STATUS_LABELS.pending) : undefined}
      />
      <StatCard
        label="Başarı Oranı"
        icon={Percent}
        tone="success"
        loading={loading}
        value={status ? formatPercent(successRatePercent(status.statistics)) : undefined}
        hint={status ? `${formatNumber(status.statistics.success)} başarılı` : undefined}
      />
      <StatCard label="Toplam Senkronizasyon" icon={Repeat} loading={loading} value={status ? formatNumber(status.statistics.total) : undefined} />
      <StatCard
        label="Son Senkronizasyon"
        icon={CalendarClock}
        tone="warning"
        loading={loading}
        value={status ? (status.latestSync ? formatDateTime(status.latestSync.startedAt) : SYNC_MESSAGES.never) : undefined}
      />
    </section>
  );
}
