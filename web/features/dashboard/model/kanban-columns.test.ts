import { describe, expect, it } from 'vitest';
import type { BonusRequest } from '@common/schemas/bonus';
import { decideDrop, kanbanKeyboardCoordinates, optimisticMove, UNSUPPORTED_MOVE } from './kanban-columns';

const request = (overrides: Partial<BonusRequest> = {}): BonusRequest => ({
  id: 1,
  projectId: 1,
  externalId: 'GOLD-1',
  customerId: '123',
  userId: '123',
  customerUsername: 'oyuncu',
  customerName: 'Ayşe Kaya',
  bonusType: 'cashback',
  amount: '100.00',
  description: null,
  priority: 5,
  status: 'queued',
  source: 'sync',
  agentId: null,
  assignedUserName: null,
  assignedAt: null,
  reservedForUserId: null,
  reservedForName: null,
  possibleDuplicateOfId: null,
  completedBy: null,
  completedByName: null,
  completedAt: null,
  completionNotes: null,
  requeueReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  ...overrides,
});
const agent = { id: 5, role: 'agent' as const };

describe('decideDrop: only queued→assigned and assigned→completed', () => {
  it('Bekleyen → Atanmış claims', () => {
    expect(decideDrop('waiting', 'active', request(), agent)).toEqual({ kind: 'assign' });
    expect(decideDrop('waiting', 'active', request({ status: 'new' }), agent)).toEqual({ kind: 'assign' });
  });

  it('Atanmış → Tamamlanan completes the caller’s own request', () => {
    expect(decideDrop('active', 'completed', request({ status: 'assigned', agentId: 5 }), agent)).toEqual({ kind: 'complete' });
    expect(decideDrop('active', 'completed', request({ status: 'in_progress', agentId: 5 }), agent)).toEqual({ kind: 'complete' });
  });

  it('refuses completing someone else’s request for an agent, and allows it to a manager', () => {
    const others = request({ status: 'assigned', agentId: 9 });
    expect(decideDrop('active', 'completed', others, agent).kind).toBe('refused');
    expect(decideDrop('active', 'completed', others, { id: 1, role: 'manager' })).toEqual({ kind: 'complete' });
  });

  it('refuses a claim of a request reserved for someone else', () => {
    expect(decideDrop('waiting', 'active', request({ reservedForUserId: 9 }), agent).kind).toBe('refused');
  });

  it.each([
    ['waiting', 'completed'],
    ['waiting', 'problem'],
    ['active', 'waiting'],
    ['active', 'problem'],
    ['completed', 'waiting'],
    ['completed', 'active'],
    ['problem', 'waiting'],
    ['problem', 'active'],
  ] as const)('%s → %s is refused with the unsupported-move toast', (from, to) => {
    expect(decideDrop(from, to, request({ status: from === 'active' ? 'assigned' : 'queued', agentId: 5 }), agent)).toEqual({ kind: 'refused', ...UNSUPPORTED_MOVE });
  });

  it('a drop on its own column or outside any column does nothing', () => {
    expect(decideDrop('waiting', 'waiting', request(), agent)).toEqual({ kind: 'none' });
    expect(decideDrop('waiting', null, request(), agent)).toEqual({ kind: 'none' });
  });
});

describe('optimisticMove', () => {
  it('shows the card as the caller’s at once, or completed by them', () => {
    const me = { id: 5, fullName: 'Ayşe Çelik' };
    expect(optimisticMove(request(), 'active', me)).toMatchObject({ status: 'assigned', agentId: 5, assignedUserName: 'Ayşe Çelik' });
    expect(optimisticMove(request({ status: 'assigned', agentId: 5 }), 'completed', me)).toMatchObject({ status: 'completed', completedBy: 5 });
  });
});

describe('kanbanKeyboardCoordinates', () => {
  const at = { x: 100, y: 200 };
  const press = (code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true });
    return { result: kanbanKeyboardCoordinates(event, { currentCoordinates: at } as never), event };
  };
  it('moves 25 px per arrow key', () => {
    expect(press('ArrowRight').result).toEqual({ x: 125, y: 200 });
    expect(press('ArrowLeft').result).toEqual({ x: 75, y: 200 });
    expect(press('ArrowDown').result).toEqual({ x: 100, y: 225 });
    expect(press('ArrowUp').result).toEqual({ x: 100, y: 175 });
    expect(press('ArrowRight').event.defaultPrevented).toBe(true);
  });
  it('ignores other keys', () => {
    expect(press('KeyA').result).toBeUndefined();
  });
});
