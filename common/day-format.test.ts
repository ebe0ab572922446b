import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from './day-format';

describe('formatDay', () => {
  it('a calendar day in Turkish, the same day whatever the zone', () => {
    expect(formatDay('2026-11-01')).toBe('1 Kas 2026');
    expect(formatDay('2026-03-31')).toBe('31 Mar 2026');
    expect(formatDayRange({ from: '2026-11-01', to: '2026-11-30' })).toBe('1 Kas 2026 – 30 Kas 2026');
    expect(formatDayRange({ from: '2026-11-05', to: '2026-11-05' })).toBe('5 Kas 2026');
  });
});
