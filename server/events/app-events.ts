import type { BonusRequest, ViewedRequest } from '@common/schemas/bonus';
import type { SOCKET_EVENTS } from '@common/socket-events';
import type { EventBus } from './event-bus';

export type RequestSocketEvent =
  | typeof SOCKET_EVENTS.requestCreated
  | typeof SOCKET_EVENTS.requestUpdated
  | typeof SOCKET_EVENTS.requestAssigned
  | typeof SOCKET_EVENTS.requestCompleted;

export interface RequestChange {
  event: RequestSocketEvent;
  request: BonusRequest;
}

/** The request changes of one commit in one project, as the bonus module presents them. */
export interface PresentedChanges {
  projectId: number;
  /** Each change with its request as the bonus module presents it; empty for a bulk change. */
  changes: RequestChange[];
  /** Past BULK_EVENT_THRESHOLD changes: how many, sent as one summary event instead. */
  bulkCount: number;
  /** Users whose load the changes moved: assignees, and former ones a change released. */
  loadChangedFor: number[];
  /** The changed requests as the viewer given to `present` sees them (with abilities), for the HTTP answer; empty without one. */
  viewed: ViewedRequest[];
}

/**
 * What happened, published after the change committed (never for a rolled-back one). Publishers
 * do not know who reacts; server/app-wiring.ts subscribes routing, presence and the rest.
 * Another instance learns of a change through the database (routing and presence read their
 * state inside transactions) and through the socket.io Redis adapter (events for screens);
 * nothing here crosses instances by itself.
 */
export interface AppEvents {
  /** Requests of a project changed: screens hear it, and the loads it moved are recomputed. */
  requestsChanged: PresentedChanges;
  /**
   * Members who may take work now: came online, dropped below capacity (a request of theirs was
   * completed or re-queued), were switched back on. Routing hands them what its rules send them.
   */
  membersBecameEligible: { projectId: number; userIds: number[] };
  /** A user's own capacity changed (it is account-wide): routing hands out in each of their projects. */
  capacityChanged: { userId: number };
  /** A user was taken out of projects (their sockets there are already closed): their presence there is recomputed. */
  membershipsEnded: { userId: number; projectIds: number[] };
  /** An active routing rule was created, changed or switched on: waiting requests may have a target now. */
  rulesChanged: { projectId: number };
  /**
   * Four eyes: a completion went to 'pending_approval' (the request as presented right after the move, by the
   * person who asked). The project's approvers are told through the notifications outbox.
   */
  approvalRequested: { projectId: number; request: BonusRequest };
  /** A project's settings changed in a way that may make someone a routing target (capacity raised). */
  settingsChanged: { projectId: number; capacityRaised: boolean };
}

export type AppEventBus = EventBus<AppEvents>;
