import { KANBAN } from '@common/constants';
import type { RequestAbilities, RequestStatusGroup, ViewedRequest } from '@common/schemas/bonus';
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { TERMS } from '@common/terms';

/** The kanban's columns (spec §2.4): every status sits in one, so no request is invisible. */
export const KANBAN_COLUMNS: { key: RequestStatusGroup; title: string }[] = [
  { key: 'waiting', title: TERMS.waiting },
  { key: 'active', title: 'Atanmış' },
  { key: 'approval', title: TERMS.approvals },
  { key: 'completed', title: TERMS.completed },
  { key: 'problem', title: 'İptal Edilen' },
];
export const KANBAN_COLUMN_LIMIT = 50;

export type DropDecision =
  | { kind: 'none' }
  | { kind: 'assign' }
  | { kind: 'complete' }
  | { kind: 'refused'; title: string; description: string };

export const UNSUPPORTED_MOVE = {
  title: 'Bu taşıma desteklenmiyor',
  description: 'Kartlar yalnızca Bekleyen → Atanmış (atama) ve Atanmış → Tamamlanan (tamamlama) yönünde taşınabilir.',
} as const;

/**
 * What a drop means: Bekleyen → Atanmış claims, Atanmış → Tamamlanan completes; anything
 * else is refused (and the card goes back). The caller's abilities on the request, as the
 * server sent them, decide too, so a move the server would refuse is refused here first.
 */
export function decideDrop(from: RequestStatusGroup, to: RequestStatusGroup | null, request: ViewedRequest): DropDecision {
  if (to === null || from === to) return { kind: 'none' };
  const can = request.abilities;
  if (from === 'waiting' && to === 'active') {
    return can.canClaim ? { kind: 'assign' } : { kind: 'refused', title: 'Atama yapılamaz', description: 'Bu talebi üzerinize alma yetkiniz yok veya talep başka bir kullanıcı için ayrılmış.' };
  }
  if (from === 'active' && to === 'completed') {
    return can.canComplete
      ? { kind: 'complete' }
      : { kind: 'refused', title: 'Tamamlama yapılamaz', description: 'Bu talebi yalnızca üzerine alan kişi veya bir yönetici tamamlayabilir.' };
  }
  return { kind: 'refused', ...UNSUPPORTED_MOVE };
}

/** A card in flight offers nothing: what the caller may do with it next is the server's answer. */
const NO_ABILITIES: RequestAbilities = { canClaim: false, canComplete: false, canRequeue: false, canApprove: false };

/** The card as it looks right after an accepted drop, before the server has answered. */
export function optimisticMove(request: ViewedRequest, to: RequestStatusGroup, caller: { id: number; fullName: string }): ViewedRequest {
  const now = new Date().toISOString();
  const moving = { ...request, abilities: NO_ABILITIES, updatedAt: now };
  if (to === 'active') return { ...moving, status: 'assigned', agentId: caller.id, assignedUserName: caller.fullName, assignedAt: now };
  if (to === 'completed') return { ...moving, status: 'completed', completedBy: caller.id, completedByName: caller.fullName, completedAt: now };
  return request;
}

/** Keyboard dragging moves the card 25 px per arrow key (spec §9). */
export const kanbanKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = KANBAN.keyboardStepPx;
  const moves: Record<string, { x: number; y: number }> = {
    ArrowRight: { x: step, y: 0 },
    ArrowLeft: { x: -step, y: 0 },
    ArrowDown: { x: 0, y: step },
    ArrowUp: { x: 0, y: -step },
  };
  const move = moves[event.code];
  if (!move) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + move.x, y: currentCoordinates.y + move.y };
};
