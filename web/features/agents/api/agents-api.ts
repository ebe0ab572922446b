import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AgentStatus } from '@common/enums';
import { forceAgentLogout, forceAgentOffline, listAgents, toggleAgent } from '@common/contract/agents';
import type { PerformanceLevel } from '@common/agent-metrics';
import type { AgentList, AgentStatusChanged, ListedAgent } from '@common/schemas/agents';
import { SOCKET_EVENTS } from '@common/socket-events';
import { apiCall } from '@web/lib/api-call';
import { errorMessage } from '@web/lib/api-error';
import type { MutationToasts } from '@web/lib/mutation-toasts';
import { queryKeys } from '@web/lib/query-keys';
import { useSocketEvent } from '@web/lib/use-project-socket';

export interface AgentFilters {
  search?: string;
  status?: AgentStatus | 'all';
  performance?: PerformanceLevel | 'all';
}

const agentsKey = (projectId: number) => queryKeys.project(projectId).scope('agents');

/** GET /api/projects/:projectId/agents — live status and figures of the project's workers. */
export function agentsQuery(projectId: number, filters: AgentFilters = {}) {
  return queryOptions({
    queryKey: queryKeys.project(projectId).scope('agents', filters),
    queryFn: ({ signal }) => apiCall(listAgents, { params: { projectId }, query: { ...filters } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useAgents(projectId: number, filters: AgentFilters = {}) {
  return useQuery(agentsQuery(projectId, filters));
}

/** Applies an 'agent-status-changed' event to every cached agent list of the project at once. */
export function applyStatusChange(queryClient: QueryClient, change: AgentStatusChanged): void {
  queryClient.setQueriesData<AgentList>({ queryKey: agentsKey(change.projectId) }, (list) => {
    if (!list) return list;
    const items = list.items.map((a): ListedAgent =>
      a.id === change.agentId
        ? { ...a, status: change.status, currentLoad: change.currentLoad, maxLoad: change.maxLoad, lastActivity: change.lastActivity ?? a.lastActivity }
        : a,
    );
    return { ...list, items };
  });
}

/** Keeps the project's agent lists live: the status shows at once, then filters and totals refetch. */
export function useLiveAgentStatus(projectId: number): void {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.agentStatusChanged, (change) => {
    if (change.projectId !== projectId) return;
    applyStatusChange(queryClient, change);
    void queryClient.invalidateQueries({ queryKey: agentsKey(projectId) });
  });
}

function useInvalidateAgents(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentsKey(projectId) });
}

export function useToggleAgent(projectId: number) {
  const onSuccess = useInvalidateAgents(projectId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiCall(toggleAgent, { params: { projectId, id }, body: { isActive } }),
    onSuccess,
    meta: { success: { title: 'Agent durumu güncellendi' }, error: (error) => ({ title: errorMessage(error, 'Agent durumu güncellenemedi') }) },
  });
}

export type ForceAction = 'offline' | 'logout';

export interface ForceVariables {
  agentId: number;
  action: ForceAction;
  reason?: string;
  /** The agent's name, for the agents screen's toast. */
  name?: string;
}

/** §8 dashboard toasts of the agent control panel. */
export const CONTROL_TOASTS: Record<ForceAction, { success: string; failure: string }> = {
  offline: { success: 'Agent offline edildi', failure: 'Force offline hatası' },
  logout: { success: 'Agent oturumu sonlandırıldı', failure: 'Force logout hatası' },
};

/** The two screens that force an agent word it differently: the dashboard panel, and the agents screen by name. */
export const FORCE_TOASTS = {
  panel: {
    success: (_: unknown, { action }: ForceVariables) => ({ title: CONTROL_TOASTS[action].success }),
    error: (error: unknown, { action }: ForceVariables) => ({ title: CONTROL_TOASTS[action].failure, description: errorMessage(error) }),
  },
  named: {
    success: (_: unknown, { action, name }: ForceVariables) => ({ title: action === 'offline' ? `${name} çevrimdışı yapıldı` : `${name} çıkış yaptırıldı` }),
    error: (error: unknown, { action }: ForceVariables) => ({ title: action === 'offline' ? 'Agent çevrimdışı yapılamadı' : 'Agent çıkış yaptırılamadı', description: errorMessage(error) }),
  },
} satisfies Record<string, MutationToasts>;

/** POST /api/auth/admin/projects/:projectId/agents/:agentId/force-offline | force-logout (spec §7.4). */
export function useForceAgent(projectId: number, toasts: MutationToasts) {
  const onSuccess = useInvalidateAgents(projectId);
  return useMutation({
    mutationFn: ({ agentId, action, reason }: ForceVariables) =>
      apiCall(action === 'offline' ? forceAgentOffline : forceAgentLogout, { params: { projectId, agentId }, body: reason ? { reason } : {} }),
    onSuccess,
    meta: toasts,
  });
}
