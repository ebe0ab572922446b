import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { onQueryTime } from '../db/query-timing';
import type { App } from '../types';

/**
 * `/metrics` in Prometheus' text format. What is this instance's own (HTTP, sockets, database
 * time, event loop) is measured here as it happens; what is shared by every instance (waiting
 * requests, sync runs, the notification outbox) is read from the database at scrape time, so each
 * instance reports the same truth whichever of them ran the job.
 *
 * Not public: Prometheus sends `Authorization: Bearer METRICS_TOKEN`. Without METRICS_TOKEN the
 * path does not exist (404).
 */
export const METRICS_PATH = '/metrics';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

type Row = Record<string, unknown>;

const NOT_FOUND = { success: false, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' } as const;

export function registerMetrics(app: App): void {
  const token = app.ctx.config.METRICS_TOKEN;
  // Off: nothing is measured, and the path answers like any unknown API path.
  if (!token) {
    app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => reply.status(404).send(NOT_FOUND));
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 10 });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route (as registered) and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The registered pattern, never the raw URL: ids in paths would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of database statements sent by this instance',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [register],
  });
  const stopTiming = onQueryTime((seconds, failed) => queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds));
  app.addHook('onClose', async () => stopTiming());

  new Gauge({
    name: 'socketio_connected_sockets',
    help: 'Live sockets connected to this instance',
    registers: [register],
    collect() {
      this.set(app.ctx.realtime.connectedSockets());
    },
  });

  const query = (text: string) => app.ctx.database.query<Row>(text);

  new Gauge({
    name: 'bonus_requests_waiting',
    help: 'Requests not yet taken (new or queued), per project',
    labelNames: ['project'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await query(
        `select p.code as project, coalesce(sum(c.n), 0)::int as n from projects p left join bonus_request_status_counts c on c.project_id = p.id and c.status in ('new', 'queued') group by p.code`,
      );
      for (const row of rows) this.set({ project: String(row.project) }, Number(row.n));
    },
  });
  new Gauge({
    name: 'bonus_requests_oldest_wait_seconds',
    help: 'Age of the oldest request not yet taken, per project (0 when none waits)',
    labelNames: ['project'] as const,
    registers: [register],
    async collect() {
      this.reset();
      // Per project and status, the index (project_id, status, created_at) gives the oldest at once.
      const rows = await query(`
        select p.code as project, coalesce(extract(epoch from now() - least(
          (select min(created_at) from bonus_requests r where r.project_id = p.id and r.status = 'new'),
          (select min(created_at) from bonus_requests r where r.project_id = p.id and r.status = 'queued'))), 0)::float8 as seconds
        from projects p`);
      for (const row of rows) this.set({ project: String(row.project) }, Math.max(0, Number(row.seconds)));
    },
  });

  new Gauge({
    name: 'bonus_sync_runs',
    help: 'Sync runs recorded, per project, type and outcome (running while one is in progress)',
    labelNames: ['project', 'type', 'outcome'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await query(
        `select p.code as project, s.sync_type as type, s.status as outcome, count(*)::int as n from sync_logs s join projects p on p.id = s.project_id group by 1, 2, 3`,
      );
      for (const row of rows) this.set({ project: String(row.project), type: String(row.type), outcome: String(row.outcome) }, Number(row.n));
    },
  });
  new Gauge({
    name: 'bonus_sync_last_duration_seconds',
    help: 'Duration of the last finished sync run, per project, type and its outcome',
    labelNames: ['project', 'type', 'outcome'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await query(`
        select distinct on (s.project_id, s.sync_type) p.code as project, s.sync_type as type, s.status as outcome,
          extract(epoch from s.finished_at - s.started_at)::float8 as seconds
        from sync_logs s join projects p on p.id = s.project_id
        where s.finished_at is not null
        order by s.project_id, s.sync_type, s.finished_at desc`);
      for (const row of rows) this.set({ project: String(row.project), type: String(row.type), outcome: String(row.outcome) }, Number(row.seconds));
    },
  });

  new Gauge({
    name: 'bonus_notifications_outbox',
    help: 'Notification outbox rows by status: pending is the depth still to deliver, failed gave up',
    labelNames: ['status'] as const,
    registers: [register],
    async collect() {
      this.reset();
      for (const status of ['pending', 'failed']) this.set({ status }, 0);
      const rows = await query(`select status, count(*)::int as n from notifications where status in ('pending', 'failed') group by status`);
      for (const row of rows) this.set({ status: String(row.status) }, Number(row.n));
    },
  });
  new Gauge({
    name: 'bonus_notifications_delivery_retries',
    help: 'Pending notifications that failed at least once and wait for another attempt',
    registers: [register],
    async collect() {
      const [row] = await query(`select count(*)::int as n from notifications where status = 'pending' and attempts > 0`);
      this.set(Number(row?.n ?? 0));
    },
  });

  // Outside /api: no session, no envelope; the token is all that is checked.
  app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameToken(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ success: false, code: 'UNAUTHORIZED', message: 'Oturum açmanız gerekiyor' });
    }
    const body = await register.metrics();
    return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(body);
  });
}
