import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoutingRule, RoutingTestResult } from '@common/schemas/routing';
import { testDefaults } from './rule-test-dialog';
import { RuleTrace } from './rule-trace';

const candidate = { role: 'agent' as const, currentLoad: 0, maxLoad: 5, chosen: false, eligible: false, reasons: [] as string[] };
const result = (matched: boolean): RoutingTestResult => ({
  matched,
  targetUser: matched ? { id: 7, fullName: 'Ayşe Çelik', username: 'agent1' } : null,
  evaluatedAt: '2026-11-23T10:00:00Z',
  trace: {
    ruleId: 1,
    ruleName: 'VIP',
    targetStrategy: 'load_based',
    priority: 80,
    isActive: true,
    matched,
    outcome: matched ? 'assigned' : 'no_eligible_target',
    conditions: [
      { conditionId: 1, conditionType: 'bonus_type', passed: true, reason: 'Bonus türü Nakit İade; şunlardan biri: Nakit İade' },
      { conditionId: 2, conditionType: 'customer_segment', passed: matched, reason: 'Segment VIP' },
    ],
    candidates: [
      { ...candidate, userId: 7, fullName: 'Ayşe Çelik', username: 'agent1', status: 'online', eligible: matched, chosen: matched },
      { ...candidate, userId: 8, fullName: 'Mehmet Kaya', username: 'agent2', status: 'offline', currentLoad: 5, reasons: ['çevrimdışı', 'kapasite dolu 5/5'] },
    ],
    targetUser: null,
    summary: matched ? 'Ayşe Çelik seçildi' : 'Uygun agent yok',
  },
});

describe('RuleTrace', () => {
  it('on a match says so with the target, and explains each condition and agent', () => {
    render(<RuleTrace result={result(true)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Kural başarıyla eşleşti! Hedef kullanıcı: Ayşe Çelik (@agent1)');
    expect(screen.getAllByText('Sağlandı')).toHaveLength(2);
    expect(screen.getByText('Bonus türü Nakit İade; şunlardan biri: Nakit İade')).toBeVisible();
    expect(within(screen.getByTestId('candidate-agent1')).getByText('Seçildi')).toBeVisible();
    const excluded = screen.getByTestId('candidate-agent2');
    expect(excluded).toHaveTextContent('Uygun değil');
    expect(excluded).toHaveTextContent('Neden: çevrimdışı, kapasite dolu 5/5');
    // The raw answer is there, folded.
    expect(screen.getByText('Ham sonuç').closest('details')).not.toHaveAttribute('open');
  });

  it('without a target names the outcome and the failed condition', () => {
    render(<RuleTrace result={result(false)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Eşleşti ama uygun hedef yok. Uygun agent yok');
    expect(screen.getByText('Sağlanmadı')).toBeVisible();
  });
});

describe('testDefaults', () => {
  it("starts the test request from what the rule's conditions ask for", () => {
    const rule = {
      conditions: [
        { id: 1, conditionType: 'bonus_type', operator: 'not_in', values: ['cashback'] },
        { id: 2, conditionType: 'customer_segment', operator: 'in', values: ['vip', 'new'] },
        { id: 3, conditionType: 'priority_threshold', operator: 'gte', value: 9 },
        { id: 4, conditionType: 'custom', field: 'amount', operator: 'gt', value: '5000' },
      ],
    } as unknown as RoutingRule;
    expect(testDefaults(rule)).toMatchObject({ bonusType: 'points', customerSegment: 'vip', priority: 9, amount: '5001' });
  });
});
