import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Hourglass, Inbox, Layers } from 'lucide-react';
import { Card, ErrorState, StatCard } from '@web/components/ui';
import { TERMS } from '@common/terms';
import { requestStatsQuery } from '@web/entities/bonus-request';
import { formatNumber } from '@web/lib/format';

/** Total, new, in progress, completed (spec §2.5), from the project's live counts. */
export function RequestStatCards({ projectId }: { projectId: number }) {
  const stats = useQuery(requestStatsQuery(projectId));
  const value = (n: number | undefined) => (n === undefined ? null : formatNumber(n));
  const loading = stats.isPending;
  // Figures that could not be fetched are not missing values: no 'N/A' tiles then.
  if (stats.isError && !stats.data) {
    return (
      <section aria-label="Talep istatistikleri">
        <Card>
          <ErrorState query={stats} className="py-6" />
        </Card>
      </section>
    );
  }
  return (
    <section aria-label="Talep istatistikleri" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.isError && <ErrorState variant="banner" query={stats} className="col-span-full" />}
      <StatCard label="Toplam" value={value(stats.data?.total)} icon={Layers} tone="info" loading={loading} />
      <StatCard label={TERMS.waiting} value={value(stats.data?.new)} hint="Henüz kimsenin üzerinde değil" icon={Inbox} tone="warning" loading={loading} />
      <StatCard label={TERMS.active} value={value(stats.data?.inProgress)} hint="Bir kişinin üzerinde" icon={Hourglass} tone="default" loading={loading} />
      <StatCard label={TERMS.completed} value={value(stats.data?.completed)} icon={CheckCircle2} tone="success" loading={loading} />
    </section>
  );
}
