import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from its environment, parsed in one place. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** When set, a real PostgreSQL replaces the embedded one. */
  DATABASE_URL: z.string().url().optional(),
  /** When set, socket events reach clients of every instance. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the socket.io Redis channels: deployments (or test runs) sharing one Redis keep apart. */
  REDIS_KEY: z.string().min(1).max(100).default('socket.io'),
  /** Secret for token signing and encryption at rest; generated into DATA_DIR when absent. */
  APP_SECRET: z.string().min(32).optional(),
  SEED_DEMO: bool.optional(),
  /** The API documentation (/api/docs): 'public', 'auth' (signed-in users only) or 'off'; unset: 'auth' in production, else 'public'. */
  API_DOCS: z.enum(['public', 'auth', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built web app from this folder (absent in API-only tests). */
  WEB_DIST: z.string().default('./dist/web'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  SESSION_ABSOLUTE_TTL_SECONDS: z.coerce.number().int().min(300).default(7 * 24 * 3600),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Reverse proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges,
   * e.g. `127.0.0.1,10.0.0.0/8`). Off by default: anyone could otherwise make up their address
   * and slip past the per-IP rate limit.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) => (v.trim() === '' || v.trim() === 'false' ? [] : v.split(',').map((s) => s.trim()).filter(Boolean)))
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
  /** Comma-separated extra origins allowed for the socket handshake (dev servers). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Background jobs (sync schedule, presence sweeps); tests turn them off. */
  JOBS_ENABLED: bool.default(true),
  /** A running sync whose heartbeat is older than this belongs to a dead server and is closed as failed. */
  SYNC_STALE_AFTER_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** E-mail notifications go through this SMTP server (smtp:// or smtps://user:pass@host:port); without it they are off. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of notification e-mails. */
  SMTP_FROM: z.string().min(3).default('Bonus Panel <bildirim@localhost>'),
  /** SMS notifications are POSTed here as JSON {to, text}; without it they are off. */
  SMS_WEBHOOK_URL: z.string().url().optional(),
});
export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof Config, string>> = {}): Config {
  const merged = { ...env, ...overrides };
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Geçersiz ortam ayarları:\n${lines}`);
  }
  return result.data;
}

/** Demo mode seeds demo data on first start; on by default only for the embedded database. */
export function isDemoMode(config: Config): boolean {
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}
