import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { agentsOwnProject, bonusTestBed, insertRequests, requestsUrl } from '../bonus/bonus-test-kit';
import { projectSettings } from '../../db/schema';
import { bearer, login } from '../../test/harness';
import type { Report } from '@common/contract/reports';
import { fileNamePart, NUMBER_FORMATS, TRY_FORMAT } from './file-writers';

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

/** Records of a CSV read by a real parser (csv-parse) as Turkish Excel reads it: ';' between fields; the BOM checked and dropped. */
function parseCsv(raw: Buffer): string[][] {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(raw, { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
}

/** A report CSV's blocks (one per part): the records between empty lines, each starting with its header. */
function csvBlocks(records: string[][]): string[][][] {
  const blocks: string[][][] = [[]];
  for (const r of records) {
    if (r.length === 1 && r[0] === '') blocks.push([]);
    else blocks[blocks.length - 1]!.push(r);
  }
  return blocks;
}

/** A number as Turkish Excel writes it: digits, a decimal comma, no grouping; '' for none. */
const TURKISH_NUMBER = /^-?\d+(,\d+)?$/;
const turkishNumber = (text: string) => {
  expect(text).toMatch(TURKISH_NUMBER);
  return Number(text.replace(',', '.'));
};

const REPORT_URL = (format: 'excel' | 'csv') => `/api/projects/${bed.project.id}/reports/bonus/export?period=2026-03&format=${format}`;
async function reportJson(): Promise<Report> {
  const res = await bed.app.inject({ method: 'GET', url: `/api/projects/${bed.project.id}/reports/bonus?period=2026-03`, headers: bearer(bed.tokens.manager) });
  return res.json().data as Report;
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
  // Taken over and completed: the report has processing times (minutes) to write.
  await insertRequests(bed.app, bed.project.id, [25, 70, 95].map((minutes, i) => ({
    customerName: 'Süre Testi', amount: '10.25', status: 'completed' as const, bonusType: 'points' as const,
    createdAt: new Date(Date.UTC(2026, 2, 20, 9, i)), assignedAt: new Date(Date.UTC(2026, 2, 20, 10)), completedAt: new Date(Date.UTC(2026, 2, 20, 10, minutes)),
  })));
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
    const list = await bed.app.inject({ method: 'GET', url: `${requestsUrl(bed.project.id)}?status=new`, headers: bearer(bed.tokens.manager) });
    expect(rows.length - 1).toBe(list.json().data.total);
    const first = rows[1]!;
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
    const row = parseCsv(csv.raw)[1]!;
    expect(row[10]).toBe('09.03.2026 20:03');
    expect(row[11]).toBe('10.03.2026 08:30');

    const xlsx = await download(`${requestsUrl(projectId)}/export?format=excel`, token);
    const cells = (await readXlsx(xlsx.raw)).worksheets[0]!.getRow(3);
    expect(cells.getCell(11).value).toEqual(new Date('2026-03-09T20:03:00Z'));
    expect(cells.getCell(12).value).toEqual(new Date('2026-03-10T08:30:00Z'));
  });

  it('a CSV starts with its header right after the BOM, its amounts in Turkish decimals, its name safe and dated', async () => {
    const file = await download(`${requestsUrl(bed.project.id)}/export?format=csv&sortBy=id&sortOrder=asc`);
    expect(file.status).toBe(200);
    // The title is the file's name, not a line of it: the first record a reader takes for the header is the header.
    const [header, ...rows] = parseCsv(file.raw);
    expect(header).toEqual(['ID', 'Dış Referans', 'Kullanıcı Adı', 'Müşteri', 'Müşteri ID', 'Bonus Türü', 'Tutar', 'Durum', 'Öncelik', 'Atanan', 'Oluşturulma', 'Tamamlanma', 'Açıklama']);
    expect(rows.length).toBeGreaterThan(2_000);
    for (const row of rows) {
      turkishNumber(row[0]!);
      turkishNumber(row[8]!);
      expect(row[6]).toMatch(/^\d+,\d{2}$/);
    }
    expect(turkishNumber(rows[0]![6]!)).toBe(0.5);
    expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="bonus-talepleri-${bed.project.code}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
  });

  it('names the file with a safe form of a project code holding Turkish letters and a slash', async () => {
    expect(fileNamePart('ÇAĞ/1 ış"x')).toBe('CAG-1-is-x');
    expect(fileNamePart('../..')).toBe('x');
    const projectId = await agentsOwnProject(bed);
    await bed.app.ctx.database.query(`update projects set code = 'ŞANS/İZ' where id = $1`, [projectId]);
    const file = await download(`${requestsUrl(projectId)}/export?format=csv`, bed.tokens.agent);
    expect(file.status).toBe(200);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="bonus-talepleri-SANS-IZ-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''bonus-talepleri-SANS-IZ-\d{4}-\d{2}-\d{2}\.csv$/);
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
  });

  it("writes the 'Özet' sheet as number cells with their formats, and every number cell of every sheet formatted", async () => {
    const report = await reportJson();
    expect(report.averageProcessingTime).not.toBeNull();
    const wb = await readXlsx((await download(REPORT_URL('excel'))).raw);
    const summary = wb.getWorksheet('Özet')!;
    expect(summary.getRow(1).getCell(1).value).toBe(`${report.project.name} (${report.project.code}) — Bonus Raporu — 1 Mar 2026 – 31 Mar 2026`);
    const header = (summary.getRow(2).values as unknown[]).slice(1);
    const cell = (label: string) => summary.getRow(3).getCell(header.indexOf(label) + 1);
    const expected: [string, number, string][] = [
      ['Toplam Talep', report.totalRequests, NUMBER_FORMATS.int],
      ['Tamamlanan', report.completedRequests, NUMBER_FORMATS.int],
      ['Toplam Tutar', Number(report.totalAmount), TRY_FORMAT],
      ['Tamamlanma Oranı (%)', report.completionRate!, NUMBER_FORMATS.percent],
      ['Ortalama İşlem Süresi (dk)', report.averageProcessingTime!, NUMBER_FORMATS.minutes],
      ['Medyan İşlem Süresi (dk)', report.medianProcessingTime!, NUMBER_FORMATS.minutes],
      ['Tekrar Sıraya Alınan', report.requeueCount, NUMBER_FORMATS.int],
    ];
    for (const [label, value, numFmt] of expected) {
      expect(cell(label).type, label).toBe(ExcelJS.ValueType.Number);
      expect(cell(label).value, label).toBe(value);
      expect(cell(label).numFmt, label).toBe(numFmt);
    }
    expect(cell('Toplam Tutar').value).toBeGreaterThan(1_000);
    // No sheet holds a number as text, and every number cell has its format.
    for (const sheet of wb.worksheets) {
      sheet.eachRow((row, rowNumber) => {
        if (rowNumber < 3) return;
        row.eachCell((c) => {
          if (c.type === ExcelJS.ValueType.Number) expect(c.numFmt, `${sheet.name}!${c.address}`).toBeTruthy();
          else expect(String(c.value), `${sheet.name}!${c.address}`).not.toMatch(/^-?\d+([.,]\d+)?$/);
        });
      });
    }
  });

  it('writes the report CSV with its first header first and one decimal separator, the Turkish comma, in every block', async () => {
    const report = await reportJson();
    const file = await download(REPORT_URL('csv'));
    expect(file.status).toBe(200);
    const blocks = csvBlocks(parseCsv(file.raw));
    // Özet, Onaylar, then the report's own parts; each block is its header and its rows.
    expect(blocks.map((b) => b[0]![0])).toEqual(['Toplam Talep', 'Onaylanan', ...report.parts.map((p) => p.columns[0]!.label)]);
    const [summaryHeader, summary] = blocks[0]!;
    const figure = (label: string) => summary![summaryHeader!.indexOf(label)]!;
    expect(turkishNumber(figure('Toplam Talep'))).toBe(report.totalRequests);
    expect(figure('Toplam Tutar')).toBe(report.totalAmount.replace('.', ','));
    expect(turkishNumber(figure('Tamamlanma Oranı (%)'))).toBe(report.completionRate);
    expect(turkishNumber(figure('Ortalama İşlem Süresi (dk)'))).toBe(report.averageProcessingTime);
    // Every number column of every part reads by the Turkish rule and matches the report's own figures.
    for (const [i, part] of report.parts.entries()) {
      const [header, ...rows] = blocks[i + 2]!;
      expect(header).toEqual(part.columns.map((c) => c.label));
      expect(rows).toHaveLength(part.rows.length);
      part.columns.forEach((column, c) => {
        if (!['int', 'decimal', 'money', 'minutes', 'percent'].includes(column.kind)) return;
        rows.forEach((row, r) => expect(turkishNumber(row[c]!), `${part.title} ${column.label}`).toBe(Number(part.rows[r]![column.key])));
      });
    }
    // One decimal separator in the whole file: no number anywhere is written with a point.
    const numbers = blocks.flat(2).filter((t) => /^-?\d+([.,]\d+)?$/.test(t));
    expect(numbers.some((t) => t.includes(','))).toBe(true);
    expect(numbers.filter((t) => t.includes('.'))).toEqual([]);
  });

  it('carries Turkish characters in the file name (RFC 6266)', async () => {
    const { contentDisposition } = await import('./file-writers');
    expect(contentDisposition('bonus-raporu-ŞANS-2026-11.xlsx')).toBe(
      `attachment; filename="bonus-raporu-SANS-2026-11.xlsx"; filename*=UTF-8''bonus-raporu-%C5%9EANS-2026-11.xlsx`,
    );
  });
});
