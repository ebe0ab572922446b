import { useState } from 'react';
import { Coffee, Headset, UserCheck, UserX, Users } from 'lucide-react';
import { AGENT_MESSAGES } from '@common/schemas/agents';
import { QueryStates } from '@web/components/query-states';
import { Card, CardBody, EmptyState, StatCard } from '@web/components/ui';
import { formatNumber } from '@web/lib/format';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { RequireProject } from '@web/components/layout/require-project';
import { useProjectAction } from '@web/stores/abilities';
import { useAgentSkills, useUpdateAgentSkills } from '../api/agent-skills-api';
import { FORCE_TOASTS, useAgents, useForceAgent, useLiveAgentStatus, useToggleAgent } from '../api/agents-api';
import { AgentCard, type AgentActions } from '../components/agent-card';
import { AgentFilters, type AgentFilterValues } from '../components/agent-filters';
import { AgentSkillsDialog, type SkillsFormOutput, type SkillsTarget } from '../components/agent-skills-dialog';
import { AgentsTable } from '../components/agents-table';
import { ForceActionDialog, type ForceTarget } from '../components/force-action-dialog';

/** Agent Yönetimi (/agents, spec §2.9). */
export function AgentsPage() {
  return <RequireProject>{(projectId) => <AgentsScreen projectId={projectId} />}</RequireProject>;
}

function AgentsScreen({ projectId }: { projectId: number }) {
  const [filters, setFilters] = useState<AgentFilterValues>({ search: '', status: 'all', performance: 'all' });
  const [force, setForce] = useState<ForceTarget | null>(null);
  const [skillsTarget, setSkillsTarget] = useState<SkillsTarget | null>(null);
  const search = useDebouncedValue(filters.search.trim());
  const list = useAgents(projectId, { search: search || undefined, status: filters.status, performance: filters.performance });
  useLiveAgentStatus(projectId);
  const toggle = useToggleAgent(projectId);
  const forceAgent = useForceAgent(projectId, FORCE_TOASTS.named);
  const skills = useAgentSkills(projectId);
  const saveSkills = useUpdateAgentSkills(projectId);
  const canEditSkills = useProjectAction(projectId, 'manageRouting');

  const actions: AgentActions = {
    busyId: toggle.isPending ? toggle.variables.id : null,
    onToggle: (agent) => toggle.mutate({ id: agent.id, isActive: !agent.isActive }),
    onForce: (agent, action) => setForce({ agentId: agent.id, name: agent.fullName, action }),
    canEditSkills,
    onEditSkills: (agent) => setSkillsTarget({ userId: agent.id, fullName: agent.fullName, skills: skills.data?.get(agent.id) }),
  };

  // The mutations toast; a failed save throws on, so the dialog shows the server's message.
  const submitSkills = async (userId: number, body: SkillsFormOutput) => {
    await saveSkills.mutateAsync({ userId, body });
    setSkillsTarget(null);
  };

  // A failure is toasted by the mutation and leaves the dialog open for another try.
  const confirmForce = async (reason: string) => {
    if (!force) return;
    await forceAgent.mutateAsync({ ...force, reason }).then(() => setForce(null), () => undefined);
  };

  const data = list.data;
  const totals = data?.totals;
  return (
    <div className="flex flex-col gap-4">
      {/* Figures that could not be fetched are not shown as missing ('N/A'): the list's error below says why. */}
      {!(list.isError && !data) && (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Toplam Agent" value={totals ? formatNumber(totals.total) : undefined} icon={Users} loading={list.isPending} hint={totals ? `${totals.withActiveTasks} agent aktif görevde` : undefined} />
        <StatCard label="Çevrimiçi" value={totals ? formatNumber(totals.online) : undefined} icon={UserCheck} tone="success" loading={list.isPending} />
        <StatCard label="Meşgul / Uzakta" value={totals ? `${formatNumber(totals.busy)} / ${formatNumber(totals.away)}` : undefined} icon={Coffee} tone="warning" loading={list.isPending} />
        <StatCard label="Çevrimdışı" value={totals ? formatNumber(totals.offline) : undefined} icon={UserX} tone="default" loading={list.isPending} />
      </div>
      )}
      <Card>
        <CardBody>
          <AgentFilters value={filters} onChange={setFilters} />
        </CardBody>
      </Card>
      <QueryStates query={list} inCards staleBanner loadingText={AGENT_MESSAGES.loading} isEmpty={(d) => d.items.length === 0} empty={<EmptyState icon={Headset} title={AGENT_MESSAGES.notFound} />}>
        {({ items }) => (
          <>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Agentler">
              {items.map((agent) => (
                <li key={agent.id} className="min-w-0">
                  <AgentCard agent={agent} actions={actions} skills={skills.data?.get(agent.id)} skillsLoading={skills.isPending} />
                </li>
              ))}
            </ul>
            <AgentsTable agents={items} />
          </>
        )}
      </QueryStates>
      <ForceActionDialog target={force} onClose={() => setForce(null)} onConfirm={confirmForce} />
      <AgentSkillsDialog target={skillsTarget} onClose={() => setSkillsTarget(null)} onSubmit={submitSkills} />
    </div>
  );
}
