/**
 * One word per concept on every screen (issue 15). The spec's own texts stay where the spec
 * gives them (e.g. 'Ata' on the kanban, 'Talep başarıyla atandı' on /bonus); where it leaves
 * the choice, screens use these.
 */
export const TERMS = {
  /** Taking a waiting request for oneself. */
  claim: 'Üzerime Al',
  /** What a claimed card says while it stays in place. */
  claimed: 'Üzerinize alındı',
  /**
   * Claiming at capacity: the request is held for the caller and handed over when their load drops. Not 'Sıraya al',
   * which is giving a request back to the queue ('Tekrar Sıraya Al').
   */
  reserve: 'Bana ayır',
  reserveHint: 'Kapasiteniz dolu: talep başkası alamasın diye size ayrılır ve yükünüz azaldığında otomatik olarak üzerinize alınır.',
  /** What a card reserved this way says while it stays in place. */
  reserved: 'Size ayrıldı',
  complete: 'Tamamla',
  requeue: 'Tekrar Sıraya Al',
  /** new + queued. */
  waiting: 'Bekleyen',
  /** assigned + in_progress, anyone's (the spec's kanban column). */
  active: 'Atanmış',
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
  /** A completion waiting for a second person (the status label is REQUEST_STATUS_LABELS.pending_approval). */
  approvals: 'Onay Bekleyen',
  approve: 'Onayla',
  reject: 'Reddet',
  /** At or above this amount a completion needs a second person. */
  approvalThreshold: 'Onay Eşiği',
  /** A routing rule's place in evaluation (1–100, higher first); not 'Öncelik', which is a request's 1–5. */
  ruleOrder: 'Kural sırası',
  /** At or above this amount completing asks for the amount typed again (a mis-click guard, not an approval). */
  confirmAmount: 'Tutar Doğrulama Eşiği',
  /** Data could not be fetched: no answer, a timeout or a server error (never 'Veri bulunamadı', which is a value that does not exist). */
  unreachable: 'Sunucuya ulaşılamıyor',
  /** Fetching again what could not be fetched. */
  retry: 'Tekrar Dene',
} as const;
