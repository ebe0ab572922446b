import { useState } from 'react';
import { Card, CardHeader, Pagination } from '@web/components/ui';
import { formatNumber } from '@web/lib/format';
import { useSyncLogs } from '../api/sync-api';
import { SyncLogList } from './sync-log-table';

const PAGE_SIZE = 10;

/** The logs table of /bridge-sync (spec §2.13): type, status, start, end, error, counts, who started it. */
export function SyncLogsCard({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(1);
  const logs = useSyncLogs(projectId, { page, limit: PAGE_SIZE });
  return (
    <Card>
      <CardHeader title="Senkronizasyon Logları" description={logs.data ? `${formatNumber(logs.data.total)} kayıt` : undefined} />
      <SyncLogList logs={logs} full label="Senkronizasyon logları" />
      {logs.data && logs.data.totalPages > 1 && (
        <div className="border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <Pagination page={page} totalPages={logs.data.totalPages} onPageChange={setPage} />
        </div>
      )}
    </Card>
  );
}
