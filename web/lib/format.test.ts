import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMoney, formatPercent, INVALID_DATE } from './format';

describe('formatDateTime', () => {
  it('shows day, short Turkish month and hour:minute', () => {
    expect(formatDateTime(new Date(2024, 10, 5, 14, 30))).toBe('5 Kas 14:30');
    expect(formatDateTime(new Date(2024, 0, 15, 9, 5).toISOString())).toBe('15 Oca 09:05');
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

describe('formatDuration', () => {
  it('shows minutes under an hour', () => {
    expect(formatDuration(0)).toBe('0 dk');
    expect(formatDuration(45)).toBe('45 dk');
    expect(formatDuration(59.4)).toBe('59 dk');
  });

  it('shows hours and minutes from 60 minutes', () => {
    expect(formatDuration(60)).toBe('1 sa 0 dk');
    expect(formatDuration(125)).toBe('2 sa 5 dk');
    expect(formatDuration(24 * 60 + 1)).toBe('24 sa 1 dk');
  });
});
