import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROUTING_MESSAGES } from '@common/schemas/routing';
import { conditionInput, emptyCondition, type ConditionDraft } from '../model/conditions';
import { ConditionEditor } from './condition-editor';
import type { ConditionErrors } from './condition-fields';

/** The editor as the form holds it: its list in state; `latest` is what the form would send. */
function renderEditor(initial: ConditionDraft[] = [], errors: (ConditionErrors | undefined)[] = [], error?: string) {
  const state: { latest: ConditionDraft[] } = { latest: initial };
  function Harness() {
    const [conditions, setConditions] = useState(initial);
    return (
      <ConditionEditor
        conditions={conditions}
        errors={errors}
        error={error}
        onChange={(next) => {
          state.latest = next;
          setConditions(next);
        }}
      />
    );
  }
  render(<Harness />);
  return state;
}

async function add(type: string) {
  await userEvent.selectOptions(screen.getByLabelText('Eklenecek koşul türü'), type);
  await userEvent.click(screen.getByRole('button', { name: 'Koşul Ekle' }));
}

const row = (name: RegExp) => screen.getByRole('group', { name });

describe('ConditionEditor', () => {
  it('adds a condition of each type with the inputs that suit it, and focuses the new one', async () => {
    const state = renderEditor();
    await add('Bonus Türü');
    const bonus = row(/1\. koşul: Bonus Türü/);
    expect(within(bonus).getByLabelText('Eşleşme')).toHaveFocus();
    await userEvent.click(within(bonus).getByLabelText('Nakit İade'));
    await userEvent.click(within(bonus).getByLabelText('Puan'));
    await userEvent.selectOptions(within(bonus).getByLabelText('Eşleşme'), 'not_in');

    await add('Müşteri Segmenti');
    await userEvent.click(within(row(/2\. koşul: Müşteri Segmenti/)).getByLabelText('VIP'));

    await add('Zaman Aralığı');
    const window = row(/3\. koşul: Zaman Aralığı/);
    await userEvent.click(within(window).getByRole('button', { name: 'Hafta sonu' }));
    await userEvent.click(within(window).getByLabelText('Pazartesi'));
    const from = within(window).getByLabelText(/Başlangıç/);
    await userEvent.clear(from);
    await userEvent.type(from, '22:00');
    const to = within(window).getByLabelText(/Bitiş/);
    await userEvent.clear(to);
    await userEvent.type(to, '06:00');

    await add('Öncelik Eşiği');
    const threshold = row(/4\. koşul: Öncelik Eşiği/);
    await userEvent.selectOptions(within(threshold).getByLabelText('Koşul'), 'lte');
    const level = within(threshold).getByLabelText(/Öncelik \(1-5\)/);
    await userEvent.clear(level);
    await userEvent.type(level, '4');

    await add('Özel Koşul');
    const custom = row(/5\. koşul: Özel Koşul/);
    await userEvent.selectOptions(within(custom).getByLabelText('Karşılaştırma'), 'gt');
    await userEvent.type(within(custom).getByLabelText(/Değer/), '5000');

    expect(state.latest.map(conditionInput)).toEqual([
      { conditionType: 'bonus_type', operator: 'not_in', values: ['cashback', 'points'] },
      { conditionType: 'customer_segment', operator: 'in', values: ['vip'] },
      { conditionType: 'time_window', weekdays: [1, 6, 7], from: '22:00', to: '06:00' },
      { conditionType: 'priority_threshold', operator: 'lte', value: 4 },
      { conditionType: 'custom', field: 'amount', operator: 'gt', value: '5000' },
    ]);
  });

  it("a custom condition's operators follow its field: a text field offers no '>' and keeps a shared operator", async () => {
    const state = renderEditor([emptyCondition('custom')]);
    const custom = row(/1\. koşul: Özel Koşul/);
    const operator = within(custom).getByLabelText('Karşılaştırma');
    expect(within(operator).getAllByRole('option').map((o) => o.textContent)).toEqual(['=', '≠', '>', '≥', '<', '≤']);
    await userEvent.selectOptions(within(custom).getByLabelText('Alan'), 'customerUsername');
    expect(within(operator).getAllByRole('option').map((o) => o.textContent)).toEqual(['=', '≠', 'içerir', 'ile başlar']);
    // '≥' does not apply to text: the first text comparison replaces it.
    expect(state.latest[0]).toMatchObject({ field: 'customerUsername', operator: 'eq' });
    await userEvent.selectOptions(operator, 'starts_with');
    await userEvent.selectOptions(within(custom).getByLabelText('Alan'), 'externalId');
    expect(state.latest[0]).toMatchObject({ field: 'externalId', operator: 'starts_with' });
  });

  it('removes the chosen condition, keeps the others as they were and moves focus to the add button', async () => {
    const first: ConditionDraft = { key: 'a', conditionType: 'bonus_type', operator: 'in', values: ['points'] };
    const second: ConditionDraft = { key: 'b', conditionType: 'customer_segment', operator: 'in', values: ['vip'] };
    const state = renderEditor([first, second]);
    await userEvent.click(screen.getByRole('button', { name: '1. koşulu kaldır (Bonus Türü)' }));
    expect(state.latest).toEqual([second]);
    expect(screen.queryByRole('group', { name: /Bonus Türü/ })).toBeNull();
    expect(within(row(/1\. koşul: Müşteri Segmenti/)).getByLabelText('VIP')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Koşul Ekle' })).toHaveFocus();
  });

  it("announces the list's own message", () => {
    renderEditor([], [], ROUTING_MESSAGES.conditionsRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(ROUTING_MESSAGES.conditionsRequired);
  });

  it('names the group of an invalid parameter with its message', () => {
    renderEditor([emptyCondition('bonus_type')], [{ values: ROUTING_MESSAGES.bonusTypesRequired }]);
    const types = screen.getByRole('group', { name: 'Bonus türleri' });
    expect(types).toHaveAccessibleDescription(ROUTING_MESSAGES.bonusTypesRequired);
  });
});
