import { PRIORITY } from './constants';

/**
 * A request's priority as people see it: one scale, the manual form's 1–5, on every screen,
 * in routing conditions and in the routing test. Requests are stored 1–10 (the form's value × 2;
 * a bridge import keeps its source's 1–10), and a stored value shows as its half rounded up, so
 * the spec's kanban thresholds (9+ 'Yüksek', 7–8 'Orta', below 7 'Düşük') are levels 5, 4 and 1–3.
 */
export type PriorityLabel = 'Yüksek' | 'Orta' | 'Düşük';

/** The 1–5 level of a stored priority. */
export function priorityLevel(stored: number): number {
  const level = Math.ceil(stored / PRIORITY.formToStoredFactor);
  return Math.min(PRIORITY.manualMax, Math.max(PRIORITY.manualMin, Number.isFinite(level) ? level : PRIORITY.manualMin));
}

/** The stored value of a 1–5 level (what the form and the routing test send). */
export function storedPriority(level: number): number {
  return level * PRIORITY.formToStoredFactor;
}

/** 'Yüksek' / 'Orta' / 'Düşük' by the spec's thresholds on the stored scale. */
export function priorityLabel(stored: number): PriorityLabel {
  if (stored >= PRIORITY.high) return 'Yüksek';
  if (stored >= PRIORITY.medium) return 'Orta';
  return 'Düşük';
}

/** 'Yüksek · 5': the label and the level, the one way a request's priority is written. */
export function priorityText(stored: number): string {
  return `${priorityLabel(stored)} · ${priorityLevel(stored)}`;
}

/** The scale's name where a field asks for a level: 'Öncelik (1-5)'. */
export const PRIORITY_FIELD_LABEL = `Öncelik (${PRIORITY.manualMin}-${PRIORITY.manualMax})`;
