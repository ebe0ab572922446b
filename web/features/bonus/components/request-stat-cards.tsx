import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Hourglass, Inbox, Layers } from 'lucide-react';
import { StatCard } from '@web/components/ui';
import { TERMS } from '@common/terms';
import { requestStatsQuery } from '@web/entities/bonus-request';
import { formatNumber } from '@web/lib/format';

/** Total, new, in progress, completed (spec §2.5), from the project's live counts. */
export function RequestStatCards({ projectId }: { projectId: number }) {
  const stats = useQuery(requestStatsQuery(projectId));
  const value = (n: number | undefined) => (n === undefined ? null : formatNumber(n));
  const loading = stats.isPending;
  return (
    <section aria-label="Talep istatistikleri" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Toplam" value={value(stats.data?.total)} icon={Layers} tone="info" loading={loading} />
      <StatCard label={TERMS.waiting} value={value(stats.data?.new)} hint="Henüz kimsenin üzerinde değil" icon={Inbox} tone="warning" loading={loading} />
      <StatCard label={TERMS.active} value={value(stats.data?.inProgress)} hint="Bir kişinin üzerinde" icon={Hourglass} tone="default" loading={loading} />
      <StatCard label={TERMS.completed} value={value(stats.data?.completed)} icon={CheckCircle2} tone="success" loading={loading} />
    </section>
  );
}
