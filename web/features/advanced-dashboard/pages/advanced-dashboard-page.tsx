import { useMemo, useState } from 'react';
import { useIsFetching, useQueries, useQueryClient } from '@tanstack/react-query';
import { Activity, CheckCircle2, CircleDollarSign, Percent, RefreshCw } from 'lucide-react';
import { ANALYTICS_TEXT } from '@common/analytics';
import { formatDuration } from '@common/duration';
import { REQUEST_EVENTS, SOCKET_EVENTS } from '@common/socket-events';
import { ApprovalTiles } from '@web/components/approval-tiles';
import { RequireProject } from '@web/components/layout/require-project';
import { Button, Card, CardBody, CardHeader, Checkbox, ErrorState, LoadingState, Select, StatCard } from '@web/components/ui';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from '@web/lib/format';
import { useLiveInvalidation } from '@web/lib/use-project-socket';
import { dashboardHealthQuery, dashboardKey, dashboardPerformanceQuery, dashboardStatsQuery } from '../api/dashboard-queries';
import { ChartCanvas } from '../components/chart-canvas';
import { HealthCard } from '../components/health-card';
import { MetricList } from '@web/components/metric-list';

/** §9: 10 s, 30 s (default), 1 min, 5 min. */
export const REFRESH_INTERVALS = [
  { value: 10_000, label: '10 saniye' },
  { value: 30_000, label: '30 saniye' },
  { value: 60_000, label: '1 dakika' },
  { value: 300_000, label: '5 dakika' },
] as const;

const LIVE_EVENTS = [...REQUEST_EVENTS, SOCKET_EVENTS.agentStatusChanged, SOCKET_EVENTS.syncFinished];

function AdvancedDashboard({ projectId }: { projectId: number }) {
  const [auto, setAuto] = useState(true);
  const [interval, setIntervalMs] = useState<number>(30_000);
  const queryClient = useQueryClient();
  const refetchInterval = auto ? interval : false;
  const [stats, performance, health] = useQueries({
    queries: [
      { ...dashboardStatsQuery(projectId, '30d'), refetchInterval },
      { ...dashboardPerformanceQuery(projectId, '7d'), refetchInterval },
      { ...dashboardHealthQuery(projectId), refetchInterval },
    ],
  });
  useLiveInvalidation(LIVE_EVENTS, [dashboardKey(projectId)]);
  const refreshing = useIsFetching({ queryKey: dashboardKey(projectId) }) > 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: dashboardKey(projectId) });
  const perf = performance.data;
  const trend = useMemo(() => (perf ? { labels: perf.timeSeries.labels.map((d) => formatDate(`${d}T12:00:00`)), series: perf.timeSeries.datasets } : null), [perf]);
  const updatedAt = Math.max(stats.dataUpdatedAt, performance.dataUpdatedAt, health.dataUpdatedAt);

  const controls = (
    <div className="flex flex-wrap items-end gap-3">
      <Checkbox label="Otomatik yenileme" checked={auto} onChange={(e) => setAuto(e.target.checked)} containerClassName="pb-2.5" />
      <Select
        label="Yenileme aralığı"
        value={interval}
        disabled={!auto}
        onChange={(e) => setIntervalMs(Number(e.target.value))}
        options={REFRESH_INTERVALS}
        containerClassName="w-40"
      />
      <Button variant="outline" icon={RefreshCw} loading={refreshing} onClick={refresh}>
        Yenile
      </Button>
    </div>
  );

  const queries = [stats, performance, health];
  const retryFailed = () => {
    for (const q of queries) if (q.isError) void q.refetch();
  };
  // A load with nothing to show stands instead of the page; a refetch that failed leaves the figures, marked stale.
  const failed = queries.find((q) => q.isError && !q.data);
  if (failed) {
    return (
      <Card>
        <ErrorState
          title={ANALYTICS_TEXT.loadFailedTitle}
          message={ANALYTICS_TEXT.loadFailedBody}
          error={failed.error}
          onRetry={retryFailed}
          retrying={refreshing}
        />
      </Card>
    );
  }
  const stale = queries.find((q) => q.isError);
  if (!stats.data || !perf || !trend) {
    return (
      <div className="flex flex-col gap-5">
        {controls}
        <LoadingState text={ANALYTICS_TEXT.loading} />
      </div>
    );
  }
  const s = stats.data;
  return (
    <div className="flex flex-col gap-5">
      {controls}
      {stale ? (
        <ErrorState variant="banner" error={stale.error} onRetry={retryFailed} retrying={refreshing} />
      ) : (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200">
          <Activity aria-hidden="true" className="size-4" />
          <span className="font-semibold">Sistem Aktif</span>
          <span>Son güncelleme: {formatDateTime(updatedAt)}</span>
          <span className="font-medium">{auto ? 'Otomatik yenileme aktif' : 'Manuel mod'}</span>
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Toplam Talep" value={formatNumber(s.totalRequests)} icon={Activity} hint="Son 30 gün" />
        <StatCard label="Tamamlanan" value={formatNumber(s.completedRequests)} icon={CheckCircle2} tone="success" />
        <StatCard label="Toplam Gelir" value={formatMoney(s.totalRevenue)} icon={CircleDollarSign} tone="warning" />
        <StatCard label="Başarı Oranı" value={s.successRate === null ? null : formatPercent(s.successRate)} icon={Percent} tone="info" />
      </div>
      <ApprovalTiles figures={s.approvals} period="Son 30 gün" />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader title="Haftalık Talep Trendi" description="Son 7 gün: oluşturulan ve tamamlanan talepler" />
          <CardBody>
            <ChartCanvas type="line" title="Haftalık talep trendi" labels={trend.labels} series={trend.series} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Durum Dağılımı" description="Son 7 günün talepleri" />
          <CardBody>
            <ChartCanvas type="doughnut" title="Durum dağılımı" labels={perf.statusDistribution.labels} series={[{ label: 'Talep', data: perf.statusDistribution.data }]} />
          </CardBody>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-3">
        <Card>
          <CardHeader title="Agent Performansı" description="Son 7 günde tamamlanan talepler" />
          <CardBody>
            <ChartCanvas type="bar" title="Agent performansı" labels={perf.agentPerformance.labels} series={perf.agentPerformance.datasets} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Performans Metrikleri" description="Son 30 gün" />
          <CardBody>
            <MetricList
              items={[
                { label: 'Aktif agent', value: formatNumber(s.activeAgents) },
                { label: 'Ortalama işlem süresi', value: s.averageProcessingTime === null ? null : formatDuration(s.averageProcessingTime) },
                { label: 'Medyan işlem süresi', value: s.medianProcessingTime === null ? null : formatDuration(s.medianProcessingTime) },
                { label: 'P90 işlem süresi', value: s.p90ProcessingTime === null ? null : formatDuration(s.p90ProcessingTime) },
                { label: 'Günlük ortalama', value: s.dailyAverage.toLocaleString('tr-TR') },
                { label: 'Tekrar sıraya alınan', value: formatNumber(s.requeueCount) },
              ]}
            />
          </CardBody>
        </Card>
        <HealthCard health={health.data} />
      </div>
    </div>
  );
}

/** Gelişmiş Dashboard (/advanced-dashboard, spec §2.8 as issue 12 corrects it). */
export function AdvancedDashboardPage() {
  return <RequireProject description="Gelişmiş dashboard için bir proje seçin.">{(projectId) => <AdvancedDashboard key={projectId} projectId={projectId} />}</RequireProject>;
}
