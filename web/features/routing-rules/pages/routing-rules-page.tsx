import { useState } from 'react';
import { Plus, Split } from 'lucide-react';
import { ROUTING_MESSAGES, type RoutingRule, type RoutingRuleBody, type RoutingTestPayload } from '@common/schemas/routing';
import { RequireProject } from '@web/components/layout/require-project';
import { QueryStates } from '@web/components/query-states';
import { Button, Card, CardBody, CardHeader, EmptyState, useConfirm } from '@web/components/ui';
import { formatNumber } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useProjectAction } from '@web/stores/abilities';
import {
  useCreateRoutingRule,
  useDeleteRoutingRule,
  useReorderRoutingRules,
  useRoutingRules,
  useRoutingStats,
  useRoutingTargets,
  useTestRoutingRule,
  useToggleRoutingRule,
  useUpdateRoutingRule,
} from '../api/routing-rules-api';
import { RuleCard, type RuleActions } from '../components/rule-card';
import { NO_RULE_FILTERS, RuleFilters, type RuleFilterValues } from '../components/rule-filters';
import { RuleFormDialog } from '../components/rule-form-dialog';
import { RuleTestDialog } from '../components/rule-test-dialog';
import { RulesTable } from '../components/rules-table';

/** Routing Kuralları (/routing-rules, spec §2.14, issue 11). */
export function RoutingRulesPage() {
  return <RequireProject description="Routing kurallarını görmek için bir proje seçin.">{(projectId) => <RoutingRulesScreen key={projectId} projectId={projectId} />}</RequireProject>;
}

function RoutingRulesScreen({ projectId }: { projectId: number }) {
  const canManage = useProjectAction(projectId, 'manageRouting');
  const confirm = useConfirm();
  const [filters, setFilters] = useState<RuleFilterValues>(NO_RULE_FILTERS);
  const [editing, setEditing] = useState<RoutingRule | 'new' | null>(null);
  const [testing, setTesting] = useState<RoutingRule | null>(null);
  const search = useDebouncedValue(filters.search.trim());

  const list = useRoutingRules(projectId, { search: search || undefined, status: filters.status });
  const stats = useRoutingStats(projectId);
  const targets = useRoutingTargets(projectId, editing !== null);
  const create = useCreateRoutingRule(projectId);
  const update = useUpdateRoutingRule(projectId);
  const remove = useDeleteRoutingRule(projectId);
  const toggle = useToggleRoutingRule(projectId);
  const reorder = useReorderRoutingRules(projectId);
  const test = useTestRoutingRule(projectId);

  // The mutations toast; a failed save or test throws on, so its dialog shows the server's message.
  const save = async (body: RoutingRuleBody) => {
    const existing = editing === 'new' ? null : editing;
    if (existing) await update.mutateAsync({ id: existing.id, body });
    else await create.mutateAsync(body);
    setEditing(null);
  };

  const runTest = (rule: RoutingRule, body: RoutingTestPayload) => test.mutateAsync({ id: rule.id, body });

  const actions: RuleActions = {
    canManage,
    busyId: toggle.isPending ? toggle.variables.id : null,
    onEdit: (rule) => setEditing(rule),
    onTest: (rule) => setTesting(rule),
    onToggle: (rule) => toggle.mutate({ id: rule.id, isActive: !rule.isActive }),
    onDelete: async (rule) => {
      const ok = await confirm({ title: ROUTING_MESSAGES.deleteConfirm, message: `'${rule.ruleName}' kalıcı olarak silinir; bu kuralla atanmış talepler üzerlerinde kalır.`, confirmLabel: 'Sil' });
      if (ok) remove.mutate(rule.id);
    },
  };

  // Throws on a refusal, so the table puts the old order back.
  const reorderRules = async (ruleIds: number[]) => {
    await reorder.mutateAsync(ruleIds);
  };

  const data = list.data;
  const statsById = new Map((stats.data?.items ?? []).map((s) => [s.ruleId, s]));
  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  const newButton = canManage ? (
    <Button icon={Plus} onClick={() => setEditing('new')}>
      Yeni Kural
    </Button>
  ) : null;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader
          title={`Routing Kuralları (${formatNumber(data?.total ?? 0)})`}
          description="Yeni talepler, önceliği en yüksek eşleşen kuralın seçtiği uygun agente otomatik atanır."
          actions={newButton}
        />
        <CardBody>
          <RuleFilters value={filters} onChange={setFilters} />
        </CardBody>
      </Card>

      <QueryStates
        query={list}
        inCards
        staleBanner
        loadingText="Kurallar yükleniyor..."
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState
            icon={Split}
            title={ROUTING_MESSAGES.empty}
            description={filtered ? 'Filtrelere uyan kural yok.' : "Bu projede henüz routing kuralı yok; talepler Bekleyen sütununda üstlenilmeyi bekler. 'Yeni Kural' ile ilkini ekleyin."}
          />
        }
      >
        {({ items }) => (
          <>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Routing kuralları">
              {items.map((rule) => (
                <li key={rule.id} className="min-w-0">
                  <RuleCard rule={rule} stats={statsById.get(rule.id)} statsLoading={stats.isPending} actions={actions} />
                </li>
              ))}
            </ul>
            <RulesTable rules={items} actions={actions} onReorder={reorderRules} onRefused={(message) => notify.error('Hata', message)} />
          </>
        )}
      </QueryStates>

      <RuleFormDialog open={editing !== null} rule={editing === 'new' ? null : editing} targets={targets.data} onClose={() => setEditing(null)} onSubmit={save} />
      <RuleTestDialog rule={testing} onClose={() => setTesting(null)} onTest={runTest} />
    </div>
  );
}
