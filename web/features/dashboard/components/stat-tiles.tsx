import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Layers, UserCheck } from 'lucide-react';
import { Card, ErrorState, StatCard } from '@web/components/ui';
import { requestStatsQuery } from '@web/entities/bonus-request';
import { formatNumber } from '@web/lib/format';

/** Toplam Talep, Bekleyen, Aktif Atamalar, Tamamlanan (spec §2.4), from the project's live counts. */
export function StatTiles({ projectId }: { projectId: number }) {
  const stats = useQuery(requestStatsQuery(projectId));
  const value = (n: number | undefined) => (n === undefined ? null : formatNumber(n));
  const loading = stats.isPending;
  // Figures that could not be fetched are not missing values: no 'N/A' tiles then.
  if (stats.isError && !stats.data) {
    return (
      <section aria-label="İstatistik özeti">
        <Card>
          <ErrorState query={stats} className="py-6" />
        </Card>
      </section>
    );
  }
  return (
    <section aria-label="İstatistik özeti" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.isError && <ErrorState variant="banner" query={stats} className="col-span-full" />}
      <StatCard label="Toplam Talep" value={value(stats.data?.total)} icon={Layers} tone="info" loading={loading} />
      <StatCard label="Bekleyen" value={value(stats.data?.waiting)} icon={Clock} tone="warning" loading={loading} />
      <StatCard label="Aktif Atamalar" value={value(stats.data?.active)} icon={UserCheck} tone="default" loading={loading} />
      <StatCard label="Tamamlanan" value={value(stats.data?.completed)} icon={CheckCircle2} tone="success" loading={loading} />
    </section>
  );
}
