import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusRequestEvents, projectMembers } from '../../db/schema';
import { bearer, buildProject, buildUser, login } from '../../test/harness';
import { bonusTestBed, insertRequests } from '../bonus/bonus-test-kit';
import { approvalFiguresPart } from './approval-figures';

/**
 * Four eyes in the reports, the advanced dashboard's stats and the report export: approvals and
 * rejections given in the period (the project's local days), approvals waiting now, and the median
 * minutes from asking to approval.
 */
let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let asker: { id: number };
let approver: { id: number };
const at = (iso: string) => new Date(iso);
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

async function getJson(url: string, token = bed.tokens.manager) {
  const res = await bed.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

/** A request approved `minutes` after it was asked, approved at `approvedAt`. */
function approved(approvedAt: Date, minutes: number) {
  return {
    amount: '6000.00',
    status: 'completed' as const,
    createdAt: plus(approvedAt, -minutes - 60),
    approvalRequestedByUserId: asker.id,
    approvalRequestedAt: plus(approvedAt, -minutes),
    approvedByUserId: approver.id,
    approvedAt,
    completedByUserId: asker.id,
    completedAt: approvedAt,
  };
}
const waiting = () => ({ amount: '7000.00', status: 'pending_approval' as const, approvalRequestedByUserId: asker.id, approvalRequestedAt: at('2026-01-05T10:00:00Z') });

async function rejections(projectId: number, times: string[]) {
  const [request] = await insertRequests(bed.app, projectId, [{ amount: '6500.00', status: 'in_progress', assignedUserId: asker.id }]);
  await bed.app.ctx.database.db.insert(bonusRequestEvents).values(
    times.map((t) => ({ requestId: request!.id, projectId, type: 'rejected', fromStatus: 'pending_approval', toStatus: 'in_progress', reason: 'Eksik belge', createdAt: at(t) })),
  );
}

beforeAll(async () => {
  bed = await bonusTestBed();
  asker = bed.members.agent;
  approver = bed.members.manager;
  const p = bed.project.id;
  // March 2026 in Istanbul (UTC+3): 21:00 UTC is the next local day.
  await insertRequests(bed.app, p, [
    approved(at('2026-03-10T08:00:00Z'), 10),
    // 00:30 on 1 March in Istanbul (still 28 February in UTC): in March.
    approved(at('2026-02-28T21:30:00Z'), 30),
    // 90.5 minutes: whole minutes, rounded down.
    approved(at('2026-03-12T08:00:30Z'), 90.5),
    // 00:30 on 1 April in Istanbul (31 March in UTC): not in March.
    approved(at('2026-03-31T21:30:00Z'), 1),
    // 23:59 on 28 February in Istanbul: not in March.
    approved(at('2026-02-28T20:59:00Z'), 2000),
    waiting(),
    waiting(),
  ]);
  await rejections(p, ['2026-03-15T10:00:00Z', '2026-02-28T21:10:00Z', '2026-03-31T21:30:00Z']);
  // Another project's decisions and waiting approvals count only there.
  await insertRequests(bed.app, bed.foreign.id, [approved(at('2026-03-10T08:00:00Z'), 5), waiting()]);
  await rejections(bed.foreign.id, ['2026-03-15T10:00:00Z']);
});
afterAll(async () => {
  await bed?.close();
});

describe('approvals in the reports', () => {
  it("counts a month's approvals, rejections, what waits now and the median time to approve, on the project's days", async () => {
    const res = await getJson(`/api/projects/${bed.project.id}/reports/bonus?period=2026-03`);
    expect(res.status).toBe(200);
    // 10, 30 and 90 minutes: the median is 30 (in UTC days it would have been 1, 10 and 90 → 10).
    expect(res.body.data.approvals).toEqual({ approved: 3, rejected: 2, waiting: 2, medianApprovalMinutes: 30 });
    // Every report type carries them.
    for (const type of ['agents', 'performance', 'financial']) {
      expect((await getJson(`/api/projects/${bed.project.id}/reports/${type}?period=2026-03`)).body.data.approvals.approved).toBe(3);
    }
  });

  it('a custom range counts its own days; a period without decisions has zeros and no median, yet shows what waits now', async () => {
    const first = await getJson(`/api/projects/${bed.project.id}/reports/bonus?from=2026-03-01&to=2026-03-01`);
    expect(first.body.data.approvals).toEqual({ approved: 1, rejected: 1, waiting: 2, medianApprovalMinutes: 30 });
    const quiet = await getJson(`/api/projects/${bed.project.id}/reports/bonus?period=2025-06`);
    expect(quiet.body.data.approvals).toEqual({ approved: 0, rejected: 0, waiting: 2, medianApprovalMinutes: null });
  });

  it('another project sees only its own', async () => {
    const foreignManager = await buildUser(bed.app, { role: 'manager', projects: [bed.foreign.id] });
    const token = (await login(bed.app, foreignManager.username)).accessToken;
    const res = await getJson(`/api/projects/${bed.foreign.id}/reports/bonus?period=2026-03`, token);
    expect(res.body.data.approvals).toEqual({ approved: 1, rejected: 1, waiting: 1, medianApprovalMinutes: 5 });
  });

  it('reads approvals given through bonus_requests_approved_idx and rejections through their partial index', async () => {
    const text = approvalFiguresPart.sql.replaceAll('$1', String(bed.project.id)).replaceAll('$2', "'2026-03-01'").replaceAll('$3', "'2026-03-31'");
    const plan = await bed.app.ctx.database.db.transaction(async (tx) => {
      // A handful of rows: without this the planner rightly prefers a scan; the question is whether the index can serve.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${text}`));
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('bonus_requests_approved_idx');
    expect(plan).toContain('bonus_request_events_rejected_idx');
  });
});

describe('approvals on the advanced dashboard', () => {
  it('stats count the last 30 local days', async () => {
    const project = await buildProject(bed.app);
    await bed.app.ctx.database.db.insert(projectMembers).values({ projectId: project.id, userId: bed.members.manager.id });
    const now = bed.clock.now();
    const yesterday = plus(now, -24 * 60);
    await insertRequests(bed.app, project.id, [approved(yesterday, 12), approved(plus(yesterday, 5), 48), approved(plus(yesterday, 9), 7), approved(plus(now, -40 * 24 * 60), 1), waiting()]);
    await rejections(project.id, [plus(now, -2 * 24 * 60).toISOString()]);
    const stats = await getJson(`/api/projects/${project.id}/dashboard/stats?period=30d`);
    expect(stats.status).toBe(200);
    expect(stats.body.data.approvals).toEqual({ approved: 3, rejected: 1, waiting: 1, medianApprovalMinutes: 12 });
  });
});

describe('approvals in the report export', () => {
  it('the .xlsx has an Onaylar sheet whose cells read back as numbers', async () => {
    const res = await bed.app.inject({ method: 'GET', url: `/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=excel`, headers: bearer(bed.tokens.manager) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Özet', 'Onaylar', 'Günlük', 'Bonus Türleri']);
    const sheet = wb.getWorksheet('Onaylar')!;
    expect(sheet.getRow(2).values).toEqual([undefined, 'Onaylanan', 'Reddedilen', 'Onay Bekleyen (şu anda)', 'Medyan Onay Süresi (dk)']);
    expect(sheet.getRow(3).values).toEqual([undefined, 3, 2, 2, 30]);
    for (let c = 1; c <= 4; c++) expect(typeof sheet.getRow(3).getCell(c).value).toBe('number');
  });

  it('the CSV carries the same block', async () => {
    const res = await bed.app.inject({ method: 'GET', url: `/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=csv`, headers: bearer(bed.tokens.manager) });
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('\r\nOnaylanan;Reddedilen;Onay Bekleyen (şu anda);Medyan Onay Süresi (dk)\r\n3;2;2;30\r\n');
  });
});
