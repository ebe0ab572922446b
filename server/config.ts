import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true ya da false olmalıdır' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number from the environment, with a message an operator understands. */
const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${min}-${max} arasında bir tam sayı olmalıdır` })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: `en az ${min} olmalıdır` }).max(max, { error: `en çok ${max} olmalıdır` }));

/** A URL whose scheme is one of `schemes` (a typo like `postgress://` stops the start, not the first query). */
const urlWith = (schemes: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: `geçerli bir ${schemes.map((s) => `${s}://`).join(' ya da ')} adresi olmalıdır` },
  );

/** Every setting the server reads from its environment, parsed in one place. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** When set, a real PostgreSQL replaces the embedded one. */
  DATABASE_URL: urlWith(['postgres', 'postgresql']).optional(),
  /**
   * At start: 'true' applies missing migrations under a PostgreSQL advisory lock (instances
   * starting together migrate once); 'false' only checks the schema is current (`npm run migrate` first).
   */
  MIGRATE_ON_START: bool.default(true),
  /** When set, socket events reach clients of every instance. */
  REDIS_URL: urlWith(['redis', 'rediss']).optional(),
  /** Prefix of the socket.io Redis channels: deployments (or test runs) sharing one Redis keep apart. */
  REDIS_KEY: z.string().min(1).max(100).default('socket.io'),
  /** Secret for token signing and encryption at rest; generated into DATA_DIR when absent. */
  APP_SECRET: z.string().min(32, { error: 'en az 32 karakter olmalıdır' }).optional(),
  /** Bearer token Prometheus sends to /metrics; unset, /metrics does not exist (404). */
  METRICS_TOKEN: z.string().min(16, { error: 'en az 16 karakter olmalıdır' }).optional(),
  SEED_DEMO: bool.optional(),
  /**
   * 'Demo etkinliği' (demo mode only): the mean pause between two simulated moves, each drawn
   * between half and one and a half times it. Tests make it short.
   */
  DEMO_ACTIVITY_EVERY_MS: integer(10, 600_000).default(4_000),
  /**
   * Webhooks may reach loopback, private and link-local addresses, and plain http:// (a receiver on
   * the same machine or network, and the tests'). Off: only https:// to public addresses.
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Calls a minute one API token may make (per instance), before 429. */
  API_TOKEN_RATE_LIMIT: integer(1, 1_000_000).default(600),
  /** The API documentation (/api/docs): 'public', 'auth' (signed-in users only) or 'off'; unset: 'auth' in production, else 'public'. */
  API_DOCS: z.enum(['public', 'auth', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built web app from this folder (absent in API-only tests). */
  WEB_DIST: z.string().optional(),
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
  /**
   * The `Secure` flag of the sign-in cookies. Unset: set when the request came over HTTPS (TLS on this
   * server, or `X-Forwarded-Proto: https` from a TRUST_PROXY address). `true` when TLS ends at a proxy
   * that is not listed in TRUST_PROXY; `false` never sets it.
   */
  COOKIE_SECURE: bool.optional(),
  /** Comma-separated extra origins allowed for the socket handshake (dev servers). */
  ALLOWED_ORIGINS: z.string().default(''),
  /**
   * After SIGTERM, /api/ready answers 503 for this many seconds while everything is still served,
   * so a balancer checking readiness stops sending new work before the listener closes.
   */
  SHUTDOWN_DRAIN_SECONDS: integer(0, 120).default(0),
  /** Background jobs (sync schedule, presence sweeps); tests turn them off. */
  JOBS_ENABLED: bool.default(true),
  /** A running sync whose heartbeat is older than this belongs to a dead server and is closed as failed. */
  SYNC_STALE_AFTER_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * File exports (.xlsx, CSV) one user may run at once, and the whole instance: each costs CPU
   * and a query per page while it streams; one past a limit is answered 429 (EXPORT_BUSY).
   */
  EXPORT_MAX_PER_USER: integer(1, 100).default(2),
  EXPORT_MAX_PER_INSTANCE: integer(1, 1000).default(4),
  /** E-mail notifications go through this SMTP server (smtp:// or smtps://user:pass@host:port); without it they are off. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of notification e-mails. */
  SMTP_FROM: z.string().min(3).default('Bonus Panel <bildirim@localhost>'),
  /**
   * Demo inbox: without SMTP_URL, e-mail notifications are written to the server log and marked
   * sent, so a demo shows its notifications. Unset: on in demo mode (never under test).
   */
  DEMO_INBOX: bool.optional(),
  /** A fresh demo runs a few Bridge Sync jobs for its history; the browser tests turn it off to watch a first sync. */
  DEMO_SYNC_HISTORY: bool.default(true),
  /** SMS notifications are POSTed here as JSON {to, text}; without it they are off. */
  SMS_WEBHOOK_URL: z.string().url().optional(),
});
export type Config = z.infer<typeof configSchema>;

/** Settings valid one by one but not together (read from the raw environment, so they are told with the others). */
function contradictions(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // Several instances share Redis: each would otherwise make up its own key, and tokens signed by
  // one would be refused by the others.
  if (env.REDIS_URL && !env.APP_SECRET) problems.push('APP_SECRET: REDIS_URL ayarlıyken gereklidir (her sunucu aynı anahtarı kullanmalı)');
  return problems;
}

/** One line per problem, `NAME: what is wrong`, or none. */
export function configProblems(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof Config, string>> = {}): { config?: Config; problems: string[] } {
  const merged = { ...env, ...overrides };
  const result = configSchema.safeParse(merged);
  const problems = [...(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)), ...contradictions(merged)];
  return result.success && problems.length === 0 ? { config: result.data, problems } : { problems };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Geçersiz ortam ayarları:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof Config, string>> = {}): Config {
  const { config, problems } = configProblems(env, overrides);
  if (!config) throw new ConfigError(problems);
  return config;
}

/** E-mail goes to the demo inbox (the log): demo mode without SMTP_URL, unless DEMO_INBOX says otherwise. */
export function demoInboxOn(config: Config): boolean {
  return !config.SMTP_URL && (config.DEMO_INBOX ?? (isDemoMode(config) && config.NODE_ENV !== 'test'));
}

/** Demo mode seeds demo data on first start; on by default only for the embedded database. */
export function isDemoMode(config: Config): boolean {
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}
