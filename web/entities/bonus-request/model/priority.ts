import { priorityLabel, priorityLevel, priorityText, type PriorityLabel } from '@common/priority';
import type { BadgeTone } from '@web/components/ui';

export interface PriorityBadgeLook {
  label: PriorityLabel;
  level: number;
  text: string;
  tone: BadgeTone;
}

const TONES: Record<PriorityLabel, BadgeTone> = { Yüksek: 'danger', Orta: 'warning', Düşük: 'success' };

/** Spec §9: 'Yüksek' red, 'Orta' yellow, 'Düşük' green; the number is the form's 1–5 level (common/priority.ts). */
export function priorityLook(stored: number): PriorityBadgeLook {
  const label = priorityLabel(stored);
  return { label, level: priorityLevel(stored), text: priorityText(stored), tone: TONES[label] };
}
