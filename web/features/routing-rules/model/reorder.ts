import type { RoutingRule } from '@common/schemas/routing';

/** The rules with `activeId` moved to where `overId` stood (dnd-kit's arrayMove, by id). */
export function moveRule<T extends Pick<RoutingRule, 'id'>>(rules: readonly T[], activeId: number, overId: number): T[] {
  const from = rules.findIndex((r) => r.id === activeId);
  const to = rules.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0 || from === to) return [...rules];
  const next = [...rules];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Priority decides first (the server refuses an order that puts a rule before one of higher
 * priority): true when the order keeps priorities from highest to lowest.
 */
export function keepsPriorityOrder(rules: readonly Pick<RoutingRule, 'priority'>[]): boolean {
  return rules.every((rule, i) => i === 0 || rules[i - 1]!.priority >= rule.priority);
}
