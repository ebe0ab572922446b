// Calendar days and wall-clock times of a time zone (a project's, e.g. Europe/Istanbul), shared by the
// server (day boundaries, routing windows, sync ranges) and the web (dates shown in the project's zone).

/** How far the wall clock of a time zone is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (at.getTime() - at.getUTCMilliseconds());
}

/** The instant a calendar day ('YYYY-MM-DD') starts in a time zone (the project's, e.g. Europe/Istanbul). */
export function startOfDayIn(day: string, timeZone: string, addDays = 0): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  midnightUtc.setUTCDate(midnightUtc.getUTCDate() + addDays);
  // Two passes: the offset at the guess may differ from the offset at the answer around a DST change.
  let guess = new Date(midnightUtc.getTime() - zoneOffsetMs(midnightUtc, timeZone));
  guess = new Date(midnightUtc.getTime() - zoneOffsetMs(guess, timeZone));
  return guess;
}

/** The calendar day of an instant in a time zone, 'YYYY-MM-DD'. */
export function localDate(timeZone: string, at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The instant a wall-clock time ('YYYY-MM-DDTHH:MM', as a datetime-local input gives it) names in a time zone; null when unreadable. */
export function wallClockToInstant(local: string, timeZone: string): Date | null {
  const asUtc = new Date(`${local}Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  let guess = new Date(asUtc.getTime() - zoneOffsetMs(asUtc, timeZone));
  guess = new Date(asUtc.getTime() - zoneOffsetMs(guess, timeZone));
  return guess;
}
