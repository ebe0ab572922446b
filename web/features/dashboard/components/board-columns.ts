import type { RequestListParams } from '@common/schemas/bonus';
import { COMPLETED_ORDER } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';

export type BoardColumnKey = 'waiting' | 'mine' | 'completed' | 'problem';

/**
 * The board's four columns (spec §2.4). 'Üzerimde' is the signed-in user's own active work;
 * the whole team's active requests are on the kanban and the /bonus table.
 */
export const BOARD_COLUMNS: { key: BoardColumnKey; title: string; helper?: string; params: (userId: number) => RequestListParams }[] = [
  // Waiting work is a queue: highest priority first, then the oldest.
  { key: 'waiting', title: TERMS.waiting, helper: 'Henüz agent atanmamış talepler', params: () => ({ status: 'waiting', sortBy: 'queue' }) },
  // The user's own work, and what they sent for approval (it stays theirs until a second person decides).
  { key: 'mine', title: TERMS.mine, params: (userId) => ({ status: 'active,approval', agentId: userId }) },
  // Completed work by completion time, newest first: what was just completed is on top.
  { key: 'completed', title: TERMS.completed, params: () => ({ status: 'completed', ...COMPLETED_ORDER }) },
  { key: 'problem', title: TERMS.problem, params: () => ({ status: 'problem' }) },
];
export const BOARD_COLUMN_LIMIT = 20;
