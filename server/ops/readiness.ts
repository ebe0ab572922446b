import type { Readiness } from '@common/contract/health';
import type { AppContext } from '../context';
import { MIGRATIONS_FOLDER } from '../db/client';
import { isCurrent, readSchemaState } from '../db/migrations-runner';

/**
 * Whether this instance should get traffic. Draining starts at SIGTERM (server/main.ts), before
 * the listener closes, so a balancer polling /api/ready stops sending new work while the
 * requests in flight finish.
 */
const draining = new WeakSet<AppContext>();

export function beginDraining(ctx: AppContext): void {
  draining.add(ctx);
}

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const failing: Readiness['failing'] = [];
  if (draining.has(ctx)) failing.push('shutdown');
  try {
    // One statement answers both: the database is there, and its schema is what this code needs.
    // A newer schema (a later release migrated during a rolling upgrade) still counts as current.
    const state = await readSchemaState((text, params) => ctx.database.query(text, params), MIGRATIONS_FOLDER);
    if (!isCurrent(state)) failing.push('migrations');
  } catch {
    failing.push('database');
  }
  if ((await ctx.realtime.redisStatus()) === 'down') failing.push('redis');
  return { status: failing.length ? 'not_ready' : 'ready', failing };
}
