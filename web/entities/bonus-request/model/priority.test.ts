import { describe, expect, it } from 'vitest';
import { priorityLook } from './priority';

describe('priorityLook: one scale, the form 1–5, with the spec’s colours', () => {
  it.each([
    [10, 'Yüksek', 5, 'danger'],
    [9, 'Yüksek', 5, 'danger'],
    [8, 'Orta', 4, 'warning'],
    [7, 'Orta', 4, 'warning'],
    [6, 'Düşük', 3, 'success'],
    [2, 'Düşük', 1, 'success'],
    [1, 'Düşük', 1, 'success'],
  ] as const)('stored %i reads %s · %i', (stored, label, level, tone) => {
    expect(priorityLook(stored)).toEqual({ label, level, text: `${label} · ${level}`, tone });
  });

  it('the form’s value comes back as the same number: 1–5 × 2 shows 1–5', () => {
    for (const level of [1, 2, 3, 4, 5]) expect(priorityLook(level * 2).level).toBe(level);
  });
});
