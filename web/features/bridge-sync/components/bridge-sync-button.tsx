import { RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';
import { SYNC_TOASTS, useLiveSync, useStartSync, useSyncPermissions, useSyncStatus } from '../api/sync-api';

export const SYNCING_TEXT = 'Senkronize ediliyor…';

/**
 * The dashboard's 'Bridge Sync' button (spec §2.4): starts a bonus sync of the active project and
 * reads 'Senkronize ediliyor…' for as long as the JOB runs (status + live socket), not only while
 * the request is in flight. Shown to users the server lets start one.
 */
export function BridgeSyncButton({ projectId, className }: { projectId: number; className?: string }) {
  const { canRun } = useSyncPermissions(projectId);
  useLiveSync(projectId);
  const status = useSyncStatus(projectId);
  const start = useStartSync(projectId, undefined, SYNC_TOASTS.dashboard);
  if (!canRun) return null;
  const running = start.isPending || status.data?.isRunning === true;
  return (
    <Button
      variant="outline"
      icon={RefreshCw}
      className={className}
      loading={running}
      loadingText={SYNCING_TEXT}
      onClick={() => start.mutate({ syncType: 'bonus' })}
    >
      Bridge Sync
    </Button>
  );
}

/** The same button on the active project: what the dashboard's toolbar slot mounts. */
export function ActiveProjectBridgeSyncButton() {
  const projectId = useSessionStore((s) => s.activeProjectId);
  return projectId === null ? null : <BridgeSyncButton projectId={projectId} />;
}
