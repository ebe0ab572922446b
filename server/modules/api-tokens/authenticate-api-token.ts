import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { API_TOKEN_MESSAGES, type ApiTokenAbility } from '@common/schemas/api-tokens';
import type { AppContext } from '../../context';
import { apiTokens, projectSettings, users } from '../../db/schema';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthContext } from '../../policies/auth-context';
import { hashToken } from './token-secret';

/** How often a token's "last used" is written: often enough for the list, rarely enough to cost nothing. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The role a token's calls are checked with once its ability has let the endpoint through: the
 * services' own policies (manage any request, approve, read reports) then decide as they would
 * for a manager. What a token may call at all is its abilities, never this role.
 */
const TOKEN_ROLE = 'manager' as const;

export interface ApiTokenCaller extends AuthContext {
  apiTokenId: number;
}

/**
 * A machine's call with `Authorization: Bearer bp_…`: the token must be live (not revoked, not
 * expired, its creator still active), name the ability the endpoint asks for (`apiToken` in its
 * contract entry), and be used in its own project. Its changes are recorded under the token's
 * name ('<name> (API anahtarı)'), on behalf of the person who created it.
 */
export async function authenticateApiToken(
  ctx: AppContext,
  token: string,
  call: { ability: ApiTokenAbility | undefined; projectId: number | null },
): Promise<ApiTokenCaller> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      projectId: apiTokens.projectId,
      abilities: apiTokens.abilities,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      creatorId: users.id,
      creatorActive: users.isActive,
      timeZone: projectSettings.timezone,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .leftJoin(projectSettings, eq(projectSettings.projectId, apiTokens.projectId))
    .where(eq(apiTokens.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || !row.creatorActive || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) {
    throw unauthorized(API_TOKEN_MESSAGES.invalid);
  }
  if (!call.ability || !row.abilities.includes(call.ability)) throw forbidden(API_TOKEN_MESSAGES.notAllowed);
  if (call.projectId !== row.projectId) throw forbidden(API_TOKEN_MESSAGES.otherProject);
  // At most one write a minute per token, whatever the call rate; most calls skip the round trip.
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))));
  }
  const label = `${row.name} (API anahtarı)`;
  return {
    apiTokenId: row.id,
    sessionId: `api-token:${row.id}`,
    user: { id: row.creatorId, username: label, fullName: label, email: null, role: TOKEN_ROLE, mustChangePassword: false },
    project: { id: row.projectId, timeZone: row.timeZone ?? SETTINGS_DEFAULTS.timezone },
  };
}
