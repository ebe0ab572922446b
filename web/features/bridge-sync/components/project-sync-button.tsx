import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui';
import { queryKeys } from '@web/lib/query-keys';
import { startProjectSync, useStartSync, useSyncPermissions, useSyncStatus } from '../api/sync-api';
import { SYNCING_TEXT } from './bridge-sync-button';

/** A finished job moved the project's 'last sync': the project list shows it without a reload. */
function useRefreshProjectsWhenDone(running: boolean) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
    wasRunning.current = running;
  }, [running, queryClient]);
}

/**
 * A project's 'Senkronize' button on /projects (spec §2.7): starts that project's bonus sync and
 * shows its state while it runs (polled: the live socket follows only the active project).
 */
export function ProjectSyncButton({ projectId, projectName, disabled }: { projectId: number; projectName: string; disabled?: boolean }) {
  const { canRun } = useSyncPermissions(projectId);
  const status = useSyncStatus(projectId, { poll: true });
  const start = useStartSync(projectId, (id) => startProjectSync(id));
  const running = start.isPending || status.data?.isRunning === true;
  useRefreshProjectsWhenDone(running);
  if (!canRun) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      icon={RefreshCw}
      disabled={disabled}
      loading={running}
      loadingText={SYNCING_TEXT}
      aria-label={running ? `${projectName}: ${SYNCING_TEXT}` : `${projectName} projesini senkronize et`}
      onClick={() => start.mutate({})}
    >
      Senkronize
    </Button>
  );
}
