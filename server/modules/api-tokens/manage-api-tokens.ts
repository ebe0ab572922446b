import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { API_TOKEN_LIMIT_PER_PROJECT, API_TOKEN_MESSAGES, type ApiToken, createApiTokenBody } from '@common/schemas/api-tokens';
import type { DbOrTx } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import { assertProjectQuota } from '../../lib/project-quota';
import type { ActorContext } from '../../policies/actor';
import { writeProjectAudit } from '../audit';
import { presentToken } from './present-token';
import { newTokenSecret } from './token-secret';

type CreateInput = z.output<typeof createApiTokenBody> & { projectId: number };

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  abilities: apiTokens.abilities,
  hint: apiTokens.hint,
  createdByName: users.fullName,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
};

async function readToken(db: DbOrTx, projectId: number, tokenId: number) {
  const [row] = await db
    .select(listed)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdByUserId))
    .where(and(eq(apiTokens.projectId, projectId), eq(apiTokens.id, tokenId)));
  return row;
}

/** A project's tokens, live ones first, newest first. */
export async function listApiTokens(db: DbOrTx, projectId: number): Promise<ApiToken[]> {
  const rows = await db
    .select(listed)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdByUserId))
    .where(eq(apiTokens.projectId, projectId))
    .orderBy(sql`${apiTokens.revokedAt} is not null`, desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(presentToken);
}

/** Creates a token; the answer carries the token this once, and only its hash is kept. */
export async function createApiToken({ ctx, actor, ipAddress }: ActorContext, input: CreateInput): Promise<ApiToken & { token: string }> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw validationError({ expiresAt: API_TOKEN_MESSAGES.expiryInPast }, API_TOKEN_MESSAGES.expiryInPast);
  }
  const secret = newTokenSecret();
  const id = await ctx.database.db.transaction(async (tx) => {
    await assertProjectQuota(tx, {
      projectId: input.projectId,
      table: apiTokens,
      where: and(eq(apiTokens.projectId, input.projectId), isNull(apiTokens.revokedAt)),
      limit: API_TOKEN_LIMIT_PER_PROJECT,
      message: API_TOKEN_MESSAGES.tooMany,
    });
    const [row] = await tx
      .insert(apiTokens)
      .values({
        projectId: input.projectId,
        name: input.name,
        abilities: input.abilities,
        tokenHash: secret.hash,
        hint: secret.hint,
        createdByUserId: actor.id,
        createdAt: ctx.clock.now(),
        expiresAt,
      })
      .returning({ id: apiTokens.id });
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'CREATE_API_TOKEN', { keyId: row!.id, name: input.name, abilities: input.abilities, expiresAt: expiresAt?.toISOString() ?? null });
    return row!.id;
  });
  const row = await readToken(ctx.database.db, input.projectId, id);
  return { ...presentToken(row!), token: secret.token };
}

/**
 * Revokes a token. Every call reads the token's row (nothing caches it), so the next call with
 * it answers 401 on every instance. Revoking a revoked token answers it as it is.
 */
export async function revokeApiToken({ ctx, actor, ipAddress }: ActorContext, input: { projectId: number; tokenId: number }): Promise<ApiToken> {
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.clock.now(), revokedByUserId: actor.id })
      .where(and(eq(apiTokens.projectId, input.projectId), eq(apiTokens.id, input.tokenId), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (!row) return;
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'REVOKE_API_TOKEN', { keyId: input.tokenId, name: row.name });
  });
  const row = await readToken(db, input.projectId, input.tokenId);
  if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
  return presentToken(row);
}
