import { describe, expect, it } from 'vitest';
import { localDate, startOfDayIn, wallClockToInstant } from './time-zone';

describe('time zone helpers', () => {
  it("reads the project's calendar day of an instant", () => {
    expect(localDate('Europe/Istanbul', new Date('2026-11-05T22:30:00Z'))).toBe('2026-11-06');
    expect(localDate('UTC', new Date('2026-11-05T22:30:00Z'))).toBe('2026-11-05');
  });

  it("turns the project's wall-clock time into the instant it names, across a DST change too", () => {
    expect(wallClockToInstant('2026-11-06T01:15', 'Europe/Istanbul')?.toISOString()).toBe('2026-11-05T22:15:00.000Z');
    expect(wallClockToInstant('2026-07-01T12:00', 'Europe/London')?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(wallClockToInstant('2026-01-01T12:00', 'Europe/London')?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(wallClockToInstant('yarın', 'UTC')).toBeNull();
  });

  it('finds when a day starts in a zone', () => {
    expect(startOfDayIn('2026-11-06', 'Europe/Istanbul').toISOString()).toBe('2026-11-05T21:00:00.000Z');
    expect(startOfDayIn('2026-11-06', 'America/New_York', 1).toISOString()).toBe('2026-11-07T05:00:00.000Z');
  });
});
