import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppEventBus } from './events/app-events';
import type { Clock } from './lib/clock';
import type { AppKeys } from './lib/secrets';
import type { Realtime } from './realtime/realtime';

/**
 * What every service needs, built once per app and passed down explicitly. It names only
 * infrastructure (nothing here imports a feature module back), so any module may take it; a
 * module's own long-lived service (presence, the sync runner) is kept by that module per context.
 */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  keys: AppKeys;
  realtime: Realtime;
  /** Side effects travel here after commit (see events/app-events.ts). */
  events: AppEventBus;
  log: FastifyBaseLogger;
}
