import { LogOut, Sparkles, WifiOff } from 'lucide-react';
import type { ListedAgent } from '@common/schemas/agents';
import type { AgentSkills } from '@common/schemas/routing';
import { ActiveToggleButton } from '@web/components/active-toggle-button';
import { InitialAvatar } from '@web/components/user-badges';
import { Badge, Button, Card } from '@web/components/ui';
import { formatDateTime, formatMoney, formatNumber } from '@web/lib/format';
import { AgentStatusBadge, LoadBar, PerformanceValue } from './agent-indicators';
import { AGENT_SKILL_TEXTS, AgentSkillChips } from './agent-skills';

/** The buttons show where the server says the caller may act (`agent.abilities`). */
export interface AgentActions {
  onToggle: (agent: ListedAgent) => void;
  onForce: (agent: ListedAgent, action: 'offline' | 'logout') => void;
  busyId: number | null;
  /** Shown when the caller may edit routing skills (manager and above). */
  canEditSkills: boolean;
  onEditSkills: (agent: ListedAgent) => void;
}

export function lastActivityText(value: string | null): string {
  return value ? formatDateTime(value) : '—';
}

/** One agent: live status, load bar, performance, totals, last activity, skills and actions (spec §2.9, issue 11). */
export function AgentCard({ agent, actions, skills, skillsLoading }: { agent: ListedAgent; actions: AgentActions; skills: AgentSkills | undefined; skillsLoading?: boolean }) {
  const can = agent.abilities;
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid={`agent-card-${agent.username}`} aria-label={agent.fullName}>
      <div className="flex items-start gap-3">
        <InitialAvatar name={agent.fullName || agent.username} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{agent.fullName}</h3>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">@{agent.username}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <AgentStatusBadge status={agent.status} />
          {!agent.isActive && <Badge tone="danger">Pasif</Badge>}
        </div>
      </div>
      <LoadBar current={agent.currentLoad} max={agent.maxLoad} projectDefault={agent.ownMaxLoad === null} />
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Performans</dt>
          <dd>
            <PerformanceValue value={agent.performance} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Tamamlanan</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(agent.totalCompleted)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Toplam Tutar</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(agent.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Son Aktivite</dt>
          <dd className="tabular-nums">{lastActivityText(agent.lastActivity)}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1.5" data-testid="agent-skills">
        <div className="flex items-center justify-between gap-2">
          <h4 className="text-xs text-zinc-500 dark:text-zinc-400">{AGENT_SKILL_TEXTS.title}</h4>
          {actions.canEditSkills && (
            <Button variant="ghost" size="sm" icon={Sparkles} onClick={() => actions.onEditSkills(agent)} aria-label={`${agent.fullName}: ${AGENT_SKILL_TEXTS.edit}`}>
              Düzenle
            </Button>
          )}
        </div>
        <AgentSkillChips skills={skills} loading={skillsLoading} />
      </div>
      {(can.toggle || can.force) && (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
          {can.toggle && <ActiveToggleButton active={agent.isActive} busy={actions.busyId === agent.id} onClick={() => actions.onToggle(agent)} />}
          {can.force && (
            <>
              <Button variant="outline" size="sm" icon={WifiOff} onClick={() => actions.onForce(agent, 'offline')}>
                Çevrimdışı Yap
              </Button>
              <Button variant="danger" size="sm" icon={LogOut} onClick={() => actions.onForce(agent, 'logout')}>
                Çıkış Yaptır
              </Button>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
