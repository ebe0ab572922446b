import { EmptyState, ErrorState } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';
import { useLiveSync, useSyncPermissions, useSyncStatus } from '../api/sync-api';
import { SyncLogsCard } from '../components/sync-logs-card';
import { SyncProgressCard } from '../components/sync-progress-card';
import { SyncSettingsCard } from '../components/sync-settings-card';
import { SyncStatCards } from '../components/sync-stat-cards';

/** Bridge Senkronizasyon (/bridge-sync, spec §2.13): start a job, watch it live, read the logs. */
export function BridgeSyncPage() {
  const projectId = useSessionStore((s) => s.activeProjectId);
  const { canRun } = useSyncPermissions(projectId);
  useLiveSync(projectId);
  const status = useSyncStatus(projectId);

  if (projectId === null) return <EmptyState title="Proje seçilmedi" description="Senkronizasyon için bir proje seçin." />;
  return (
    <div className="flex flex-col gap-6">
      {status.isError && !status.data ? (
        <ErrorState query={status} />
      ) : (
        <>
          {status.isError && <ErrorState variant="banner" query={status} />}
          <SyncStatCards status={status.data} loading={status.isPending} />
        </>
      )}
      <SyncProgressCard progress={status.data?.current} />
      {canRun && <SyncSettingsCard projectId={projectId} running={status.data?.isRunning === true} />}
      <SyncLogsCard projectId={projectId} />
    </div>
  );
}
