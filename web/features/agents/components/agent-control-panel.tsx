import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LogOut, ShieldAlert, WifiOff } from 'lucide-react';
import { agentControlForm } from '@common/schemas/agents';
import { Button, Card, CardBody, CardHeader, ErrorState, Input, Select } from '@web/components/ui';
import { useProjectAction } from '@web/stores/abilities';
import { useSessionStore } from '@web/stores/session-store';
import { FORCE_TOASTS, useAgents, useForceAgent, useLiveAgentStatus, type ForceAction } from '../api/agents-api';

type Values = z.input<typeof agentControlForm>;

/**
 * The dashboard's agent control panel (spec §2.4): pick an agent ('Agent ID'), an optional
 * reason, then 'Force Offline' or 'Force Logout' in the active project. Shows how many
 * agents carry active tasks. Renders nothing for users the server gives no 'forceAgents' in the project.
 */
export function AgentControlPanel() {
  const projectId = useSessionStore((s) => s.activeProjectId);
  const mayForce = useProjectAction(projectId, 'forceAgents');
  if (projectId === null || !mayForce) return null;
  return <ControlPanel projectId={projectId} />;
}

function ControlPanel({ projectId }: { projectId: number }) {
  const agents = useAgents(projectId);
  useLiveAgentStatus(projectId);
  const force = useForceAgent(projectId, FORCE_TOASTS.panel);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(agentControlForm),
    defaultValues: { agentId: '', reason: '' },
  });

  const run = (action: ForceAction) =>
    handleSubmit(async ({ agentId, reason }) => {
      // The mutation toasts; the form is cleared only when the agent was forced.
      await force.mutateAsync({ agentId: Number(agentId), action, reason: reason || undefined }).then(() => reset({ agentId: '', reason: '' }), () => undefined);
    });

  const options = (agents.data?.items ?? [])
    .filter((a) => a.abilities.force)
    .map((a) => ({ value: String(a.id), label: `#${a.id} — ${a.fullName} (${a.username})` }));
  const pending = force.isPending ? force.variables?.action : undefined;

  return (
    <Card>
      <CardHeader
        title="Agent Kontrol Paneli"
        as="h2"
        description={
          <span data-testid="agents-with-active-tasks">
            Aktif görevi olan agent sayısı: <strong className="tabular-nums">{agents.data?.totals.withActiveTasks ?? '—'}</strong>
          </span>
        }
      />
      <CardBody>
        {/* Without the agent list there is nobody to choose: say why instead of an empty select. */}
        {agents.isError && (agents.data ? <ErrorState variant="banner" query={agents} className="mb-3" /> : <ErrorState query={agents} className="py-4" />)}
        <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-3">
          <Select label="Agent ID" required placeholder={agents.isPending ? 'Agentler yükleniyor...' : 'Agent seçiniz'} options={options} error={formState.errors.agentId?.message} {...register('agentId')} />
          <Input label="Sebep (opsiyonel)" autoComplete="off" error={formState.errors.reason?.message} {...register('reason')} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" icon={WifiOff} loading={pending === 'offline'} disabled={force.isPending} onClick={run('offline')}>
              Force Offline
            </Button>
            <Button type="button" variant="danger" icon={LogOut} loading={pending === 'logout'} disabled={force.isPending} onClick={run('logout')}>
              Force Logout
            </Button>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <ShieldAlert aria-hidden="true" className="size-3.5" />
            Her işlem nedeniyle birlikte audit loguna yazılır.
          </p>
        </form>
      </CardBody>
    </Card>
  );
}
