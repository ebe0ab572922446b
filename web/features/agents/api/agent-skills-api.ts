import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAgentSkills, updateAgentSkills } from '@common/contract/routing-rules';
import type { AgentSkills, AgentSkillsBody } from '@common/schemas/routing';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

export const AGENT_SKILL_TEXTS = {
  title: 'Yetenekler',
  none: 'Yetenek tanımlanmamış',
  edit: 'Yetenekleri Düzenle',
  saved: 'Agent yetenekleri güncellendi',
  saveFailed: 'Agent yetenekleri güncellenemedi',
} as const;

const skillsKey = (projectId: number) => queryKeys.project(projectId).scope('agent-skills');

/** The bonus types and customer segments each agent of the project handles (skill_based routing). */
export function useAgentSkills(projectId: number) {
  return useQuery({
    queryKey: skillsKey(projectId),
    queryFn: ({ signal }) => apiCall(listAgentSkills, { params: { projectId } }, { signal }),
    select: (items) => new Map<number, AgentSkills>(items.map((s) => [s.userId, s])),
    staleTime: 60_000,
  });
}

export function useUpdateAgentSkills(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: AgentSkillsBody }) => apiCall(updateAgentSkills, { params: { projectId, userId }, body }),
    onSuccess: (saved) => {
      // The saved skills show at once; the list reloads behind them.
      queryClient.setQueryData<AgentSkills[]>(skillsKey(projectId), (list) => list && [...list.filter((s) => s.userId !== saved.userId), saved]);
      void queryClient.invalidateQueries({ queryKey: skillsKey(projectId) });
    },
    meta: { success: AGENT_SKILL_TEXTS.saved, error: { title: AGENT_SKILL_TEXTS.saveFailed } },
  });
}
