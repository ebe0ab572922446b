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
  activity: 'activity',
  /** Settings were saved: the project's (payload { projectId }) or the system's (payload { system: true }). */
  settingsChanged: 'settings-changed',
} as const;

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
