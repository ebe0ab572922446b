import { LOCALE } from './constants';

/** How a date without a time reads on every screen and file title: '1 Kas 2026' (spec §9: day, short month). */
export const DAY_STYLE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

// A calendar day is no instant: formatted at its UTC midnight in UTC, it is the same day in every zone.
const dayFormat = new Intl.DateTimeFormat(LOCALE, { ...DAY_STYLE, timeZone: 'UTC' });

/** A calendar day ('2026-11-01', a project's local day as reports count them) as '1 Kas 2026'. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** An inclusive range of calendar days: '1 Kas 2026 – 30 Kas 2026'; one day alone when both ends are the same. */
export function formatDayRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}
