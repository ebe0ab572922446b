import { describe, expect, it } from 'vitest';
import { priorityLevel } from './priority';
import { requestAbilities } from './request-abilities';

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

describe('requestAbilities: what a screen offers on a request', () => {
  const agent = { id: 5, role: 'agent' as const };
  const operator = { id: 6, role: 'operator' as const };
  const manager = { id: 7, role: 'manager' as const };
  const waiting = { status: 'queued' as const, agentId: null, reservedForUserId: null };
  const agentsOwn = { status: 'assigned' as const, agentId: 5, reservedForUserId: null };

  it('offers a claim on waiting requests only, and not on one reserved for someone else', () => {
    expect(requestAbilities(waiting, agent).claim).toBe(true);
    expect(requestAbilities({ ...waiting, status: 'new' }, agent).claim).toBe(true);
    expect(requestAbilities(agentsOwn, agent).claim).toBe(false);
    expect(requestAbilities({ ...waiting, reservedForUserId: 9 }, agent).claim).toBe(false);
    expect(requestAbilities({ ...waiting, reservedForUserId: 5 }, agent).claim).toBe(true);
  });

  it('offers completing to the assignee and to managers, not to other operators', () => {
    expect(requestAbilities(agentsOwn, agent).complete).toBe(true);
    expect(requestAbilities(agentsOwn, operator).complete).toBe(false);
    expect(requestAbilities(agentsOwn, manager).complete).toBe(true);
    expect(requestAbilities({ ...agentsOwn, status: 'completed' }, manager).complete).toBe(false);
  });

  it('offers re-queueing to operators and above, and to an agent only on their own request', () => {
    expect(requestAbilities(agentsOwn, agent).requeue).toBe(true);
    expect(requestAbilities({ ...agentsOwn, agentId: 99 }, agent).requeue).toBe(false);
    expect(requestAbilities(agentsOwn, operator).requeue).toBe(true);
    expect(requestAbilities({ ...agentsOwn, status: 'error' }, operator).requeue).toBe(true);
    expect(requestAbilities({ ...agentsOwn, status: 'completed' }, operator).requeue).toBe(false);
    expect(requestAbilities(waiting, null)).toEqual({ claim: false, complete: false, requeue: false });
  });
});
