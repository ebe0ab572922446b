import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { AppKeys } from './lib/secrets';
import type { Presence } from './modules/agents/presence';
import type { SessionCache } from './modules/auth/session-cache';
import type { SyncRunner } from './modules/bridge-sync/sync-runner';
import type { Realtime } from './realtime/realtime';

/** What every service needs, built once per app and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  keys: AppKeys;
  realtime: Realtime;
  /** Recent answers about live sessions, dropped on every change (see session-cache.ts). */
  sessionCache: SessionCache;
  log: FastifyBaseLogger;
  /** Who is online where, and their live status (one per app: it keeps the members it tracks). */
  presence: Presence;
  /** The bridge sync jobs of this instance (routes, the scheduler and shutdown share it). */
  syncRunner: SyncRunner;
}
