import type { RequestListParams } from '@common/schemas/bonus';

export type BoardColumnKey = 'waiting' | 'mine' | 'completed' | 'problem';

/**
 * The board's four columns (spec §2.4). 'Üzerimde' is the signed-in user's own active work;
 * the whole team's active requests are on the kanban and the /bonus table.
 */
export const BOARD_COLUMNS: { key: BoardColumnKey; title: string; helper?: string; params: (userId: number) => RequestListParams }[] = [
  { key: 'waiting', title: 'Bekleyen', helper: 'Henüz agent atanmamış talepler', params: () => ({ status: 'waiting' }) },
  { key: 'mine', title: 'Üzerimde', params: (userId) => ({ status: 'active', agentId: userId }) },
  { key: 'completed', title: 'Tamamlanan', params: () => ({ status: 'completed' }) },
  { key: 'problem', title: 'Sorunlu', params: () => ({ status: 'problem' }) },
];
export const BOARD_COLUMN_LIMIT = 20;
