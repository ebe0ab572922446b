import '@common/zod-tr';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Role } from '@common/enums';
import { wireAppEvents } from './app-wiring';
import { EventBus } from './events/event-bus';
import type { AppEvents } from './events/app-events';
import { canAccessProject } from './policies/project-policy';
import { canViewRequest } from './policies/request-policy';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { openApiDocument } from './lib/openapi';
import { deriveKeys, resolveAppSecret } from './lib/secrets';
import { registerAuthentication } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerOperations } from './ops/register-operations';
import { REQUEST_ID_HEADER, requestIdGenerator } from './ops/request-id';
import { inputValidatorCompiler } from './plugins/validator';
import { registerApiTokenRateLimit } from './modules/api-tokens';
import { authenticateToken, sessionCacheOf } from './modules/sessions';
import { Realtime } from './realtime/realtime';
import { registerRoutes } from './routes';
import type { App } from './types';
import { webDistFolder } from './web-dist';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Log to this stream instead of stdout (tests capture logs to search them for secrets). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it registers (the fuzz tests read each route's request schemas). */
  onRoute?: (route: RouteOptions) => void;
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
    // Forwarding headers are believed only from configured proxies (TRUST_PROXY).
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // Connecting to Redis and the database at start may take longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 60_000,
    // A path that is not valid percent-encoded UTF-8 never reaches a route; answer it in the one envelope too.
    frameworkErrors: (_error, request, reply) => {
      void (reply as FastifyReply).status(400).header(REQUEST_ID_HEADER, request.id).send({ success: false, code: 'BAD_REQUEST', message: 'İstek geçersiz' });
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const realtime = new Realtime({
    redisUrl: config.REDIS_URL,
    redisKey: config.REDIS_KEY,
    allowedOrigins: config.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    // Tests parse every outgoing payload with its schema, so an emitter sending the wrong shape fails them.
    checkPayloads: config.NODE_ENV === 'test' || process.env.VITEST !== undefined,
  });
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    config,
    database,
    clock,
    keys: deriveKeys(resolveAppSecret(config.APP_SECRET, config.DATA_DIR)),
    realtime,
    events: new EventBus<AppEvents>(app.log),
    log: app.log,
  };
  const sessionCache = sessionCacheOf(ctx);
  wireAppEvents(ctx);
  app.decorate('ctx', ctx);

  registerSecurityHeaders(app);
  registerOperations(app);
  // Parses Cookie and adds reply.setCookie: the sign-in cookies (modules/auth/auth-cookies.ts).
  await app.register(fastifyCookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      success: false,
      message: `Çok fazla deneme. Lütfen ${Math.ceil(context.ttl / 1000)} saniye sonra tekrar deneyin.`,
    }),
  });
  // The API documentation: public, for signed-in users only (production's default), or not served
  // at all (API_DOCS). Registered before swagger-ui so its routes get it.
  const apiDocs = config.API_DOCS ?? (config.NODE_ENV === 'production' ? 'auth' : 'public');
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/docs')) return;
    route.config = { ...(route.config ?? {}), ...(apiDocs === 'public' ? { public: true } : { permission: 'authenticated' as const }) };
  });
  // The document is built from the contract (server/lib/openapi.ts), the same one the build writes
  // to dist/openapi.json and the tests check every answer against.
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  if (apiDocs !== 'off') await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandler(app);
  registerAuthentication(app);
  registerApiTokenRateLimit(app);
  await registerRoutes(app);
  await serveWebApp(app, webDistFolder(config.WEB_DIST));

  app.addHook('onReady', async () => {
    await realtime.attach(app.server, {
      log: app.log,
      authenticate: (token, projectId) => authenticateToken(ctx, token, projectId),
      mayJoinProject: (user, projectId) => canAccessProject(database.db, { id: user.id, role: user.role as Role }, projectId),
      mayViewRequest: (user, projectId, requestId) => canViewRequest(database.db, { id: user.id, role: user.role as Role }, projectId, requestId),
    });
  });
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    // Reactions to changes already committed (hand-outs, presence) finish before the database closes.
    await ctx.events.settled();
    await sessionCache.stop();
  });
  // Last, so that a failed build leaves no listening connection behind.
  await sessionCache.start(database);
  return app;
}

/** Hashed build output: its name changes whenever its content does, so a browser keeps it for a year. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: never kept, so a new build is seen at once. */
export const NEVER_CACHED = 'no-store';

/**
 * Serves the built SPA; any non-API GET that is not a file gets index.html. Hashed assets go out
 * precompressed (the build writes .br and .gz beside each; brotli or gzip by Accept-Encoding).
 */
async function serveWebApp(app: App, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const assets = path.join(root, 'assets') + path.sep;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const name = path.basename(file);
        // Anything else from public/ (favicon…) has a fixed name: an hour, then ask again.
        reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE_ASSET : name === 'index.html' ? NEVER_CACHED : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a 404, never the page: during a rolling upgrade the balancer then
    // asks the instance that has the newer build (deploy/nginx), and no browser caches a page as script.
    if (request.method === 'GET' && hasWeb && !request.url.startsWith('/api/') && !request.url.startsWith('/socket.io') && !request.url.startsWith('/assets/')) {
      return reply.sendFile('index.html', root);
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' });
  });
}
