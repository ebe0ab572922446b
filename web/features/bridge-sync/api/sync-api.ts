import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import * as contract from '@common/contract/bridge-sync';
import { SYNC_MESSAGES, type SyncLog, type SyncProgress, type SyncStartBody, type SyncStatus } from '@common/schemas/bridge-sync';
import { SOCKET_EVENTS } from '@common/socket-events';
import { apiCall } from '@web/lib/api-call';
import type { MutationToasts } from '@web/lib/mutation-toasts';
import { queryKeys } from '@web/lib/query-keys';
import { useSocketEvent } from '@web/lib/use-project-socket';
import { useProjectAction, useProjectScreen } from '@web/stores/abilities';

export const syncKeys = {
  all: (projectId: number) => queryKeys.project(projectId).scope('sync'),
  status: (projectId: number) => [...queryKeys.project(projectId).scope('sync'), 'status'] as const,
  logs: (projectId: number, params?: { page: number; limit: number }) =>
    params ? ([...queryKeys.project(projectId).scope('sync'), 'logs', params] as const) : ([...queryKeys.project(projectId).scope('sync'), 'logs'] as const),
};

/** GET /api/bridge/projects/{p}/sync/status (spec §3 Sync status, plus the running job's figures). */
export function syncStatusQuery(projectId: number) {
  return queryOptions({
    queryKey: syncKeys.status(projectId),
    queryFn: ({ signal }) => apiCall(contract.getSyncStatus, { params: { projectId } }, { signal }),
    staleTime: FRESHNESS.syncLogs,
  });
}

/** GET /api/bridge/projects/{p}/sync/logs — newest first, paged. */
export function syncLogsQuery(projectId: number, params: { page: number; limit: number }) {
  return queryOptions({
    queryKey: syncKeys.logs(projectId, params),
    queryFn: ({ signal }) => apiCall(contract.listSyncLogs, { params: { projectId }, query: params }, { signal }),
    staleTime: FRESHNESS.syncLogs,
  });
}

/** Whether the server lets the signed-in user read the project's sync data / start its sync. */
export function useSyncPermissions(projectId: number | null) {
  return { canRead: useProjectScreen(projectId, 'bridgeSync'), canRun: useProjectAction(projectId, 'runSync') };
}

/**
 * The sync state of a project. The active project's room brings live progress; another project
 * (a card on /projects) is polled while its job runs, since this client is not in its room.
 */
export function useSyncStatus(projectId: number | null, options: { poll?: boolean } = {}) {
  const { canRead } = useSyncPermissions(projectId);
  return useQuery({
    ...syncStatusQuery(projectId ?? 0),
    enabled: projectId !== null && canRead,
    refetchInterval: options.poll ? (query) => (query.state.data?.isRunning ? 2_000 : false) : false,
  });
}

export function useSyncLogs(projectId: number | null, params: { page: number; limit: number }) {
  const { canRead } = useSyncPermissions(projectId);
  return useQuery({ ...syncLogsQuery(projectId ?? 0, params), enabled: projectId !== null && canRead, placeholderData: (previous) => previous });
}

/**
 * Jobs whose end this client has seen. The start's HTTP answer and the socket's 'sync-finished'
 * travel separately: a short job may end before its start is answered, and that answer must
 * not show the job running again.
 */
const finishedJobs = new Set<number>();

/** A job's progress arrived: the status shows it as running with these figures, at once. */
export function applyProgress(queryClient: QueryClient, progress: SyncProgress): void {
  if (finishedJobs.has(progress.logId)) return;
  queryClient.setQueryData<SyncStatus>(syncKeys.status(progress.projectId), (status) =>
    status
      ? { ...status, isRunning: true, current: progress }
      : { isRunning: true, statistics: { total: 0, success: 0, partial: 0, failed: 0 }, latestSync: null, current: progress },
  );
}

/**
 * Keeps the active project's sync data live: progress events update the status in place (the
 * progress bar moves), a new job and a finished one refetch the logs and the counts.
 */
export function useLiveSync(projectId: number | null): void {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.syncProgress, (progress) => {
    if (progress.projectId !== projectId) return;
    const known = queryClient.getQueryData<SyncStatus>(syncKeys.status(progress.projectId))?.current?.logId === progress.logId;
    applyProgress(queryClient, progress);
    if (!known) void queryClient.invalidateQueries({ queryKey: syncKeys.logs(progress.projectId) });
  });
  useSocketEvent(SOCKET_EVENTS.syncFinished, (log) => {
    finishedJobs.add(log.id);
    if (log.projectId !== projectId) return;
    // A job that wrote rows changed the project's requests, agents and figures: every screen of the
    // project refetches (the ones not on screen when next opened), not only the sync views.
    void queryClient.invalidateQueries({ queryKey: log.rowsWritten > 0 ? queryKeys.project(log.projectId).all : syncKeys.all(log.projectId) });
  });
}

/** POST /api/bridge/projects/{p}/sync — answers at once with the new running log row. */
export function startSync(projectId: number, body: SyncStartBody): Promise<SyncLog> {
  return apiCall(contract.startSync, { params: { projectId }, body });
}

/** POST /api/projects/{p}/bridge-sync/start — the /projects cards' start (a bonus sync). */
export function startProjectSync(projectId: number): Promise<SyncLog> {
  return apiCall(contract.startProjectSync, { params: { projectId }, body: undefined });
}

/** The sync screens' toasts, and the dashboard button's (§8). */
export const SYNC_TOASTS = {
  screen: { success: SYNC_MESSAGES.started, error: SYNC_MESSAGES.startFailed },
  dashboard: { success: { title: SYNC_MESSAGES.dashboardTriggered }, error: { title: SYNC_MESSAGES.dashboardError } },
} satisfies Record<string, MutationToasts>;

/** Starts a job; the answer marks it running and brings the new log row into the list. */
export function useStartSync(
  projectId: number | null,
  start: (projectId: number, body: SyncStartBody) => Promise<SyncLog> = startSync,
  toasts: MutationToasts = SYNC_TOASTS.screen,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: toasts,
    mutationFn: (body: SyncStartBody) => start(projectId!, body),
    onSuccess: (log) => {
      applyProgress(queryClient, {
        logId: log.id,
        projectId: log.projectId,
        syncType: log.syncType,
        status: log.status,
        startedAt: log.startedAt,
        rowsTotal: log.rowsTotal,
        rowsRead: log.rowsRead,
        rowsWritten: log.rowsWritten,
        rowsFailed: log.rowsFailed,
      });
      void queryClient.invalidateQueries({ queryKey: syncKeys.logs(log.projectId) });
    },
    onError: () => {
      // A 409 means a job runs already: show it.
      if (projectId !== null) void queryClient.invalidateQueries({ queryKey: syncKeys.status(projectId) });
    },
  });
}
