import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration: one format for every duration shown', () => {
  it('whole minutes under an hour, fractions rounded, nothing negative', () => {
    expect(formatDuration(0)).toBe('0 dk');
    expect(formatDuration(45)).toBe('45 dk');
    expect(formatDuration(59.4)).toBe('59 dk');
    expect(formatDuration(-5)).toBe('0 dk');
    expect(formatDuration(Number.NaN)).toBe('0 dk');
  });

  it('hours and minutes from an hour to a day, a zero minute part left out', () => {
    expect(formatDuration(59.5)).toBe('1 sa');
    expect(formatDuration(60)).toBe('1 sa');
    expect(formatDuration(125)).toBe('2 sa 5 dk');
    expect(formatDuration(24 * 60 - 1)).toBe('23 sa 59 dk');
  });

  it('days and hours from a day on, at most two units, the minutes dropped', () => {
    expect(formatDuration(24 * 60)).toBe('1 gün');
    expect(formatDuration(24 * 60 + 59)).toBe('1 gün');
    expect(formatDuration(25 * 60)).toBe('1 gün 1 sa');
    expect(formatDuration(3 * 24 * 60 + 4 * 60 + 30)).toBe('3 gün 4 sa');
    // The oldest wait the board and the advanced dashboard disagreed on ('58 gün' vs '1408 sa 51 dk').
    expect(formatDuration(1408 * 60 + 51)).toBe('58 gün 16 sa');
  });
});
