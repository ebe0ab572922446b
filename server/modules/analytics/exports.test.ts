import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { agentsOwnProject, bonusTestBed, insertRequests, requestsUrl } from '../bonus/bonus-test-kit';
import { projectSettings } from '../../db/schema';
import { bearer, login } from '../../test/harness';
import { TRY_FORMAT } from './file-writers';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;

async function download(url: string, token = bed.tokens.manager) {
  const res = await bed.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

async function readXlsx(raw: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  return wb;
}

/** Rows of a one-part CSV: BOM checked, then split on ';' (no quoted separators in this data). */
function parseCsv(raw: Buffer) {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return raw.toString('utf8').slice(1).split('\r\n').filter(Boolean).map((line) => line.split(';'));
}

beforeAll(async () => {
  bed = await bonusTestBed();
  const rows = Array.from({ length: 2_345 }, (_, i) => ({
    customerName: i % 2 ? 'Ayşe Yılmaz' : 'Çağlar Öztürk',
    customerUsername: `oyuncu${i}`,
    amount: `${(i % 100) + 0.5}`,
    status: (i % 3 === 0 ? 'completed' : 'new') as 'completed' | 'new',
    bonusType: 'cashback' as const,
    createdAt: new Date(Date.UTC(2026, 2, 10, 0, i)),
  }));
  await insertRequests(bed.app, bed.project.id, rows);
});
afterAll(async () => {
  await bed?.close();
});

describe('request export', () => {
  it('writes every row matching the list filters to a real xlsx', async () => {
    const filters = 'status=completed&search=ayse&sortBy=amount&sortOrder=asc';
    const list = await bed.app.inject({ method: 'GET', url: `${requestsUrl(bed.project.id)}?${filters}`, headers: bearer(bed.tokens.agent) });
    const total = list.json().data.total as number;
    expect(total).toBe(391);
    const file = await download(`${requestsUrl(bed.project.id)}/export?format=excel&${filters}`, bed.tokens.agent);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="bonus-talepleri-.+\.xlsx"; filename\*=UTF-8''bonus-talepleri-/);
    const wb = await readXlsx(file.raw);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Talepler']);
    const sheet = wb.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toContain('Bonus Talepleri');
    expect(sheet.getRow(2).values).toEqual([undefined, 'ID', 'Dış Referans', 'Kullanıcı Adı', 'Müşteri', 'Müşteri ID', 'Bonus Türü', 'Tutar', 'Durum', 'Öncelik', 'Atanan', 'Oluşturulma', 'Tamamlanma', 'Açıklama']);
    expect(sheet.getRow(2).font?.bold ?? sheet.getRow(2).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.actualRowCount - 2).toBe(total);
    const first = sheet.getRow(3);
    expect(typeof first.getCell(7).value).toBe('number');
    expect(first.getCell(7).numFmt).toBe(TRY_FORMAT);
    expect(first.getCell(11).value).toBeInstanceOf(Date);
    // Sorted by amount ascending like the list; 2026-03-10 00:03 UTC is 03:03 in Istanbul.
    const amounts = Array.from({ length: total }, (_, i) => Number(sheet.getRow(3 + i).getCell(7).value));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(first.getCell(8).value).toBe('Tamamlandı');
  });

  it('writes CSV with a BOM and ;, and audits the export', async () => {
    const file = await download(`${requestsUrl(bed.project.id)}/export?format=csv&status=new&sortBy=id&sortOrder=asc`);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(file.raw);
    expect(rows[1]![0]).toBe('ID');
    const list = await bed.app.inject({ method: 'GET', url: `${requestsUrl(bed.project.id)}?status=new`, headers: bearer(bed.tokens.manager) });
    expect(rows.length - 2).toBe(list.json().data.total);
    const first = rows[2]!;
    expect(first[3]).toBe('Ayşe Yılmaz');
    expect(first[6]).toBe('1,50');
    expect(first[10]).toBe('10.03.2026 03:01');
    const audit = await bed.app.ctx.database.query<{ details: unknown }>(`select details from audit_logs where action = 'EXPORT_DATA' order by id desc limit 1`);
    expect(JSON.stringify(audit[0]!.details)).toContain('"format":"csv"');
  });

  it("writes times in the project's time zone, as its screens show them", async () => {
    const projectId = await agentsOwnProject(bed);
    await bed.app.ctx.database.db.update(projectSettings).set({ timezone: 'America/New_York' }).where(eq(projectSettings.projectId, projectId));
    // A fresh sign-in: the session learns the project's zone as it is now.
    const token = (await login(bed.app, bed.members.agent.username)).accessToken;
    // 00:03 UTC on 10 March 2026 is 20:03 on the 9th in New York (EDT, UTC−4) and 03:03 on the 10th in Istanbul.
    await insertRequests(bed.app, projectId, [{ customerName: 'Zaman Dilimi', amount: '5', createdAt: new Date('2026-03-10T00:03:00Z'), completedAt: new Date('2026-03-10T12:30:00Z'), status: 'completed' }]);

    const csv = await download(`${requestsUrl(projectId)}/export?format=csv`, token);
    expect(csv.status).toBe(200);
    const row = parseCsv(csv.raw)[2]!;
    expect(row[10]).toBe('09.03.2026 20:03');
    expect(row[11]).toBe('10.03.2026 08:30');

    const xlsx = await download(`${requestsUrl(projectId)}/export?format=excel`, token);
    const cells = (await readXlsx(xlsx.raw)).worksheets[0]!.getRow(3);
    expect(cells.getCell(11).value).toEqual(new Date('2026-03-09T20:03:00Z'));
    expect(cells.getCell(12).value).toEqual(new Date('2026-03-10T08:30:00Z'));
  });

  it('refuses a bad format and a foreign project', async () => {
    expect((await download(`${requestsUrl(bed.project.id)}/export?format=pdf`)).status).toBe(400);
    expect((await download(`${requestsUrl(bed.foreign.id)}/export`)).status).toBe(404);
  });
});

describe('report export', () => {
  it('one sheet per part, with the title, dates and money cells, named by project and month', async () => {
    const file = await download(`/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=excel`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`bonus-raporu-${bed.project.code}-2026-03.xlsx`);
    const wb = await readXlsx(file.raw);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Özet', 'Onaylar', 'Günlük', 'Bonus Türleri']);
    const daily = wb.getWorksheet('Günlük')!;
    expect(daily.actualRowCount - 2).toBe(31);
    const tenth = daily.getRow(3 + 9);
    expect(tenth.getCell(1).value).toEqual(new Date('2026-03-10T00:00:00Z'));
    // Minute i after 00:00 UTC on the 10th: the Istanbul 10th ends at 21:00 UTC, so minutes 0–1259.
    expect(tenth.getCell(2).value).toBe(1_260);
    expect(tenth.getCell(5).numFmt).toBe(TRY_FORMAT);
    const csv = await download(`/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=csv`);
    expect(csv.raw.toString('utf8').startsWith('\uFEFF')).toBe(true);
    expect(csv.raw.toString('utf8')).toContain('Gün;Talep;Tamamlanan;Sorunlu;Tamamlanan Tutar');
  });

  it('carries Turkish characters in the file name (RFC 6266)', async () => {
    const { contentDisposition } = await import('./file-writers');
    expect(contentDisposition('bonus-raporu-ŞANS-2026-11.xlsx')).toBe(
      `attachment; filename="bonus-raporu-SANS-2026-11.xlsx"; filename*=UTF-8''bonus-raporu-%C5%9EANS-2026-11.xlsx`,
    );
  });
});
