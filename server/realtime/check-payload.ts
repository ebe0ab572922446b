import { z } from 'zod';
import { serverEventSchemas, type ServerEvent } from '@common/contract/socket-events';

/**
 * Throws when a payload does not match its event's schema (common/contract/socket-events.ts).
 * The types catch most mistakes; this catches the rest, such as a column PostgreSQL returns in
 * another shape than its declared type. On in tests only: outgoing events are a hot path.
 */
export function assertEventPayload(event: ServerEvent, payload: unknown): void {
  const result = serverEventSchemas[event].safeParse(payload);
  if (!result.success) throw new Error(`socket event '${event}': the payload does not match its schema\n${z.prettifyError(result.error)}`);
}
