import { DEFAULT_REQUEUE_REASON } from '@common/request-transitions';
import { REQUEST_EVENT_LABELS, type BonusRequest, type RequestEventType, type RequestSource } from '@common/schemas/bonus';

export const SOURCE_LABELS: Record<RequestSource, string> = { manual: 'Manuel', sync: 'Bridge senkronizasyonu' };

/** A card's or row's title: the external id, or 'Talep #' and the id (spec §2.4). */
export function requestTitle(request: Pick<BonusRequest, 'externalId' | 'id'>): string {
  return request.externalId ?? `Talep #${request.id}`;
}

export function requeueReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return reason === DEFAULT_REQUEUE_REASON ? 'Manuel olarak tekrar sıraya alındı' : reason;
}

export function eventLabel(type: string): string {
  return REQUEST_EVENT_LABELS[type as RequestEventType] ?? type;
}
