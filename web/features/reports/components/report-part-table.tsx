import type { ReportColumn, ReportPart } from '@common/contract/reports';
import { ANALYTICS_TEXT } from '@common/analytics';
import { formatDay } from '@common/day-format';
import { formatDuration } from '@common/duration';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { formatMoney, formatNumber, formatPercent } from '@web/lib/format';

function cellText(kind: ReportColumn['kind'], v: string | number | null): string {
  if (v === null) return ANALYTICS_TEXT.notAvailable;
  switch (kind) {
    case 'money': return formatMoney(v);
    case 'int':
    case 'decimal': return formatNumber(Number(v));
    case 'minutes': return formatDuration(Number(v));
    case 'percent': return formatPercent(Number(v));
    case 'date': return formatDay(String(v));
    default: return String(v);
  }
}

const numeric = (kind: ReportColumn['kind']) => kind !== 'text' && kind !== 'date' && kind !== 'datetime';

/** One part of a report as a table (the same part is a sheet of the Excel file). */
export function ReportPartTable({ part }: { part: ReportPart }) {
  return (
    <section aria-labelledby={`part-${part.key}`} className="flex flex-col gap-2">
      <h3 id={`part-${part.key}`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{part.title}</h3>
      <Table aria-labelledby={`part-${part.key}`} data-part={part.key}>
        <TableHead>
          <TableRow>
            {part.columns.map((c) => (
              <TableHeaderCell key={c.key} className={numeric(c.kind) ? 'text-right' : undefined}>{c.label}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {part.rows.map((row, i) => (
            <TableRow key={i}>
              {part.columns.map((c) => (
                <TableCell key={c.key} className={numeric(c.kind) ? 'text-right tabular-nums' : undefined}>{cellText(c.kind, row[c.key] ?? null)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
