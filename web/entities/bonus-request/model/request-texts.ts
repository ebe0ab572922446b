import { formatDuration } from '@common/duration';
import { requeueReasonText } from '@common/request-transitions';
import { REQUEST_EVENT_LABELS, type BonusRequest, type RequestEventType, type RequestSource } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';

export const SOURCE_LABELS: Record<RequestSource, string> = { manual: 'Manuel', sync: 'Bridge senkronizasyonu' };

/** A card's or row's title: the external id, or 'Talep #' and the id (spec §2.4). */
export function requestTitle(request: Pick<BonusRequest, 'externalId' | 'id'>): string {
  return request.externalId ?? `Talep #${request.id}`;
}

export function requeueReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return requeueReasonText(reason);
}

export function eventLabel(type: string): string {
  return REQUEST_EVENT_LABELS[type as RequestEventType] ?? type;
}

/** 'Geri Al' in the success toast of complete and re-queue (issue 15). */
export const UNDO_LABEL = 'Geri Al';
export const UNDONE_TEXT = 'İşlem geri alındı';
export const UNDO_FAILED_TEXT = 'Geri alınamadı';

/** A waiting request held for someone at capacity, shown to everyone. */
export function reservedForText(name: string): string {
  return `${name} için ayrıldı`;
}

/** The claim button of a user at capacity says what it will do ('Bana ayır (5/5)'), with a tooltip saying what follows. */
export function claimLabel(load: { load: number; maxLoad: number } | null): string {
  return load && load.load >= load.maxLoad ? `${TERMS.reserve} (${load.load}/${load.maxLoad})` : TERMS.claim;
}
export function claimHint(load: { load: number; maxLoad: number } | null): string | undefined {
  return load && load.load >= load.maxLoad ? TERMS.reserveHint : undefined;
}

/** 'En eski: 58 gün 16 sa' — the oldest wait in a column, in the one duration format (the advanced dashboard shows the same). */
export function oldestWaitText(createdAt: string, now: number = Date.now()): string {
  return `En eski: ${formatDuration(Math.floor((now - new Date(createdAt).getTime()) / 60_000))}`;
}

/** The first words of a description on a card. */
export function descriptionStart(description: string | null, max = 80): string | null {
  if (!description) return null;
  const text = description.trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const DUPLICATE_LABEL = TERMS.possibleDuplicate;
/** The tick a flagged request's completion needs (the server refuses it without: duplicateChecked). */
export const DUPLICATE_CHECK_LABEL = 'Tekrar olmadığını kontrol ettim';
