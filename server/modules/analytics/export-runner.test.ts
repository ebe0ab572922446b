import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_TEXT } from '@common/analytics';
import type { Role } from '@common/enums';
import { REQUEST_SORT_COLUMNS } from '@common/schemas/bonus';
import { bonusRequests } from '../../db/schema';
import { bonusTestBed, insertRequests, requestsUrl } from '../bonus/bonus-test-kit';
import { requestOrder } from '../bonus';
import { bearer } from '../../test/harness';
import { EXPORT_PAGE_ROWS, requestExportPages } from './export-requests';
import { exportRunnerOf, type ExportRunner, type RunningExport } from './export-runner';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let runner: ExportRunner;
/** The app also listens on a real port: a client that leaves, and a cut download, need a real connection. */
let port: number;
const ROWS = 2_345;
const PAGES = Math.ceil(ROWS / EXPORT_PAGE_ROWS);

beforeAll(async () => {
  bed = await bonusTestBed();
  runner = exportRunnerOf(bed.app.ctx);
  await bed.app.listen({ port: 0, host: '127.0.0.1' });
  port = (bed.app.server.address() as AddressInfo).port;
  await insertRequests(
    bed.app,
    bed.project.id,
    Array.from({ length: ROWS }, (_, i) => ({ customerName: `Müşteri ${i}`, amount: `${i % 50}.25`, createdAt: new Date(Date.UTC(2026, 2, 1, 0, i)) })),
  );
});
afterAll(async () => {
  await bed?.close();
});
afterEach(() => {
  // A failed test leaves no export held for the next one.
  openHeld();
  runner.afterChunk = null;
  vi.restoreAllMocks();
});

const exportUrl = (format: 'csv' | 'excel' = 'csv') => `${requestsUrl(bed.project.id)}/export?format=${format}`;
const download = (token: string, url = exportUrl()) => bed.app.inject({ method: 'GET', url, headers: bearer(token) });
const userId = (role: Role) => bed.members[role].id;
const exportAudits = async () => Number((await bed.app.ctx.database.query<{ n: number }>(`select count(*)::int as n from audit_logs where action = 'EXPORT_DATA'`))[0]!.n);
/** A GET over a real connection: the status, the bytes that arrived, and whether the answer ended whole. */
function httpGet(path: string, token: string) {
  return new Promise<{ status: number; body: string; whole: boolean }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: bearer(token) }, (res) => {
      const chunks: Buffer[] = [];
      const done = (whole: boolean) => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), whole });
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(true));
      res.on('error', () => done(false));
      res.on('close', () => done(res.complete));
    });
    request.on('error', reject);
  });
}
const warningsSince = (from: number) => bed.logs.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level >= 40);

let openHeld = () => undefined as void;
/** Holds every export after its first chunk (slot taken, file started) until the returned function is called or its client leaves. */
function holdExports(): () => void {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  openHeld = open;
  runner.afterChunk = (run) => Promise.race([opened, new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()))]);
  return open;
}

describe('export limits', () => {
  it('a user running as many exports as allowed is refused one more with 429 and the Turkish message, until one ends', async () => {
    const release = holdExports();
    const auditsBefore = await exportAudits();
    const answers = [0, 1, 2].map(() => download(bed.tokens.manager));
    // The two that hold a slot wait at their first chunk: the first answer to arrive is the refusal.
    const refused = await Promise.race(answers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ success: false, code: 'EXPORT_BUSY', message: ANALYTICS_TEXT.exportBusy });
    expect(runner.runningFor(userId('manager'))).toBe(2);
    // Another user is not limited by the manager's exports.
    const other = await download(bed.tokens.agent, `${exportUrl()}&status=completed`);
    expect(other.statusCode).toBe(200);
    expect(await exportAudits()).toBe(auditsBefore + 3); // the refused one did nothing

    release();
    const statuses = (await Promise.all(answers)).map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    await vi.waitFor(() => expect(runner.running.size).toBe(0));
    expect((await download(bed.tokens.manager)).statusCode).toBe(200);
  });

  it('the instance runs at most EXPORT_MAX_PER_INSTANCE exports, whoever asks', async () => {
    const { EXPORT_MAX_PER_INSTANCE: perInstance, EXPORT_MAX_PER_USER: perUser } = bed.app.ctx.config;
    expect([perUser, perInstance]).toEqual([2, 4]);
    const release = holdExports();
    const held = [...[0, 1].map(() => download(bed.tokens.manager)), ...[0, 1].map(() => download(bed.tokens.admin))];
    await vi.waitFor(() => expect(runner.running.size).toBe(4));
    const refused = await download(bed.tokens.agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'EXPORT_BUSY', message: ANALYTICS_TEXT.exportBusy });
    // The report export shares the same slots.
    const report = await download(bed.tokens.super_admin, `/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=csv`);
    expect(report.statusCode).toBe(429);

    release();
    expect((await Promise.all(held)).map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await vi.waitFor(() => expect(runner.running.size).toBe(0));
    expect((await download(bed.tokens.agent)).statusCode).toBe(200);
  });
});

describe('exports do not starve the API', () => {
  it('reads the file in pages, with a turn of the event loop between two chunks', async () => {
    const turnsSeen: boolean[] = [];
    let turned = true;
    runner.afterChunk = async () => {
      // A setImmediate set at one chunk has run by the next: the writer let the event loop turn.
      turnsSeen.push(turned);
      turned = false;
      setImmediate(() => (turned = true));
    };
    // The report's parts are in memory: nothing but the runner's pace lets other work in between them.
    const report = await download(bed.tokens.manager, `/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=excel`);
    expect(report.statusCode).toBe(200);
    expect(turnsSeen).toEqual([true, true, true, true]); // Özet, Onaylar, Günlük, Bonus Türleri
    turnsSeen.length = 0;
    const requests = await download(bed.tokens.manager);
    expect(requests.statusCode).toBe(200);
    expect(turnsSeen).toEqual(Array.from({ length: PAGES }, () => true));
  });

  it('a list call is answered while large exports stand in the middle of their files', async () => {
    const release = holdExports();
    const reached: RunningExport[] = [];
    const hold = runner.afterChunk!;
    runner.afterChunk = (run) => (reached.push(run), hold(run));
    const exports = [download(bed.tokens.manager, exportUrl('excel')), download(bed.tokens.admin, exportUrl('csv'))];
    await vi.waitFor(() => expect(reached).toHaveLength(2));
    // No transaction, cursor or connection is held between two pages (PGlite has only one).
    const list = await bed.app.inject({ method: 'GET', url: `${requestsUrl(bed.project.id)}?limit=20`, headers: bearer(bed.tokens.agent) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBeGreaterThanOrEqual(ROWS);
    release();
    expect((await Promise.all(exports)).map((a) => a.statusCode)).toEqual([200, 200]);
  });
});

describe('a download cancelled by its client', () => {
  it.each(['csv', 'excel'] as const)('%s: ends quietly, stops reading the database and frees the slot', async (format) => {
    const reached: RunningExport[] = [];
    runner.afterChunk = (run) => {
      reached.push(run);
      return new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
    };
    const logsFrom = bed.logs.length;
    const request = http.get({ host: '127.0.0.1', port, path: exportUrl(format), headers: bearer(bed.tokens.manager) });
    request.on('error', () => undefined);
    await vi.waitFor(() => expect(reached).toHaveLength(1));
    request.destroy();

    await vi.waitFor(() => expect(runner.running.size).toBe(0));
    expect(reached[0]!.signal.aborted).toBe(true);
    expect(reached[0]!.chunks).toBe(1); // one page of PAGES read, none after the client left
    expect(PAGES).toBeGreaterThan(1);
    const list = await bed.app.inject({ method: 'GET', url: `${requestsUrl(bed.project.id)}?limit=5`, headers: bearer(bed.tokens.agent) });
    expect(list.statusCode).toBe(200);
    await bed.app.ctx.events.settled();
    expect(warningsSince(logsFrom)).toEqual([]);
  });
});

describe('an export that fails', () => {
  it('before its first chunk: an ordinary error answer, and the slot is free', async () => {
    vi.spyOn(bed.app.ctx.database.db, 'select').mockImplementation(() => {
      throw new Error('database went away');
    });
    const failed = await download(bed.tokens.manager);
    vi.restoreAllMocks();
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toContain('application/json');
    expect(failed.json()).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(runner.running.size).toBe(0);
  });

  it('in the middle: the download is cut, the failure logged once, and the slot is free', async () => {
    const logsFrom = bed.logs.length;
    runner.afterChunk = async (run) => {
      // The database fails from the second page on.
      if (run.chunks === 1) {
        vi.spyOn(bed.app.ctx.database.db, 'select').mockImplementation(() => {
          throw new Error('database went away');
        });
      }
    };
    const cut = await httpGet(exportUrl(), bed.tokens.manager);
    runner.afterChunk = null;
    vi.restoreAllMocks();
    await vi.waitFor(() => expect(runner.running.size).toBe(0));
    expect(cut.status).toBe(200);
    expect(cut.whole).toBe(false);
    expect(cut.body.split('\r\n').length).toBeLessThan(ROWS);
    const failures = bed.logs.slice(logsFrom).map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(failures.map((l) => l.msg)).toEqual(['export failed']);
    expect((await download(bed.tokens.manager)).statusCode).toBe(200);
  });
});

describe('the keyset page reader', () => {
  it('reads every row once, in the list order, for every sort column and direction', async () => {
    const projectId = bed.foreign.id;
    // Ties in every column, empty values in the nullable ones, equal times.
    await insertRequests(
      bed.app,
      projectId,
      Array.from({ length: 61 }, (_, i) => ({
        externalId: i % 4 === 0 ? null : `EXT-${i}`,
        customerName: i % 5 === 0 ? null : `Ad ${i % 7}`,
        customerUsername: i % 3 === 0 ? null : `u${i % 6}`,
        amount: `${i % 4}.50`,
        priority: (i % 3) + 1,
        status: (['new', 'queued', 'completed'] as const)[i % 3],
        bonusType: (['cashback', 'points', 'other'] as const)[i % 3],
        createdAt: new Date(Date.UTC(2026, 3, 1, 0, i % 10, 0, i % 2)),
        completedAt: i % 3 === 2 ? new Date(Date.UTC(2026, 3, 2, 0, i % 4)) : null,
      })),
    );
    for (const sortBy of REQUEST_SORT_COLUMNS) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const expected = await bed.app.ctx.database.db
          .select({ id: bonusRequests.id })
          .from(bonusRequests)
          .where(eq(bonusRequests.projectId, projectId))
          .orderBy(...requestOrder(sortBy, sortOrder));
        const read: number[] = [];
        for await (const page of requestExportPages(bed.app.ctx.database, projectId, { sortBy, sortOrder, status: undefined, search: undefined }, 7)) read.push(...page.map((r) => Number(r.id)));
        expect(read, `${sortBy} ${sortOrder}`).toEqual(expected.map((r) => r.id));
      }
    }
  });
});
