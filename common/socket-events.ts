/** Names of the live events (spec §7.14) and of the ones this product adds. */
export const SOCKET_EVENTS = {
  joinProject: 'join-project',
  leaveProject: 'leave-project',
  requestCreated: 'bonus-request-created',
  requestUpdated: 'bonus-request-updated',
  requestAssigned: 'bonus-request-assigned',
  requestCompleted: 'bonus-request-completed',
  syncProgress: 'sync-progress',
  syncFinished: 'sync-finished',
  agentStatusChanged: 'agent-status-changed',
  forcedOffline: 'forced-offline',
  sessionRevoked: 'session-revoked',
  /** The server is shutting down (SIGTERM): the socket closes next, and the client reconnects to another or the restarted one. */
  serverRestarting: 'server-restarting',
  activity: 'activity',
  /** Settings were saved: the project's (payload { projectId }) or the system's (payload { system: true }). */
  settingsChanged: 'settings-changed',
  /** Client → server: the detail of a request is open on this screen ({ requestId }). */
  requestViewing: 'request-viewing',
  /** Client → server: that detail closed ({ requestId }). */
  requestLeft: 'request-left',
  /** Server → project room: who has a request's detail open, whenever that list changes. */
  requestViewers: 'request-viewers',
  /** Server → one socket on joining a project's room: every non-empty viewer list of the project. */
  requestViewersSnapshot: 'request-viewers-snapshot',
} as const;

export const SERVER_RESTARTING_MESSAGE = 'Sunucu yeniden başlatılıyor';

export const REQUEST_EVENTS = [
  SOCKET_EVENTS.requestCreated,
  SOCKET_EVENTS.requestUpdated,
  SOCKET_EVENTS.requestAssigned,
  SOCKET_EVENTS.requestCompleted,
] as const;

export function projectRoom(projectId: number): string {
  return `project:${projectId}`;
}
export function userRoom(userId: number): string {
  return `user:${userId}`;
}
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
/** The sockets that have one request's detail open (across instances through the Redis adapter). */
export function requestViewRoom(projectId: number, requestId: number): string {
  return `request-view:${projectId}:${requestId}`;
}
