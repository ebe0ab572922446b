/** The sessions module's public entry: other modules and the app import only what is named here. */
export { releaseLoginAttempt, reserveLoginAttempt } from './login-attempts';
export { sessionCacheOf } from './session-cache';
export { authenticateToken, expireStaleSessions, openSession, pruneEndedSessions, revokeSessions, revokeUserSessions, rotateRefreshToken, sessionUnknown, type AuthContext } from './sessions';
