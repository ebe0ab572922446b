import { describe, expect, it } from 'vitest';
import { conditionChipText, operatorForField, weekdaysText } from './conditions';
import { keepsPriorityOrder, moveRule } from './reorder';

describe('condition texts', () => {
  it('writes weekdays as ranges where they run on', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('Pzt–Cum');
    expect(weekdaysText([6, 7])).toBe('Cmt, Paz');
    expect(weekdaysText([1, 3, 4, 5, 7])).toBe('Pzt, Çar–Cum, Paz');
    expect(weekdaysText([7, 1, 2, 3, 4, 5, 6])).toBe('Her gün');
  });

  it('names each condition type with what it asks', () => {
    expect(conditionChipText({ conditionType: 'bonus_type', operator: 'in', values: ['cashback', 'points'] })).toBe('Bonus Türü: Nakit İade, Puan');
    expect(conditionChipText({ conditionType: 'customer_segment', operator: 'not_in', values: ['high_risk'] })).toBe('Müşteri Segmenti: hariç: Yüksek Risk');
    expect(conditionChipText({ conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' })).toBe('Zaman Aralığı: Pzt–Cum 22:00–06:00');
    expect(conditionChipText({ conditionType: 'priority_threshold', operator: 'lte', value: 4 })).toBe('Öncelik Eşiği: ≤ 4');
    expect(conditionChipText({ conditionType: 'custom', field: 'amount', operator: 'gte', value: '5000' })).toBe('Özel Koşul: Tutar ≥ 5000');
  });

  it("keeps a custom condition's operator when the new field allows it", () => {
    expect(operatorForField('description', 'contains')).toBe('contains');
    expect(operatorForField('amount', 'contains')).toBe('eq');
    expect(operatorForField('externalId', 'gt')).toBe('eq');
  });
});

describe('reorder', () => {
  const rules = [
    { id: 1, priority: 90 },
    { id: 2, priority: 50 },
    { id: 3, priority: 50 },
    { id: 4, priority: 10 },
  ];

  it('moves a rule to where another stood', () => {
    expect(moveRule(rules, 3, 2).map((r) => r.id)).toEqual([1, 3, 2, 4]);
    expect(moveRule(rules, 1, 4).map((r) => r.id)).toEqual([2, 3, 4, 1]);
  });

  it('allows moves inside a priority, not before a higher priority', () => {
    expect(keepsPriorityOrder(moveRule(rules, 3, 2))).toBe(true);
    expect(keepsPriorityOrder(moveRule(rules, 2, 1))).toBe(false);
    expect(keepsPriorityOrder(moveRule(rules, 1, 4))).toBe(false);
  });
});
