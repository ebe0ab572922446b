import type { Writable } from 'node:stream';
// Types only at load: exceljs costs most of a second of CPU to load, paid at the first export, not at every start.
import type ExcelJS from 'exceljs';
import type { ReportColumn } from '@common/contract/reports';

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

/** One part of a file: a sheet in .xlsx, a block in CSV. Rows may arrive in batches (a cursor). */
export interface FilePart {
  name: string;
  columns: ReportColumn[];
  rows: AsyncIterable<Row[]> | Row[][];
}

/** Turkish lira with two decimals, as Turkish Excel shows it. */
export const TRY_FORMAT = '#,##0.00 [$₺-41F]';
const DATE_FORMAT = 'dd.mm.yyyy';
const DATETIME_FORMAT = 'dd.mm.yyyy hh:mm';
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the wall-clock time of `timeZone` (the project's, as its screens show it), in a
 * Date whose UTC fields carry it: Excel date cells have no time zone, and exceljs writes a Date's
 * UTC fields.
 */
export function wallClockTime(iso: string, timeZone: string): Date {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
}

function excelValue(kind: ReportColumn['kind'], v: Cell, timeZone: string): ExcelJS.CellValue {
  if (v === null || v === '') return null;
  switch (kind) {
    case 'money':
    case 'int':
    case 'minutes':
    case 'percent':
      return Number(v);
    case 'date':
      return new Date(`${String(v)}T00:00:00Z`);
    case 'datetime':
      return wallClockTime(String(v), timeZone);
    default:
      return String(v);
  }
}

const FORMATS: Partial<Record<ReportColumn['kind'], string>> = { money: TRY_FORMAT, date: DATE_FORMAT, datetime: DATETIME_FORMAT, minutes: '0.0', percent: '0.0' };

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules). */
const sheetName = (s: string) => s.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * A real .xlsx written by exceljs's streaming WorkbookWriter: rows are committed as they come,
 * so the whole file is never in memory. Each part is a sheet: a title row (project and period),
 * a bold, frozen header with an autofilter, money in TRY format, dates as date cells holding
 * the wall-clock time of `timeZone`.
 */
export async function writeXlsx(out: Writable, title: string, parts: FilePart[], timeZone: string): Promise<void> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Bonus Panel';
  for (const part of parts) {
    const n = part.columns.length;
    const sheet = workbook.addWorksheet(sheetName(part.name), { views: [{ state: 'frozen', ySplit: 2 }] });
    sheet.columns = part.columns.map((c) => ({ key: c.key, width: c.kind === 'datetime' ? 18 : c.kind === 'text' ? 24 : 16, style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {} }));
    const titleRow = sheet.getRow(1);
    titleRow.getCell(1).value = title;
    titleRow.getCell(1).font = { bold: true, size: 13 };
    titleRow.commit();
    const header = sheet.getRow(2);
    part.columns.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.value = c.label;
      cell.font = { bold: true };
    });
    header.commit();
    sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: n } };
    let rowNumber = 3;
    for await (const batch of part.rows) {
      for (const r of batch) {
        const row = sheet.getRow(rowNumber++);
        part.columns.forEach((c, i) => {
          const cell = row.getCell(i + 1);
          cell.value = excelValue(c.kind, r[c.key] ?? null, timeZone);
          const fmt = FORMATS[c.kind];
          if (fmt) cell.numFmt = fmt;
        });
        row.commit();
      }
    }
    sheet.commit();
  }
  await workbook.commit();
}

const dayText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
function dateTimeText(iso: string, timeZone: string): string {
  const d = wallClockTime(iso, timeZone).toISOString();
  return `${dayText(d.slice(0, 10))} ${d.slice(11, 16)}`;
}

function csvField(kind: ReportColumn['kind'], v: Cell, timeZone: string): string {
  if (v === null) return '';
  let text: string;
  if (kind === 'money' || kind === 'minutes' || kind === 'percent') text = String(v).replace('.', ',');
  else if (kind === 'date') text = dayText(String(v));
  else if (kind === 'datetime') text = dateTimeText(String(v), timeZone);
  else text = String(v);
  // A cell starting with = + - @ would be a formula in a spreadsheet (CSV injection).
  if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

/**
 * CSV for Turkish Excel: UTF-8 with a BOM, ';' between fields, decimal commas, times in `timeZone`.
 * Writes each batch as it comes; waiting for a slow reader is the caller's (the export runner's
 * pace between batches), as with the .xlsx writer.
 */
export async function writeCsv(out: Writable, title: string, parts: FilePart[], timeZone: string): Promise<void> {
  const write = (s: string) => void out.write(s);
  write(CSV_BOM);
  write(`${csvField('text', title, timeZone)}\r\n`);
  for (const [i, part] of parts.entries()) {
    if (parts.length > 1) write(`${i > 0 ? '\r\n' : ''}${csvField('text', part.name, timeZone)}\r\n`);
    write(`${part.columns.map((c) => csvField('text', c.label, timeZone)).join(';')}\r\n`);
    for await (const batch of part.rows) {
      write(batch.map((r) => `${part.columns.map((c) => csvField(c.kind, r[c.key] ?? null, timeZone)).join(';')}\r\n`).join(''));
    }
  }
  out.end();
}

/** RFC 6266 Content-Disposition: an ASCII fallback and the exact UTF-8 name (filename*). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
