import type { DashboardHealth } from '@common/contract/dashboard';
import { syncStatusLabel } from '@common/enums';
import { formatDuration } from '@common/duration';
import { Badge, Card, CardBody, CardHeader } from '@web/components/ui';
import { formatDateTime } from '@web/lib/format';
import { MetricList } from '@web/components/metric-list';

const REDIS_TEXT = { up: 'Çalışıyor', down: 'Erişilemiyor', unused: 'Kullanılmıyor' } as const;

/** 'Sistem Sağlığı': what the server measured just now, not fixed entries. */
export function HealthCard({ health }: { health: DashboardHealth | undefined }) {
  return (
    <Card>
      <CardHeader title="Sistem Sağlığı" description={health ? `Son kontrol: ${formatDateTime(health.checkedAt)}` : undefined} />
      <CardBody>
        {health && (
          <MetricList
            items={[
              { label: 'API çalışma süresi', value: formatDuration(Math.floor(health.uptimeSeconds / 60)) },
              {
                label: 'Veritabanı',
                value: health.database.status === 'up' ? <Badge tone="success">{`Aktif · ${health.database.roundTripMs?.toLocaleString('tr-TR')} ms`}</Badge> : <Badge tone="danger">Erişilemiyor</Badge>,
              },
              { label: 'Redis', value: <Badge tone={health.redis === 'down' ? 'danger' : health.redis === 'up' ? 'success' : 'default'}>{REDIS_TEXT[health.redis]}</Badge> },
              { label: 'Açık soket bağlantısı', value: health.openSockets.toLocaleString('tr-TR') },
              { label: 'Son senkronizasyon', value: health.lastSync ? `${syncStatusLabel(health.lastSync.status)} · ${formatDateTime(health.lastSync.startedAt)}` : null },
              { label: 'En eski bekleyen talep', value: health.oldestWaitingMinutes === null ? 'Bekleyen talep yok' : formatDuration(health.oldestWaitingMinutes) },
            ]}
          />
        )}
      </CardBody>
    </Card>
  );
}
