import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleDollarSign, FileBarChart, Percent } from 'lucide-react';
import { formatDayRange } from '@common/day-format';
import { formatDuration } from '@common/duration';
import { ANALYTICS_TEXT, REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '@common/analytics';
import { localDate } from '@common/time-zone';
import { useProjectTimeZone } from '@web/stores/session-store';
import { ApprovalTiles } from '@web/components/approval-tiles';
import { ExportButtons } from '@web/components/export/export-buttons';
import { RequireProject } from '@web/components/layout/require-project';
import { MetricList } from '@web/components/metric-list';
import { Card, CardBody, CardHeader, EmptyState, ErrorState, Input, LoadingState, Select, StatCard } from '@web/components/ui';
import { formatMoney, formatNumber, formatPercent } from '@web/lib/format';
import { downloadReport, reportQuery, type ReportPeriod } from '../api/report-queries';
import { ReportPartTable } from '../components/report-part-table';

type Mode = 'month' | 'range';

function Reports({ projectId }: { projectId: number }) {
  const today = localDate(useProjectTimeZone(), new Date());
  const [type, setType] = useState<ReportType>('bonus');
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const period: ReportPeriod = mode === 'month' ? { period: month } : { from, to };
  const report = useQuery({ ...reportQuery(projectId, type, period), enabled: mode === 'month' ? /^\d{4}-\d{2}$/.test(month) : Boolean(from && to) });
  const r = report.data;

  return (
    <div className="flex flex-col gap-5">
      <Card>
        <CardBody className="flex flex-wrap items-end gap-3">
          <Select label="Rapor türü" value={type} onChange={(e) => setType(e.target.value as ReportType)} options={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))} containerClassName="w-48" />
          <Select label="Dönem" value={mode} onChange={(e) => setMode(e.target.value as Mode)} options={[{ value: 'month', label: 'Ay' }, { value: 'range', label: 'Özel aralık' }]} containerClassName="w-40" />
          {mode === 'month' ? (
            <Input label="Ay" type="month" value={month} max={today.slice(0, 7)} onChange={(e) => setMonth(e.target.value)} containerClassName="w-44" />
          ) : (
            <>
              <Input label="Başlangıç" type="date" value={from} onChange={(e) => setFrom(e.target.value)} containerClassName="w-44" />
              <Input label="Bitiş" type="date" value={to} onChange={(e) => setTo(e.target.value)} containerClassName="w-44" />
            </>
          )}
          <div className="ml-auto">
            <ExportButtons disabled={!r || report.isError} download={(format, onProgress) => downloadReport(projectId, type, period, format, onProgress)} />
          </div>
        </CardBody>
      </Card>

      {report.isError && r && <ErrorState variant="banner" query={report} />}
      {report.isError && !r ? (
        <Card>
          <ErrorState title="Rapor yüklenemedi" query={report} />
        </Card>
      ) : !r ? (
        <LoadingState text={ANALYTICS_TEXT.loading} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={report.isFetching || undefined}>
            <StatCard label="Toplam Talep" value={formatNumber(r.totalRequests)} icon={FileBarChart} />
            <StatCard label="Tamamlanan" value={formatNumber(r.completedRequests)} icon={CheckCircle2} tone="success" />
            <StatCard label="Toplam Tutar" value={formatMoney(r.totalAmount)} icon={CircleDollarSign} tone="warning" />
            <StatCard label="Tamamlanma Oranı" value={r.completionRate === null ? null : formatPercent(r.completionRate)} icon={Percent} />
          </div>
          <ApprovalTiles figures={r.approvals} period={formatDayRange(r.period)} />
          {r.totalRequests === 0 ? (
            <Card>
              <EmptyState icon={FileBarChart} title="Bu dönemde talep yok" description="Başka bir dönem ya da tarih aralığı seçin." />
            </Card>
          ) : (
            <>
              <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
                <Card>
                  <CardHeader title="Performans Metrikleri" />
                  <CardBody>
                    <MetricList
                      items={[
                        { label: 'Ortalama işlem süresi', value: r.averageProcessingTime === null ? null : formatDuration(r.averageProcessingTime) },
                        { label: 'Medyan işlem süresi', value: r.medianProcessingTime === null ? null : formatDuration(r.medianProcessingTime) },
                        { label: 'P90 işlem süresi', value: r.p90ProcessingTime === null ? null : formatDuration(r.p90ProcessingTime) },
                        { label: 'Başarı oranı', value: r.successRate === null ? null : formatPercent(r.successRate) },
                        { label: 'Günlük ortalama', value: r.dailyAverage.toLocaleString('tr-TR') },
                        { label: 'Tekrar sıraya alınan', value: formatNumber(r.requeueCount) },
                      ]}
                    />
                  </CardBody>
                </Card>
                <Card>
                  <CardHeader title="En İyi Agentler" />
                  <CardBody>
                    {r.topAgents.length === 0 ? (
                      <p className="text-sm text-zinc-500 dark:text-zinc-400">{ANALYTICS_TEXT.noData}</p>
                    ) : (
                      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
                        {r.topAgents.map((a, i) => (
                          <li key={a.agentId} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                            <span className="text-zinc-800 dark:text-zinc-200">{i + 1}. {a.name}</span>
                            <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{formatNumber(a.completedCount)} talep · {formatMoney(a.totalAmount)}</span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </CardBody>
                </Card>
              </div>
              <Card>
                <CardHeader title={`Detaylı Rapor — ${REPORT_TYPE_LABELS[r.type]}`} description={`${r.project.name} · ${formatDayRange(r.period)}`} />
                <CardBody className="flex flex-col gap-6">
                  {r.parts.map((part) => (
                    <ReportPartTable key={part.key} part={part} />
                  ))}
                </CardBody>
              </Card>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** Raporlar (/reports, spec §2.10). */
export function ReportsPage() {
  return <RequireProject description="Raporlar için bir proje seçin.">{(projectId) => <Reports key={projectId} projectId={projectId} />}</RequireProject>;
}
