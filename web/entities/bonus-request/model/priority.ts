import { PRIORITY } from '@common/constants';
import type { BadgeTone } from '@web/components/ui';

export interface PriorityLevel {
  label: 'Yüksek' | 'Orta' | 'Düşük';
  tone: BadgeTone;
}

/** Spec §9 (kanban, 1–10): 9 or more 'Yüksek' (red), 7–8 'Orta' (yellow), below 7 'Düşük' (green). */
export function priorityLevel(priority: number): PriorityLevel {
  if (priority >= PRIORITY.high) return { label: 'Yüksek', tone: 'danger' };
  if (priority >= PRIORITY.medium) return { label: 'Orta', tone: 'warning' };
  return { label: 'Düşük', tone: 'success' };
}
