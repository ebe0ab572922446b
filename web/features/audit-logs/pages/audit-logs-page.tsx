import { useState } from 'react';
import { KeyRound, ScrollText, ShieldAlert, TriangleAlert } from 'lucide-react';
import { TABLE } from '@common/constants';
import { AUDIT_MESSAGES, STATS_PERIOD_LABELS, type AuditLog } from '@common/schemas/audit';
import { Card, CardBody, EmptyState, ErrorState, LoadingState, Pagination, StatCard } from '@web/components/ui';
import { formatNumber } from '@web/lib/format';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { RequireProject } from '@web/components/layout/require-project';
import { useAuditLogs, useAuditStats } from '../api/audit-api';
import { AuditDetailDialog } from '../components/audit-detail-dialog';
import { AuditFilters, EMPTY_AUDIT_FILTERS, type AuditFilterValues } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/** Audit Logları (/audit-logs, spec §2.11). */
export function AuditLogsPage() {
  return <RequireProject>{(projectId) => <AuditLogsScreen projectId={projectId} />}</RequireProject>;
}

function AuditLogsScreen({ projectId }: { projectId: number }) {
  const [filters, setFilters] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditLog | null>(null);
  const search = useDebouncedValue(filters.search.trim());
  const logs = useAuditLogs(projectId, {
    search: search || undefined,
    severity: filters.severity || undefined,
    category: filters.category || undefined,
    dateRange: filters.dateRange || undefined,
    page,
    limit: TABLE.bonusDefaultPageSize,
  });
  const stats = useAuditStats(projectId);
  const s = stats.data;
  const period = STATS_PERIOD_LABELS[s?.period ?? '30d'];
  const figure = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n));

  return (
    <div className="flex flex-col gap-4">
      {stats.isError && !s ? (
        <Card>
          <ErrorState query={stats} className="py-6" />
        </Card>
      ) : (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.isError && <ErrorState variant="banner" query={stats} className="col-span-full" />}
        <StatCard label="Toplam Log" value={figure(s?.total)} hint={period} icon={ScrollText} loading={stats.isPending} />
        <StatCard label="Yüksek / Kritik" value={figure(s?.highSeverity)} hint={period} icon={TriangleAlert} tone="danger" loading={stats.isPending} />
        <StatCard label="Güvenlik Olayları" value={figure(s?.securityEvents)} hint={period} icon={ShieldAlert} tone="warning" loading={stats.isPending} />
        <StatCard label="Başarısız Giriş" value={figure(s?.failedLogins)} hint={period} icon={KeyRound} tone="default" loading={stats.isPending} />
      </div>
      )}
      <Card>
        <CardBody>
          <AuditFilters value={filters} onChange={(next) => (setFilters(next), setPage(1))} />
        </CardBody>
      </Card>
      {logs.isError && logs.data && <ErrorState variant="banner" query={logs} />}
      <Card>
        {logs.isPending ? (
          <LoadingState text={AUDIT_MESSAGES.loading} />
        ) : !logs.data ? (
          <ErrorState query={logs} />
        ) : logs.data.items.length === 0 ? (
          <EmptyState icon={ScrollText} title={AUDIT_MESSAGES.empty} />
        ) : (
          <>
            <AuditTable logs={logs.data.items} onOpen={setOpen} />
            <Pagination
              className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800"
              page={logs.data.page}
              totalPages={logs.data.totalPages}
              onPageChange={setPage}
              summary={`${formatNumber(logs.data.total)} kayıt`}
            />
          </>
        )}
      </Card>
      <AuditDetailDialog projectId={projectId} log={open} onClose={() => setOpen(null)} />
    </div>
  );
}
