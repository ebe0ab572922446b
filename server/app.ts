import '@common/zod-tr';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { deriveKeys, resolveAppSecret } from './lib/secrets';
import { registerAuthentication } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { inputValidatorCompiler } from './plugins/validator';
import { SessionCache } from './modules/auth/session-cache';
import { Realtime } from './realtime/realtime';
import { registerRoutes } from './routes';
import type { App } from './types';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Log to this stream instead of stdout (tests capture logs to search them for secrets). */
  logStream?: NodeJS.WritableStream;
}

/** Never logged, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.dbPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
  '*.secret',
];

/** Builds the whole server (API, socket, web app) without listening, so tests run it in-process. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[gizli]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const realtime = new Realtime({
    redisUrl: config.REDIS_URL,
    redisKey: config.REDIS_KEY,
    allowedOrigins: config.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
  });
  const clock = options.clock ?? systemClock;
  const sessionCache = new SessionCache(clock);
  const ctx: AppContext = {
    config,
    database,
    clock,
    keys: deriveKeys(resolveAppSecret(config.APP_SECRET, config.DATA_DIR)),
    realtime,
    sessionCache,
    log: app.log,
  };
  app.decorate('ctx', ctx);

  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      success: false,
      message: `Çok fazla deneme. Lütfen ${Math.ceil(context.ttl / 1000)} saniye sonra tekrar deneyin.`,
    }),
  });
  // The API documentation is public; registered before swagger-ui so its routes get it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bonus Panel API', version: '1.0.0', description: 'Bonus talepleri yönetim paneli API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  registerErrorHandler(app);
  registerAuthentication(app);
  await registerRoutes(app);
  await serveWebApp(app, config.WEB_DIST);

  app.addHook('onReady', async () => {
    await realtime.attach(app.server, ctx);
  });
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await sessionCache.stop();
  });
  // Last, so that a failed build leaves no listening connection behind.
  await sessionCache.start(database);
  return app;
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html. */
async function serveWebApp(app: App, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: true });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && hasWeb && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root, { maxAge: 0, immutable: false });
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' });
  });
}
