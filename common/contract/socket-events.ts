import { z } from 'zod';
import { SOCKET_ERROR_CODES } from '../error-codes';
import { agentStatusChangedSchema } from '../schemas/agents';
import { bonusRequestSchema } from '../schemas/bonus';
import { syncLogSchema, syncProgressSchema } from '../schemas/bridge-sync';
import { requestViewersSchema, requestViewersSnapshotSchema, requestViewingAckSchema, viewedRequestSchema } from '../schemas/request-viewers';
import { SOCKET_EVENTS } from '../socket-events';

/**
 * The live events' payloads, beside the HTTP contract: each event name (common/socket-events.ts)
 * with the schema of what it carries. The server's emit functions and the web's
 * `useSocketEvent` infer their types from here; the server checks every outgoing payload
 * against its schema in tests, and every incoming client event always.
 */

/** The summary of a large change (e.g. a sync import) sent as one 'bonus-request-updated': clients reload. */
export const bulkRequestChangeSchema = z.object({ projectId: z.number().int(), bulk: z.literal(true), count: z.number().int() });
export type BulkRequestChange = z.infer<typeof bulkRequestChangeSchema>;

/** Sent to a member the manager forced offline, just before their sockets close. */
export const forcedOfflineSchema = z.object({ projectId: z.number().int(), reason: z.string().nullable(), by: z.string() });

/** Server → client: each event with its payload. */
export const serverEventSchemas = {
  [SOCKET_EVENTS.requestCreated]: bonusRequestSchema,
  [SOCKET_EVENTS.requestUpdated]: z.union([bonusRequestSchema, bulkRequestChangeSchema]),
  [SOCKET_EVENTS.requestAssigned]: bonusRequestSchema,
  [SOCKET_EVENTS.requestCompleted]: bonusRequestSchema,
  [SOCKET_EVENTS.syncProgress]: syncProgressSchema,
  [SOCKET_EVENTS.syncFinished]: syncLogSchema,
  [SOCKET_EVENTS.agentStatusChanged]: agentStatusChangedSchema,
  [SOCKET_EVENTS.forcedOffline]: forcedOfflineSchema,
  [SOCKET_EVENTS.sessionRevoked]: z.object({ reason: z.string() }),
  /** The client acknowledges it, so the server knows the notice arrived before the socket closes. */
  [SOCKET_EVENTS.serverRestarting]: z.object({ message: z.string() }),
  /** The project's settings (`{ projectId }`, to its room) or the system's (`{ system: true }`, to everyone). */
  [SOCKET_EVENTS.settingsChanged]: z.union([z.object({ projectId: z.number().int() }), z.object({ system: z.literal(true) })]),
  /** To the project's room whenever who has a request's detail open may have changed (issue 31). */
  [SOCKET_EVENTS.requestViewers]: requestViewersSchema,
  /** To one socket joining a project's room: the lists so far, so a screen opened later shows them too. */
  [SOCKET_EVENTS.requestViewersSnapshot]: requestViewersSnapshotSchema,
} as const;

export type ServerEvent = keyof typeof serverEventSchemas;
export type ServerEventPayload<E extends ServerEvent> = z.output<(typeof serverEventSchemas)[E]>;
export const isServerEvent = (name: string): name is ServerEvent => Object.hasOwn(serverEventSchemas, name);

/**
 * The second argument of every event sent to a project's room: a counter per project and
 * server instance, so a client that sees a number skipped knows it missed events.
 */
export const projectEventMetaSchema = z.object({ seq: z.number().int(), origin: z.string() });
export type ProjectEventMeta = z.infer<typeof projectEventMetaSchema>;

/** A project id as the client sends it (join and leave a project's room). */
const roomProjectId = z.number().int().positive().max(2_147_483_647);

/** The answer to 'join-project': refused with a machine code for the client and a Turkish message for people. */
export const joinProjectAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: z.enum(SOCKET_ERROR_CODES), message: z.string() }),
]);
export type JoinProjectAck = z.infer<typeof joinProjectAckSchema>;

/** Client → server: each event with its payload (and the shape of its acknowledgement, if it has one). */
export const clientEventSchemas = {
  [SOCKET_EVENTS.joinProject]: { payload: roomProjectId, ack: joinProjectAckSchema },
  [SOCKET_EVENTS.leaveProject]: { payload: roomProjectId },
  /** The person is at the keyboard (no payload): keeps them from turning 'away'. */
  [SOCKET_EVENTS.activity]: { payload: z.undefined() },
  /** This screen opened a request's detail (of the socket's project); answered so a refusal is seen. */
  [SOCKET_EVENTS.requestViewing]: { payload: viewedRequestSchema, ack: requestViewingAckSchema },
  /** This screen closed it. */
  [SOCKET_EVENTS.requestLeft]: { payload: viewedRequestSchema },
} as const;

export type ClientEvent = keyof typeof clientEventSchemas;
export type ClientEventPayload<E extends ClientEvent> = z.input<(typeof clientEventSchemas)[E]['payload']>;
type AckOf<E extends ClientEvent> = (typeof clientEventSchemas)[E] extends { ack: z.ZodType } ? z.output<(typeof clientEventSchemas)[E]['ack']> : never;
/** What a client passes to emit an event: its payload (none for `undefined`), then the acknowledgement callback if the event has one. */
export type ClientEventArgs<E extends ClientEvent> = [
  ...(ClientEventPayload<E> extends undefined ? [] : [payload: ClientEventPayload<E>]),
  ...([AckOf<E>] extends [never] ? [] : [ack?: (answer: AckOf<E>) => void]),
];
