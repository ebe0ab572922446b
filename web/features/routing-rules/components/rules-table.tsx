import { TERMS } from '@common/terms';
import { useState, type CSSProperties } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FlaskConical, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { KANBAN } from '@common/constants';
import { ROUTING_STRATEGY_LABELS } from '@common/enums';
import { ROUTING_MESSAGES, type RoutingRule } from '@common/schemas/routing';
import { Button, Card, CardHeader, Table, TableBody, TableCell, TableHead, TableHeaderCell } from '@web/components/ui';
import { focusRing } from '@web/components/ui/focus-ring';
import { cn } from '@web/lib/cn';
import { keepsPriorityOrder, moveRule } from '../model/reorder';
import { ActiveRuleBadge, ConditionChips, TargetText, type RuleActions } from './rule-card';

export interface RulesTableProps {
  rules: RoutingRule[];
  actions: RuleActions;
  /** Sends the new order; throws when the server refuses it (the old order comes back). */
  onReorder: (ruleIds: number[]) => Promise<void>;
  /** An order the server would refuse (a rule before one of higher priority). */
  onRefused: (message: string) => void;
}

const instructions = {
  draggable:
    'Sırasını değiştirmek için tutamağa odaklanıp Boşluk veya Enter ile tutun, yukarı ve aşağı ok tuşlarıyla taşıyın, tekrar Boşluk veya Enter ile bırakın. Escape taşımayı iptal eder.',
};

/**
 * 'Kural Detayları' (spec §2.14): every rule in evaluation order, its order changeable by
 * dragging the row's handle, with the mouse or the keyboard (dnd-kit). Priority still decides
 * first: an order that puts a rule before a higher-priority one is refused here and by the server.
 */
export function RulesTable({ rules, actions, onReorder, onRefused }: RulesTableProps) {
  // The order shown while a reorder is on its way; the next list from the server replaces it.
  const [pending, setPending] = useState<{ basis: RoutingRule[]; order: RoutingRule[] } | null>(null);
  const shown = pending && pending.basis === rules ? pending.order : rules;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: KANBAN.activationDistancePx } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number) => shown.find((r) => r.id === Number(id))?.ruleName ?? '';
  const place = (id: string | number) => shown.findIndex((r) => r.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${name(active.id)} tutuldu, sıra ${place(active.id)} / ${shown.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)}, ${place(over.id)}. sırada.` : `${name(active.id)} listenin dışında.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} ${place(over.id)}. sıraya bırakıldı.` : `${name(active.id)} bırakıldı, sıra değişmedi.`),
    onDragCancel: ({ active }) => `Taşıma iptal edildi, ${name(active.id)} yerinde kaldı.`,
  };

  const dragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = moveRule(shown, Number(active.id), Number(over.id));
    if (!keepsPriorityOrder(next)) {
      onRefused(ROUTING_MESSAGES.reorderAgainstPriority);
      return;
    }
    setPending({ basis: rules, order: next });
    try {
      await onReorder(next.map((r) => r.id));
    } catch {
      setPending(null);
    }
  };

  const sortable = actions.canManage && shown.length > 1;
  return (
    <Card>
      <CardHeader
        title="Kural Detayları"
        description={sortable ? 'Değerlendirme sırası: önce öncelik, sonra bu sıra. Aynı öncelikteki kuralları tutamaktan sürükleyerek sıralayın.' : 'Değerlendirme sırası: önce öncelik, sonra sıra.'}
      />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void dragEnd(e)} accessibility={{ announcements, screenReaderInstructions: instructions }}>
        <Table label="Routing kuralları, değerlendirme sırasıyla">
          <TableHead>
            <tr>
              {sortable && (
                // relative: the hidden text's box stays inside the table's scroller (else it widens the page).
                <TableHeaderCell className="relative w-10">
                  <span className="sr-only">Sırala</span>
                </TableHeaderCell>
              )}
              <TableHeaderCell className="w-10">#</TableHeaderCell>
              <TableHeaderCell>Kural</TableHeaderCell>
              <TableHeaderCell>Strateji</TableHeaderCell>
              <TableHeaderCell>Hedef</TableHeaderCell>
              <TableHeaderCell>{TERMS.ruleOrder}</TableHeaderCell>
              <TableHeaderCell>Durum</TableHeaderCell>
              <TableHeaderCell className="min-w-48">Koşullar</TableHeaderCell>
              <TableHeaderCell className="relative">
                <span className="sr-only">İşlemler</span>
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            <SortableContext items={shown.map((r) => r.id)} strategy={verticalListSortingStrategy} disabled={!sortable}>
              {shown.map((rule, index) => (
                <RuleRow key={rule.id} rule={rule} index={index} sortable={sortable} actions={actions} />
              ))}
            </SortableContext>
          </TableBody>
        </Table>
      </DndContext>
    </Card>
  );
}

function RuleRow({ rule, index, sortable, actions }: { rule: RoutingRule; index: number; sortable: boolean; actions: RuleActions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rule.id, disabled: !sortable });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <tr
      ref={setNodeRef}
      style={style}
      data-testid={`routing-rule-row-${rule.id}`}
      className={cn(
        'bg-white transition-colors hover:bg-zinc-50/70 dark:bg-zinc-900 dark:hover:bg-zinc-800/40',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-indigo-500/40',
      )}
    >
      {sortable && (
        <TableCell className="px-2">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-roledescription="sıralanabilir"
            aria-label={`${rule.ruleName} sırasını değiştir`}
            className={cn('flex size-8 cursor-grab touch-none items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 active:cursor-grabbing dark:text-zinc-400 dark:hover:bg-zinc-800', focusRing)}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        </TableCell>
      )}
      <TableCell className="text-zinc-500 tabular-nums dark:text-zinc-400">{index + 1}</TableCell>
      <TableCell className="min-w-36 font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">{rule.ruleName}</TableCell>
      <TableCell>{ROUTING_STRATEGY_LABELS[rule.targetStrategy]}</TableCell>
      <TableCell className="min-w-32 [overflow-wrap:anywhere]">
        <TargetText rule={rule} stacked />
      </TableCell>
      <TableCell className="tabular-nums">{rule.priority}</TableCell>
      <TableCell>
        <ActiveRuleBadge active={rule.isActive} />
      </TableCell>
      <TableCell>
        <ConditionChips rule={rule} />
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          {actions.canManage && <Button variant="ghost" size="icon" icon={Pencil} aria-label={`${rule.ruleName} kuralını düzenle`} title="Düzenle" onClick={() => actions.onEdit(rule)} />}
          <Button variant="ghost" size="icon" icon={FlaskConical} aria-label={`${rule.ruleName} kuralını test et`} title="Test Et" onClick={() => actions.onTest(rule)} />
          {actions.canManage && (
            <Button variant="ghost" size="icon" icon={Trash2} className="text-red-700 dark:text-red-400" aria-label={`${rule.ruleName} kuralını sil`} title="Sil" onClick={() => actions.onDelete(rule)} />
          )}
        </div>
      </TableCell>
    </tr>
  );
}
