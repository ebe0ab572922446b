/**
 * The one way a length of time reads, on every screen and in every file (the board's oldest wait, the
 * dashboards, reports, approval and processing times, uptime): whole minutes under an hour, hours and
 * minutes under a day, days and hours from a day on — at most two units, a zero second unit left out:
 * '45 dk', '2 sa 5 dk', '2 sa', '3 gün 4 sa', '58 gün'. Fractions of a minute are rounded; what is
 * below a day's second unit (the minutes of '3 gün 4 sa') is dropped, never rounded up.
 */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < 60) return `${total} dk`;
  if (total < MINUTES_PER_DAY) return withSecondUnit(Math.floor(total / 60), 'sa', total % 60, 'dk');
  return withSecondUnit(Math.floor(total / MINUTES_PER_DAY), 'gün', Math.floor((total % MINUTES_PER_DAY) / 60), 'sa');
}

const MINUTES_PER_DAY = 24 * 60;

const withSecondUnit = (first: number, firstUnit: string, second: number, secondUnit: string) =>
  second ? `${first} ${firstUnit} ${second} ${secondUnit}` : `${first} ${firstUnit}`;
