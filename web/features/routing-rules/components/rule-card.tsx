import { TERMS } from '@common/terms';
import { FlaskConical, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { ROUTING_STRATEGY_LABELS } from '@common/enums';
import { ROUTING_MESSAGES, type RoutingRule, type RoutingRuleStats } from '@common/schemas/routing';
import { Badge, Button, Card } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { formatDate, formatDateTime, formatNumber } from '@web/lib/format';
import { conditionChipText } from '../model/conditions';

export interface RuleActions {
  /** false for a caller who may only look (the buttons that change a rule are hidden). */
  canManage: boolean;
  busyId: number | null;
  onEdit: (rule: RoutingRule) => void;
  onTest: (rule: RoutingRule) => void;
  onDelete: (rule: RoutingRule) => void;
  onToggle: (rule: RoutingRule) => void;
}

/** The target column: the user strategy's target, else who the strategy picks from. */
export function TargetText({ rule, stacked = false }: { rule: RoutingRule; stacked?: boolean }) {
  if (rule.targetStrategy !== 'user') return <span className="text-zinc-500 dark:text-zinc-400">Uygun agentler</span>;
  if (!rule.targetUser) return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  return (
    <span className="min-w-0">
      <span className="font-medium text-zinc-900 dark:text-zinc-100">{rule.targetUser.fullName}</span>{' '}
      <span className={cn('text-zinc-500 dark:text-zinc-400', stacked && 'block text-xs')}>@{rule.targetUser.username}</span>
    </span>
  );
}

export function ActiveRuleBadge({ active }: { active: boolean }) {
  return (
    <Badge tone={active ? 'success' : 'default'} dot>
      {active ? 'Aktif' : 'Pasif'}
    </Badge>
  );
}

export function ConditionChips({ rule }: { rule: RoutingRule }) {
  if (rule.conditions.length === 0) return <p className="text-sm text-zinc-500 italic dark:text-zinc-400">{ROUTING_MESSAGES.noConditions}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Koşullar">
      {rule.conditions.map((c) => (
        <li key={c.id} className="max-w-full">
          {/* Not a Badge: a chip may hold a long value and must wrap rather than widen the card. */}
          <span className="inline-block max-w-full rounded-md bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700 ring-1 ring-sky-600/20 ring-inset [overflow-wrap:anywhere] dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25">
            {conditionChipText(c)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One rule (spec §2.14): name, priority, active badge, pause/play, strategy, target, conditions, date, figures, actions. */
export function RuleCard({ rule, stats, statsLoading, actions }: { rule: RoutingRule; stats: RoutingRuleStats | undefined; statsLoading: boolean; actions: RuleActions }) {
  const busy = actions.busyId === rule.id;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid={`routing-rule-card-${rule.id}`} aria-label={rule.ruleName} role="group">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-50">{rule.ruleName}</h3>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <Badge tone="warning" title={TERMS.ruleOrder}>
              Sıra {rule.priority}
            </Badge>
            <ActiveRuleBadge active={rule.isActive} />
          </div>
        </div>
        {actions.canManage && (
          <Button
            variant="outline"
            size="icon"
            icon={rule.isActive ? Pause : Play}
            loading={busy}
            aria-label={rule.isActive ? `${rule.ruleName} kuralını duraklat` : `${rule.ruleName} kuralını etkinleştir`}
            title={rule.isActive ? 'Duraklat' : 'Etkinleştir'}
            onClick={() => actions.onToggle(rule)}
          />
        )}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">Strateji</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">{ROUTING_STRATEGY_LABELS[rule.targetStrategy]}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Hedef</dt>
        <dd className="[overflow-wrap:anywhere]">
          <TargetText rule={rule} />
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Oluşturulma</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">{formatDate(rule.createdAt)}</dd>
      </dl>
      <ConditionChips rule={rule} />
      <RuleStatsLine stats={stats} loading={statsLoading} />
      <div className="mt-auto flex flex-wrap gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
        {actions.canManage && (
          <Button variant="outline" size="sm" icon={Pencil} onClick={() => actions.onEdit(rule)} aria-label={`${rule.ruleName} kuralını düzenle`}>
            Düzenle
          </Button>
        )}
        <Button variant="outline" size="sm" icon={FlaskConical} onClick={() => actions.onTest(rule)} aria-label={`${rule.ruleName} kuralını test et`}>
          Test Et
        </Button>
        {actions.canManage && (
          <Button variant="ghost" size="sm" icon={Trash2} className="text-red-700 dark:text-red-400" onClick={() => actions.onDelete(rule)} aria-label={`${rule.ruleName} kuralını sil`}>
            Sil
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Matches and assignments from GET /stats. */
function RuleStatsLine({ stats, loading }: { stats: RoutingRuleStats | undefined; loading: boolean }) {
  if (!stats) {
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">{loading ? 'İstatistikler yükleniyor...' : 'İstatistik yok'}</p>;
  }
  const item = (label: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{value}</dd>
    </div>
  );
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-lg bg-zinc-50 p-2.5 dark:bg-zinc-800/50">
      {item('Bugün eşleşme', formatNumber(stats.matchesToday))}
      {item('7 gün eşleşme', formatNumber(stats.matches7d))}
      {item('7 gün atama', formatNumber(stats.assignments7d))}
      {item('Son eşleşme', stats.lastMatchedAt ? formatDateTime(stats.lastMatchedAt) : '—')}
    </dl>
  );
}
