import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SESSION, SETTINGS_DEFAULTS } from '@common/constants';
import type { AppContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { projectMembers, projects, projectSettings, refreshTokens, sessions, systemSettings, users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import type { AuthContext } from '../../policies/auth-context';
import { mayWorkInProject } from '../../policies/project-policy';
import { randomToken, sha256 } from '../../lib/secrets';
import { afterCommit } from '../../db/after-commit';
import { signAccessToken, verifyAccessToken } from './access-token';
import { MAX_PROJECTS_PER_SESSION, sessionCacheOf, type ProjectFacts, type SessionFacts } from './session-cache';

export type { AuthContext } from '../../policies/auth-context';

/** Last-seen is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 30_000;

export const sessionUnknown = () => unauthorized(SESSION.unknownSessionMessage, 'SESSION_UNKNOWN');

/** Opens a session and returns its first token pair. */
export async function openSession(
  ctx: AppContext,
  tx: DbOrTx,
  input: { userId: number; ipAddress: string | null; userAgent: string | null },
): Promise<{ sessionId: string; accessToken: string; refreshToken: string }> {
  const now = ctx.clock.now();
  const sessionId = randomUUID();
  await tx.insert(sessions).values({
    id: sessionId,
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.SESSION_ABSOLUTE_TTL_SECONDS * 1000),
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  const pair = await issueTokenPair(ctx, tx, sessionId, input.userId);
  return { sessionId, ...pair };
}

export async function issueTokenPair(ctx: AppContext, tx: DbOrTx, sessionId: string, userId: number, successor?: { of: string; issuedAt: Date }) {
  const refreshToken = successor ? successorOf(ctx, successor.of) : randomToken();
  // A successor answered again within the grace is already stored: it stays the one row.
  await tx.insert(refreshTokens).values({ sessionId, tokenHash: sha256(refreshToken), createdAt: ctx.clock.now() }).onConflictDoNothing();
  const accessToken = signAccessToken({ sid: sessionId, uid: userId }, ctx.keys.jwt, ctx.clock, ctx.config.ACCESS_TOKEN_TTL_SECONDS, successor?.issuedAt);
  return { accessToken, refreshToken };
}

/**
 * The refresh token that follows `presented`: derived from it with the server's key, so the same
 * spent token presented again within the grace (two tabs, a retried request) is answered with the
 * same pair instead of a second chain. Unguessable without the key, like a random one.
 */
function successorOf(ctx: AppContext, presented: string): string {
  return createHmac('sha256', ctx.keys.jwt).update(`refresh-successor:${presented}`).digest('base64url');
}

/**
 * One prepared statement per database answers everything a request needs to know about
 * its caller: the session, the user, the inactivity timeout and, for a path naming a
 * project, whether the caller may work in it. It runs on every authenticated call.
 */
function buildSessionQuery(db: Db) {
  const projectId = sql.placeholder('projectId');
  return db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      sessionTimeout: systemSettings.sessionTimeout,
      user: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        mustChangePassword: users.mustChangePassword,
        isActive: users.isActive,
        totpSetupRequired: sql<boolean>`(not ${users.totpEnabled} and ${users.role} = any(${systemSettings.twoFactorRequiredRoles}))`,
      },
      isMember: sql<boolean>`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projectId}::int and ${projectMembers.userId} = ${users.id})`,
      projectExists: sql<boolean>`exists (select 1 from ${projects} where ${projects.id} = ${projectId}::int)`,
      // Every analytics call needs the project's days: read with the session, kept with it, and
      // dropped with it when the zone changes (migration 0018 announces it).
      projectTimeZone: sql<string | null>`(select ${projectSettings.timezone} from ${projectSettings} where ${projectSettings.projectId} = ${projectId}::int)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(systemSettings, eq(systemSettings.id, 1))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('auth_session');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();

/** Why a session can no longer be used at `now`, or null while it is live. */
function endReason(facts: SessionFacts, now: number): string | null {
  if (!facts.user.isActive) return 'user_inactive';
  if (facts.expiresAt <= now) return 'expired';
  if (now - facts.lastSeenAt > facts.sessionTimeoutMs) return 'idle';
  return null;
}

/** Reads a session's facts (and its access to `projectId`) with the one prepared statement. */
async function loadSessionFacts(ctx: AppContext, sessionId: string, projectId: number | null): Promise<SessionFacts | null> {
  const db = ctx.database.db;
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = buildSessionQuery(db)));
  const [row] = await query.execute({ sessionId, projectId });
  if (!row || row.revokedAt) return null;
  const access = new Map<number, ProjectFacts>();
  if (projectId !== null) {
    access.set(projectId, {
      allowed: mayWorkInProject(row.user.role, row),
      timeZone: row.projectTimeZone ?? SETTINGS_DEFAULTS.timezone,
    });
  }
  return {
    user: row.user,
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
    sessionTimeoutMs: row.sessionTimeout * 1000,
    access,
  };
}

/**
 * The session behind a token if it is still live: not revoked, within its absolute
 * lifetime and its inactivity timeout, and its user still active. A session that has
 * just run out is revoked on the spot so every later call agrees. With a project id,
 * `projectAccess` tells whether the caller may work in that project.
 *
 * A live answer may come from the session cache (see session-cache.ts); an ended one is
 * always confirmed by the database. `fresh` skips the cache (token refresh).
 */
export async function requireLiveSession(
  ctx: AppContext,
  sessionId: string,
  projectId: number | null = null,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<AuthContext & { projectAccess: boolean }> {
  const now = ctx.clock.now().getTime();
  const cache = sessionCacheOf(ctx);
  let facts = fresh ? undefined : cache.get(sessionId);
  if (!facts || (projectId !== null && !facts.access.has(projectId)) || endReason(facts, now)) {
    const generation = cache.generation;
    const known = facts;
    facts = (await loadSessionFacts(ctx, sessionId, projectId)) ?? undefined;
    if (!facts) throw sessionUnknown();
    const reason = endReason(facts, now);
    if (reason) {
      await revokeSessions(ctx, [sessionId], reason);
      throw sessionUnknown();
    }
    // Keep what was already known about other projects (bounded, see MAX_PROJECTS_PER_SESSION).
    for (const [id, project] of known?.access ?? []) {
      if (facts.access.size >= MAX_PROJECTS_PER_SESSION) break;
      if (!facts.access.has(id)) facts.access.set(id, project);
    }
    cache.store(sessionId, facts, generation);
  }
  if (now - facts.lastSeenAt > TOUCH_EVERY_MS) {
    facts.lastSeenAt = now;
    await ctx.database.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, sessionId));
  }
  const { isActive: _active, totpSetupRequired, ...user } = facts.user;
  const project = projectId === null ? undefined : facts.access.get(projectId);
  const projectAccess = project?.allowed === true;
  return { user, sessionId, projectAccess, totpSetupRequired, ...(projectAccess && projectId !== null ? { project: { id: projectId, timeZone: project.timeZone } } : {}) };
}

/** Verifies an access token and its session; 401 either way, `Session ID unknown` when the session is gone. */
export async function authenticateToken(
  ctx: AppContext,
  token: string | undefined,
  projectId: number | null = null,
): Promise<AuthContext & { projectAccess: boolean }> {
  if (!token) throw unauthorized('Oturum açmanız gerekiyor');
  const claims = verifyAccessToken(token, ctx.keys.jwt, ctx.clock);
  if (!claims) throw unauthorized('Oturum süresi doldu veya geçersiz');
  const auth = await requireLiveSession(ctx, claims.sid, projectId);
  if (auth.user.id !== claims.uid) throw sessionUnknown();
  return auth;
}

/** Revokes sessions (and so all their tokens) and closes their sockets at once. */
export async function revokeSessions(ctx: AppContext, sessionIds: string[], reason: string, tx: DbOrTx = ctx.database.db) {
  if (sessionIds.length === 0) return;
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.clock.now(), revokedReason: reason })
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)));
  // After the commit, never before: a socket closed now reconnects at once, and a check reading
  // the session before the commit (or a cache refilled from it) would let it in again. This
  // instance forgets then; the others hear it from the database at commit.
  afterCommit(() => {
    sessionCacheOf(ctx).invalidate();
    ctx.realtime.disconnectSessions(sessionIds, reason);
  });
}

/** Ends every live session of a user (deactivation, role or password change, force logout). */
export async function revokeUserSessions(
  ctx: AppContext,
  userId: number,
  reason: string,
  tx: DbOrTx = ctx.database.db,
  keepSessionId?: string,
) {
  const live = (
    await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).filter((s) => s.id !== keepSessionId);
  await revokeSessions(
    ctx,
    live.map((s) => s.id),
    reason,
    tx,
  );
  return live.length;
}

/** Grace after a refresh token is spent, for two tabs refreshing at once (RFC 9700 §4.14.2). */
const REUSE_GRACE_MS = 10_000;

export type RefreshOutcome =
  | { kind: 'rotated'; sessionId: string; userId: number; accessToken: string; refreshToken: string }
  | { kind: 'reused'; sessionId: string; userId: number }
  | { kind: 'invalid' };

/**
 * Rotates a refresh token: it is spent in one conditional statement, so two uses race
 * to one winner. A token spent more than the grace ago signals theft: the whole
 * session is revoked.
 */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<RefreshOutcome> {
  const db = ctx.database.db;
  const hash = sha256(presented);
  const now = ctx.clock.now();
  const [spent] = await db
    .update(refreshTokens)
    .set({ spentAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.spentAt)))
    .returning({ sessionId: refreshTokens.sessionId });

  let sessionId = spent?.sessionId;
  // The pair is signed as of the spending, so an answer repeated within the grace is the same pair.
  let spentAt = now;
  if (!sessionId) {
    const [known] = await db
      .select({ sessionId: refreshTokens.sessionId, spentAt: refreshTokens.spentAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);
    if (!known?.spentAt) return { kind: 'invalid' };
    const [owner] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, known.sessionId));
    if (now.getTime() - known.spentAt.getTime() > REUSE_GRACE_MS) {
      return { kind: 'reused', sessionId: known.sessionId, userId: owner?.userId ?? 0 };
    }
    sessionId = known.sessionId;
    spentAt = known.spentAt;
  }
  try {
    const auth = await requireLiveSession(ctx, sessionId, null, { fresh: true });
    // A refresh is activity: it keeps the session from idling out.
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    const pair = await issueTokenPair(ctx, db, sessionId, auth.user.id, { of: presented, issuedAt: spentAt });
    return { kind: 'rotated', sessionId, userId: auth.user.id, ...pair };
  } catch {
    return { kind: 'invalid' };
  }
}

/**
 * Ends sessions that ran out (idle or past their lifetime) without waiting for their next
 * call, so that their sockets close too. Returns how many were ended.
 */
export async function expireStaleSessions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(systemSettings, eq(systemSettings.id, 1))
    .where(
      and(
        isNull(sessions.revokedAt),
        sql`(${sessions.expiresAt} <= ${now} or ${sessions.lastSeenAt} + make_interval(secs => ${systemSettings.sessionTimeout}) < ${now})`,
      ),
    );
  await revokeSessions(
    ctx,
    stale.map((s) => s.id),
    'expired',
  );
  return stale.length;
}

/** Removes refresh tokens of ended sessions; they can never be used again. */
export async function pruneEndedSessions(ctx: AppContext): Promise<void> {
  await ctx.database.db.execute(
    sql`delete from ${sessions} where ${sessions.revokedAt} < now() - interval '30 days' or ${sessions.expiresAt} < now() - interval '30 days'`,
  );
}
