import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRoutingRule,
  deleteRoutingRule,
  getRoutingRuleStats,
  listRoutingRules,
  listRoutingTargets,
  reorderRoutingRules,
  testRoutingRule,
  toggleRoutingRule,
  updateRoutingRule,
} from '@common/contract/routing-rules';
import { ROUTING_LIST_MAX_LIMIT, ROUTING_MESSAGES, type RoutingRuleBody, type RoutingStatusFilter, type RoutingTestPayload } from '@common/schemas/routing';
import { apiCall } from '@web/lib/api-call';
import { ApiError } from '@web/lib/api-error';
import { ERROR_TITLE, type MutationToasts } from '@web/lib/mutation-toasts';
import { queryKeys } from '@web/lib/query-keys';

export interface RoutingRuleFilters {
  search?: string;
  status: RoutingStatusFilter;
}

const rulesKey = (projectId: number) => queryKeys.project(projectId).scope('routing-rules');
const statsKey = (projectId: number) => queryKeys.project(projectId).scope('routing-rule-stats');
const targetsKey = (projectId: number) => queryKeys.project(projectId).scope('routing-targets');

/**
 * The project's rules in evaluation order, filtered. One page of up to 500: a project's rules fit
 * in it, so the cards, the table and its drag-and-drop order always see the whole filtered list.
 */
export function useRoutingRules(projectId: number, filters: RoutingRuleFilters) {
  return useQuery({
    queryKey: [...rulesKey(projectId), filters],
    queryFn: ({ signal }) =>
      apiCall(listRoutingRules, { params: { projectId }, query: { search: filters.search, status: filters.status, limit: ROUTING_LIST_MAX_LIMIT } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Matches and assignments per rule; statistics are fresh for 60 s (spec §9). */
export function useRoutingStats(projectId: number) {
  return useQuery({
    queryKey: statsKey(projectId),
    queryFn: ({ signal }) => apiCall(getRoutingRuleStats, { params: { projectId } }, { signal }),
    staleTime: 60_000,
    // Matches happen as requests arrive; a minute's lag is the screen's stated freshness.
    refetchInterval: 60_000,
  });
}

/** Members the 'Belirli Kullanıcı' strategy may target (the form's select). */
export function useRoutingTargets(projectId: number, enabled = true) {
  return useQuery({
    queryKey: targetsKey(projectId),
    queryFn: ({ signal }) => apiCall(listRoutingTargets, { params: { projectId } }, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** §8: an error toast is titled 'Hata' and says what failed; the server's reason follows when it gave one. */
function failed(text: string): MutationToasts['error'] {
  return (error) => {
    const reason = error instanceof ApiError && error.message && error.message !== text ? error.message : undefined;
    return { title: ERROR_TITLE, description: reason ? `${text}: ${reason}` : text };
  };
}

function useInvalidateRules(projectId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rulesKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: statsKey(projectId) }),
    ]);
}

export function useCreateRoutingRule(projectId: number) {
  const invalidate = useInvalidateRules(projectId);
  return useMutation({
    mutationFn: (body: RoutingRuleBody) => apiCall(createRoutingRule, { params: { projectId }, body }),
    onSuccess: () => void invalidate(),
    meta: { success: ROUTING_MESSAGES.created, error: failed(ROUTING_MESSAGES.createFailed) },
  });
}

export function useUpdateRoutingRule(projectId: number) {
  const invalidate = useInvalidateRules(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RoutingRuleBody }) => apiCall(updateRoutingRule, { params: { projectId, id }, body }),
    onSuccess: () => void invalidate(),
    meta: { success: ROUTING_MESSAGES.updated, error: failed(ROUTING_MESSAGES.updateFailed) },
  });
}

export function useDeleteRoutingRule(projectId: number) {
  const invalidate = useInvalidateRules(projectId);
  return useMutation({
    mutationFn: (id: number) => apiCall(deleteRoutingRule, { params: { projectId, id } }),
    onSuccess: () => void invalidate(),
    meta: { success: ROUTING_MESSAGES.deleted, error: failed(ROUTING_MESSAGES.deleteFailed) },
  });
}

export function useToggleRoutingRule(projectId: number) {
  const invalidate = useInvalidateRules(projectId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiCall(toggleRoutingRule, { params: { projectId, id }, body: { isActive } }),
    onSuccess: () => void invalidate(),
    meta: { success: ROUTING_MESSAGES.updated, error: failed(ROUTING_MESSAGES.updateFailed) },
  });
}

/** POST /reorder with the table's new order; the list refetches either way (a refusal puts the old order back). */
export function useReorderRoutingRules(projectId: number) {
  const invalidate = useInvalidateRules(projectId);
  return useMutation({
    mutationFn: (ruleIds: number[]) => apiCall(reorderRoutingRules, { params: { projectId }, body: { ruleIds } }),
    onSettled: () => void invalidate(),
    meta: { error: failed(ROUTING_MESSAGES.updateFailed) },
  });
}

/** POST /{id}/test: nothing is assigned, so nothing is invalidated. */
export function useTestRoutingRule(projectId: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RoutingTestPayload }) => apiCall(testRoutingRule, { params: { projectId, id }, body }),
    meta: { error: failed(ROUTING_MESSAGES.testFailed) },
  });
}
