import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, bonusRequests, projects, projectSettings, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-organisation';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo';
import { bearer, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { presenceOf } from '../agents';
import { demoActivityOf } from './demo-activity';
import type { DemoMove } from './demo-step';

const URL = '/api/demo/activity';
let t: TestApp;
let tokens: Record<'superadmin' | 'admin', string>;

beforeAll(async () => {
  // A move every 20 ms on average: the gentle pace of a real demo, sped up.
  t = await createTestApp({ DEMO_ACTIVITY_EVERY_MS: '20' });
  await seedDemoIfEmpty(t.app.ctx);
  tokens = {
    superadmin: (await login(t.app, 'superadmin', DEMO_PASSWORD)).accessToken,
    admin: (await login(t.app, 'admin', DEMO_PASSWORD)).accessToken,
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const put = (token: string, enabled: unknown) => t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: { enabled } });
const idOf = async (username: string) => (await t.app.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const projectOf = async (code: string) => (await t.app.ctx.database.db.select({ id: projects.id }).from(projects).where(eq(projects.code, code)))[0]!.id;

/** Resolves with the moves seen once `done` holds for them; rejects after `ms` (a bound, not a pause). */
function movesUntil(done: (moves: DemoMove[]) => boolean, ms = 30_000): Promise<DemoMove[]> {
  const moves: DemoMove[] = [];
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      stop();
      reject(new Error(`demo moves seen: ${JSON.stringify(moves)}`));
    }, ms);
    const stop = demoActivityOf(t.app.ctx).onMove((move) => {
      moves.push(move);
      if (!done(moves)) return;
      clearTimeout(timeout);
      stop();
      resolve(moves);
    });
  });
}

describe("'Demo etkinliği'", () => {
  it('is for a super admin only, and off after a start', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(tokens.admin) })).statusCode).toBe(403);
    expect((await put(tokens.admin, true)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer(tokens.superadmin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ enabled: false });
    const bad = await put(tokens.superadmin, 'evet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.enabled).toBe('enabled true veya false olmalıdır');
    expect(demoActivityOf(t.app.ctx).isOn).toBe(false);
  });

  it('brings demo agents online and creates, claims and completes requests through the real services until switched off', async () => {
    const gold = await projectOf('GOLD');
    const agent2 = await idOf('agent2');
    const operator = await idOf('operator');
    // GOLD's desk user (operator) types its new requests; the other projects' desks are other people.
    const seen = movesUntil((moves) => ['claimed', 'completed'].every((kind) => moves.some((m) => m.kind === kind)) && moves.some((m) => m.kind === 'created' && m.projectId === gold));
    const on = await put(tokens.superadmin, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ enabled: true });
    // Online, or already busy: at a move every 20 ms an agent may have claimed something before this read.
    expect(['online', 'busy']).toContain((await presenceOf(t.app.ctx).statusOf(agent2, gold))?.status);

    const moves = await seen;
    const db = t.app.ctx.database.db;
    // Each move left what a person's would: the request's row and its audit row by the actor.
    const created = moves.find((m) => m.kind === 'created' && m.projectId === gold)!;
    const [createdRow] = await db.select().from(bonusRequests).where(eq(bonusRequests.id, created.requestId));
    expect(createdRow).toMatchObject({ source: 'manual' });
    const completed = moves.find((m) => m.kind === 'completed')!;
    const [done] = await db.select().from(bonusRequests).where(eq(bonusRequests.id, completed.requestId));
    expect(done!.status).toBe('completed');
    const audit = await db.select().from(auditLogs).where(inArray(auditLogs.resourceId, [String(created.requestId), String(completed.requestId)]));
    expect(audit.some((a) => a.action === 'CREATE_BONUS_REQUEST' && (a.userId === operator || a.username === 'admin'))).toBe(true);
    expect(audit.some((a) => a.action === 'COMPLETE_BONUS_REQUEST' && a.userId === done!.completedByUserId && Math.abs(a.timestamp.getTime() - done!.completedAt!.getTime()) < 1_000)).toBe(true);

    const off = await put(tokens.superadmin, false);
    expect(off.json().data).toEqual({ enabled: false });
    expect((await presenceOf(t.app.ctx).statusOf(agent2, gold))?.status).toBe('offline');
    // Off means no timer and no move under way: the next move would be a fresh start.
    const activity = demoActivityOf(t.app.ctx) as unknown as { timer: unknown; moving: unknown };
    expect(activity.timer).toBeNull();
    expect(activity.moving).toBeNull();
  });

  it('sends a demo completion above the approval threshold to approval, like anyone’s', async () => {
    const db = t.app.ctx.database.db;
    await db.update(projectSettings).set({ approvalThreshold: '1.00' });
    const asked = movesUntil((moves) => moves.some((m) => m.kind === 'completed'));
    await put(tokens.superadmin, true);
    const moves = await asked;
    await put(tokens.superadmin, false);
    const finished = moves.find((m) => m.kind === 'completed')!;
    const [row] = await db.select().from(bonusRequests).where(eq(bonusRequests.id, finished.requestId));
    expect(row!.status).toBe('pending_approval');
    await db.update(projectSettings).set({ approvalThreshold: null });
  });
});

describe('outside demo mode', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await real?.close();
  });

  it('answers 404: the switch does not exist there', async () => {
    const boss = await buildUser(real.app, { role: 'super_admin' });
    const token = (await login(real.app, boss.username)).accessToken;
    const get = await real.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe('Demo etkinliği yalnızca demo modunda kullanılabilir');
    expect((await real.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: { enabled: true } })).statusCode).toBe(404);
    expect(demoActivityOf(real.app.ctx).isOn).toBe(false);
  });
});
