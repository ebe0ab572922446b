/**
 * One word per concept on every screen (issue 15). The spec's own texts stay where the spec
 * gives them (e.g. 'Ata' on the kanban, 'Talep başarıyla atandı' on /bonus); where it leaves
 * the choice, screens use these.
 */
export const TERMS = {
  /** Taking a waiting request for oneself. */
  claim: 'Üzerime Al',
  complete: 'Tamamla',
  requeue: 'Tekrar Sıraya Al',
  /** new + queued. */
  waiting: 'Bekleyen',
  /** assigned + in_progress of the signed-in user. */
  mine: 'Üzerimde',
  /** Filter for the signed-in user's own requests on /bonus. */
  mineFilter: 'Benim',
  completed: 'Tamamlanan',
  /** cancelled + error: problem requests. */
  problem: 'Sorunlu',
  detail: 'Detay',
  undo: 'Geri Al',
  possibleDuplicate: 'Olası tekrar',
} as const;
