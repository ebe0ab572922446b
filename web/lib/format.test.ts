import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatPercent, INVALID_DATE, setDisplayTimeZone } from './format';

describe('formatDateTime', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('shows day, short Turkish month and hour:minute, in Istanbul time until a project says otherwise', () => {
    expect(formatDateTime(new Date('2024-11-05T11:30:00Z'))).toBe('5 Kas 14:30');
    expect(formatDateTime('2024-01-15T06:05:00Z')).toBe('15 Oca 09:05');
  });

  it("shows the project's wall-clock time and day, whatever the browser's zone", () => {
    // 22:30 UTC is already the next day in Istanbul (UTC+3), as the project's statistics count it.
    expect(formatDate('2024-11-05T22:30:00Z')).toBe('6 Kas 2024');
    setDisplayTimeZone('UTC');
    expect(formatDateTime('2024-11-05T22:30:00Z')).toBe('5 Kas 22:30');
    expect(formatDate('2024-11-05T22:30:00Z')).toBe('5 Kas 2024');
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime('2024-11-05T22:30:00Z')).toBe('5 Kas 17:30');
  });

  it("reads 'Geçersiz tarih' for anything that is not a date", () => {
    expect(INVALID_DATE).toBe('Geçersiz tarih');
    for (const bad of ['', 'yarın', 'not-a-date', null, undefined, Number.NaN]) {
      expect(formatDateTime(bad)).toBe('Geçersiz tarih');
    }
  });
});

describe('formatMoney', () => {
  it('formats Turkish lira the Turkish way', () => {
    expect(formatMoney(1234.5)).toBe('₺1.234,50');
    expect(formatMoney(0)).toBe('₺0,00');
    expect(formatMoney('250')).toBe('₺250,00');
  });

  it('shows zero rather than NaN for a missing amount', () => {
    expect(formatMoney(null)).toBe('₺0,00');
    expect(formatMoney('abc')).toBe('₺0,00');
  });
});

describe('formatPercent', () => {
  it('takes 0–100 and shows one decimal at most', () => {
    expect(formatPercent(87.5)).toBe('%87,5');
    expect(formatPercent(100)).toBe('%100');
    expect(formatPercent(33.333)).toBe('%33,3');
    expect(formatPercent(Number.NaN)).toBe('%0');
  });
});
