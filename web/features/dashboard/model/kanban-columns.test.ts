import { describe, expect, it } from 'vitest';
import type { RequestAbilities, ViewedRequest } from '@common/schemas/bonus';
import { NO_ABILITIES, viewedRequest } from '@web/test/request-fixtures';
import { decideDrop, kanbanKeyboardCoordinates, optimisticMove, UNSUPPORTED_MOVE } from './kanban-columns';

const none: RequestAbilities = NO_ABILITIES;
const request = (overrides: Partial<ViewedRequest> = {}): ViewedRequest => viewedRequest({ customerId: '123', userId: '123', customerUsername: 'oyuncu', priority: 5, ...overrides });
/** The server's answer for a claimable waiting request, and for the caller's own active one. */
const claimable = request({ abilities: { ...none, canClaim: true } });
const completable = request({ status: 'assigned', agentId: 5, abilities: { ...none, canComplete: true, canRequeue: true } });

describe('decideDrop: only queued→assigned and assigned→completed, where the server’s abilities allow', () => {
  it('Bekleyen → Atanmış claims a request the caller may claim', () => {
    expect(decideDrop('waiting', 'active', claimable)).toEqual({ kind: 'assign' });
  });

  it('Atanmış → Tamamlanan completes a request the caller may complete', () => {
    expect(decideDrop('active', 'completed', completable)).toEqual({ kind: 'complete' });
  });

  it('refuses a move the abilities do not allow (someone else’s request, a reservation for another), before the server is asked', () => {
    expect(decideDrop('active', 'completed', request({ status: 'assigned', agentId: 9 }))).toMatchObject({ kind: 'refused', title: 'Tamamlama yapılamaz' });
    expect(decideDrop('waiting', 'active', request({ reservedForUserId: 9 }))).toMatchObject({ kind: 'refused', title: 'Atama yapılamaz' });
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
    const everything = { canClaim: true, canComplete: true, canRequeue: true, canApprove: false };
    expect(decideDrop(from, to, request({ status: from === 'active' ? 'assigned' : 'queued', agentId: 5, abilities: everything }))).toEqual({ kind: 'refused', ...UNSUPPORTED_MOVE });
  });

  it('a drop on its own column or outside any column does nothing', () => {
    expect(decideDrop('waiting', 'waiting', claimable)).toEqual({ kind: 'none' });
    expect(decideDrop('waiting', null, claimable)).toEqual({ kind: 'none' });
  });
});

describe('optimisticMove', () => {
  it('shows the card as the caller’s at once, or completed by them', () => {
    const me = { id: 5, fullName: 'Ayşe Çelik' };
    expect(optimisticMove(claimable, 'active', me)).toMatchObject({ status: 'assigned', agentId: 5, assignedUserName: 'Ayşe Çelik' });
    expect(optimisticMove(completable, 'completed', me)).toMatchObject({ status: 'completed', completedBy: 5 });
  });

  it('offers no action on the card in flight: the server answers what comes next', () => {
    expect(optimisticMove(claimable, 'active', { id: 5, fullName: 'Ayşe Çelik' }).abilities).toEqual(none);
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
