import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROUTING_MESSAGES, type RoutingRule, type RoutingTarget } from '@common/schemas/routing';
import { ApiError } from '@web/lib/api-error';
import { RuleFormDialog, type RuleFormDialogProps } from './rule-form-dialog';

const targets: RoutingTarget[] = [
  { id: 7, fullName: 'Ayşe Çelik', username: 'agent1', role: 'agent', isActive: true },
  { id: 8, fullName: 'Mehmet Kaya', username: 'agent2', role: 'agent', isActive: true },
  { id: 9, fullName: 'Eski Ajan', username: 'old', role: 'agent', isActive: false },
];

const rule: RoutingRule = {
  id: 4,
  projectId: 1,
  ruleName: 'VIP talepler',
  targetStrategy: 'user',
  targetUserId: 8,
  targetUser: { id: 8, fullName: 'Mehmet Kaya', username: 'agent2' },
  priority: 80,
  isActive: false,
  position: 1,
  conditions: [{ id: 11, conditionType: 'customer_segment', operator: 'in', values: ['vip'] }],
  createdBy: null,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

function renderForm(props: Partial<RuleFormDialogProps> = {}) {
  const onSubmit = vi.fn<RuleFormDialogProps['onSubmit']>(async () => undefined);
  render(<RuleFormDialog open rule={null} targets={targets} onClose={() => undefined} onSubmit={onSubmit} {...props} />);
  return onSubmit;
}

const submit = (label = 'Oluştur') => userEvent.click(screen.getByRole('button', { name: label }));

async function addCondition(type: string) {
  await userEvent.selectOptions(screen.getByLabelText('Eklenecek koşul türü'), type);
  await userEvent.click(screen.getByRole('button', { name: 'Koşul Ekle' }));
}

describe('RuleFormDialog', () => {
  it('an empty form shows the §5 messages of name, strategy and conditions, and sends nothing', async () => {
    const onSubmit = renderForm();
    expect(screen.getByRole('dialog', { name: ROUTING_MESSAGES.createTitle })).toBeVisible();
    await submit();
    expect(await screen.findByText(ROUTING_MESSAGES.ruleNameRequired)).toBeVisible();
    expect(screen.getByText(ROUTING_MESSAGES.strategyRequired)).toBeVisible();
    expect(screen.getByText(ROUTING_MESSAGES.conditionsRequired)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a name of spaces, the user strategy without a target and a priority out of range get their messages at once', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/Kural Adı/), '   ');
    await userEvent.selectOptions(screen.getByLabelText(/Hedef Stratejisi/), 'user');
    const priority = screen.getByLabelText(/Kural sırası \(1-100\)/);
    await userEvent.clear(priority);
    await userEvent.type(priority, '101');
    await submit();
    expect(await screen.findByText(ROUTING_MESSAGES.ruleNameRequired)).toBeVisible();
    expect(screen.getByText(ROUTING_MESSAGES.targetUserRequired)).toBeVisible();
    expect(screen.getByText(ROUTING_MESSAGES.priorityRange)).toBeVisible();
    expect(screen.getByText(ROUTING_MESSAGES.conditionsRequired)).toBeVisible();
    // An inactive member is not offered as a new target.
    expect(within(screen.getByLabelText(/Hedef Kullanıcı/)).queryByRole('option', { name: /Eski Ajan/ })).toBeNull();

    await userEvent.clear(priority);
    expect(screen.queryByText(ROUTING_MESSAGES.priorityRange)).toBeNull();
    await submit();
    // Empty is not a number in range either.
    expect(await screen.findByText(ROUTING_MESSAGES.priorityRange)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('each error clears when its field is edited, leaving the others', async () => {
    renderForm();
    await submit();
    expect(await screen.findByText(ROUTING_MESSAGES.ruleNameRequired)).toBeVisible();
    await userEvent.type(screen.getByLabelText(/Kural Adı/), 'K');
    expect(screen.queryByText(ROUTING_MESSAGES.ruleNameRequired)).toBeNull();
    expect(screen.getByText(ROUTING_MESSAGES.strategyRequired)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText(/Hedef Stratejisi/), 'round_robin');
    expect(screen.queryByText(ROUTING_MESSAGES.strategyRequired)).toBeNull();
    expect(screen.getByText(ROUTING_MESSAGES.conditionsRequired)).toBeVisible();
    await addCondition('Bonus Türü');
    expect(screen.queryByText(ROUTING_MESSAGES.conditionsRequired)).toBeNull();

    // The new condition has no bonus type chosen yet: its own message, cleared by choosing one.
    await submit();
    expect(await screen.findByText(ROUTING_MESSAGES.bonusTypesRequired)).toBeVisible();
    await userEvent.click(screen.getByLabelText('Nakit İade'));
    expect(screen.queryByText(ROUTING_MESSAGES.bonusTypesRequired)).toBeNull();
  });

  it('sends the rule with two conditions, without row keys; the target only for the user strategy', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText(/Kural Adı/), '  Büyük nakit iadeler  ');
    await userEvent.selectOptions(screen.getByLabelText(/Hedef Stratejisi/), 'user');
    await userEvent.selectOptions(screen.getByLabelText(/Hedef Kullanıcı/), '7');
    await addCondition('Bonus Türü');
    await userEvent.click(screen.getByLabelText('Nakit İade'));
    await addCondition('Özel Koşul');
    await userEvent.selectOptions(screen.getByLabelText('Karşılaştırma'), 'gte');
    await userEvent.type(screen.getByLabelText(/Değer/), '5000,50');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      ruleName: 'Büyük nakit iadeler',
      targetStrategy: 'user',
      targetUserId: 7,
      priority: 50,
      isActive: true,
      conditions: [
        { conditionType: 'bonus_type', operator: 'in', values: ['cashback'] },
        { conditionType: 'custom', field: 'amount', operator: 'gte', value: '5000.50' },
      ],
    });
  });

  it('edits an existing rule: title, its values, its conditions with their ids, and no target for another strategy', async () => {
    const onSubmit = renderForm({ rule });
    expect(screen.getByRole('dialog', { name: ROUTING_MESSAGES.editTitle })).toBeVisible();
    expect(screen.getByLabelText(/Kural Adı/)).toHaveValue('VIP talepler');
    expect(screen.getByLabelText(/Hedef Kullanıcı/)).toHaveValue('8');
    expect(screen.getByLabelText(/Kural sırası \(1-100\)/)).toHaveValue(80);
    expect(screen.getByLabelText('Aktif')).not.toBeChecked();
    expect(screen.getByLabelText('VIP')).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText(/Hedef Stratejisi/), 'load_based');
    expect(screen.queryByLabelText(/Hedef Kullanıcı/)).toBeNull();
    await submit('Güncelle');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      targetStrategy: 'load_based',
      targetUserId: null,
      priority: 80,
      isActive: false,
      conditions: [{ id: 11, conditionType: 'customer_segment', operator: 'in', values: ['vip'] }],
    });
  });

  it("puts the server's field messages on their fields and keeps the dialog open", async () => {
    renderForm({
      rule,
      onSubmit: vi.fn(async () => {
        throw new ApiError(400, 'Doğrulama hatası', { targetUserId: ROUTING_MESSAGES.targetUserNotMember }, 'VALIDATION_FAILED');
      }),
    });
    await submit('Güncelle');
    expect(await screen.findByText(ROUTING_MESSAGES.targetUserNotMember)).toBeVisible();
    expect(screen.getByRole('dialog', { name: ROUTING_MESSAGES.editTitle })).toBeVisible();
  });
});
