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
    case 'decimal':
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

/**
 * Every number cell carries its format: counts as whole numbers, money in lira, averages, minutes
 * and percentages (0–100, the column's label says '%') with one decimal.
 */
export const NUMBER_FORMATS = { int: '0', decimal: '0.0', money: TRY_FORMAT, minutes: '0.0', percent: '0.0' } as const;
const FORMATS: Partial<Record<ReportColumn['kind'], string>> = { ...NUMBER_FORMATS, date: DATE_FORMAT, datetime: DATETIME_FORMAT };

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

/** A number as Turkish Excel reads it: a decimal comma, no grouping ('1552498,80', '89,3'). */
function csvNumber(v: string | number): string {
  // Money arrives as PostgreSQL's exact decimal text; anything else as a JavaScript number.
  return String(v).replace('.', ',');
}

function csvField(kind: ReportColumn['kind'], v: Cell, timeZone: string): string {
  if (v === null || v === '') return '';
  let text: string;
  if (Object.hasOwn(NUMBER_FORMATS, kind)) text = csvNumber(v);
  else if (kind === 'date') text = dayText(String(v));
  else if (kind === 'datetime') text = dateTimeText(String(v), timeZone);
  else text = String(v);
  // A cell starting with = + - @ would be a formula in a spreadsheet (CSV injection).
  if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

/**
 * CSV for Turkish Excel: UTF-8 with a BOM, ';' between fields, decimal commas in every number
 * column, times in `timeZone`. The first line after the BOM is the first part's header: no title
 * line (the file's name carries it), so a reader taking the first line as the header is right.
 * A file of several parts (a report) holds one block per part, each its header and its rows, with
 * an empty line between two blocks. Writes each batch as it comes; waiting for a slow reader is
 * the caller's (the export runner's pace between batches), as with the .xlsx writer.
 */
export async function writeCsv(out: Writable, parts: FilePart[], timeZone: string): Promise<void> {
  const write = (s: string) => void out.write(s);
  write(CSV_BOM);
  for (const [i, part] of parts.entries()) {
    if (i > 0) write('\r\n');
    write(`${part.columns.map((c) => csvField('text', c.label, timeZone)).join(';')}\r\n`);
    for await (const batch of part.rows) {
      write(batch.map((r) => `${part.columns.map((c) => csvField(c.kind, r[c.key] ?? null, timeZone)).join(';')}\r\n`).join(''));
    }
  }
  out.end();
}

/**
 * A piece of a file name (a project's code, a date): Turkish letters as their ASCII base, anything
 * else but letters, digits, '.', '_' and '-' as '-' (no slashes, spaces or quotes); never empty.
 */
export function fileNamePart(text: string): string {
  const ascii = text.replace(/ı/g, 'i').replace(/İ/g, 'I').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'x';
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
