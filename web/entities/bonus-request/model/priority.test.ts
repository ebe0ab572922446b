import { describe, expect, it } from 'vitest';
import { priorityLevel } from './priority';

describe('priorityLevel (spec §9 kanban badge)', () => {
  it.each([
    [10, 'Yüksek', 'danger'],
    [9, 'Yüksek', 'danger'],
    [8, 'Orta', 'warning'],
    [7, 'Orta', 'warning'],
    [6, 'Düşük', 'success'],
    [3, 'Düşük', 'success'],
    [1, 'Düşük', 'success'],
  ] as const)('%i → %s (%s)', (priority, label, tone) => {
    expect(priorityLevel(priority)).toEqual({ label, tone });
  });
});
