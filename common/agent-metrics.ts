import { AGENT_THRESHOLDS } from './constants';

/**
 * How an agent's performance is measured, written once for the server's query and the
 * screen's tooltip: the share of the requests they completed in the period that were
 * completed within the service level after being taken over.
 */
export const AGENT_PERFORMANCE = {
  slaMinutes: 30,
  defaultPeriodDays: 30,
} as const;

export const PERFORMANCE_DEFINITION =
  `Performans: son ${AGENT_PERFORMANCE.defaultPeriodDays} günde tamamladığı taleplerden, üzerine alındıktan sonra ` +
  `${AGENT_PERFORMANCE.slaMinutes} dakika içinde tamamlananların yüzdesi. Bu dönemde tamamladığı talep yoksa gösterilmez.`;

export const PERFORMANCE_LEVELS = ['high', 'medium', 'low'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];
export const PERFORMANCE_LEVEL_LABELS: Record<PerformanceLevel, string> = {
  high: 'Yüksek (≥ 90)',
  medium: 'Orta (80-89)',
  low: 'Düşük (< 80)',
};

/** §9: high is 90 or more, medium 80 to 89, low below 80; null when there is nothing to measure. */
export function performanceLevel(performance: number | null): PerformanceLevel | null {
  if (performance === null) return null;
  if (performance >= AGENT_THRESHOLDS.performanceHigh) return 'high';
  if (performance >= AGENT_THRESHOLDS.performanceMedium) return 'medium';
  return 'low';
}

export type Tone = 'green' | 'yellow' | 'red';

/** §9: green at 90 or more, yellow at 80 or more, red below. */
export function performanceTone(performance: number): Tone {
  const level = performanceLevel(performance);
  return level === 'high' ? 'green' : level === 'medium' ? 'yellow' : 'red';
}

/** Load as a percent of capacity, 0-100. */
export function loadPercent(currentLoad: number, maxLoad: number): number {
  if (maxLoad <= 0) return 100;
  return Math.min(100, Math.round((currentLoad / maxLoad) * 100));
}

/** §9 load bar: red above 80 %, yellow above 60 %, green otherwise. */
export function loadTone(percent: number): Tone {
  if (percent > AGENT_THRESHOLDS.loadRed) return 'red';
  if (percent > AGENT_THRESHOLDS.loadYellow) return 'yellow';
  return 'green';
}

/** Rounded to one decimal; null when nothing was completed in the period. */
export function computePerformance(completedInPeriod: number, withinSla: number): number | null {
  if (completedInPeriod <= 0) return null;
  return Math.round((withinSla / completedInPeriod) * 1000) / 10;
}
