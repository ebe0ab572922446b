import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { focusRing } from './focus-ring';
import { focusableWhenScrollable } from '@web/lib/focusable-when-scrollable';

/** A scrollable table; `label` names it for screen readers (a <caption>, visually hidden). */
export function Table({ label, className, children, ...rest }: HTMLAttributes<HTMLTableElement> & { label?: string }) {
  return (
    <div ref={focusableWhenScrollable} role={label ? 'region' : undefined} aria-label={label} className={cn('relative w-full overflow-x-auto', focusRing)}>
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...rest}>
        {label && <caption className="sr-only">{label}</caption>}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-900/60', className)} {...rest} />;
}

export function TableBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-zinc-100 dark:divide-zinc-800', className)} {...rest} />;
}

export function TableRow({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-zinc-50/70 dark:hover:bg-zinc-800/40', className)} {...rest} />;
}

const headerCell = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

export function TableHeaderCell({ className, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cn(headerCell, className)} {...rest} />;
}

export type SortDirection = 'asc' | 'desc';

export interface SortableHeaderCellProps {
  children: ReactNode;
  /** The current direction when the table is sorted by this column, else null. */
  direction: SortDirection | null;
  onSort: () => void;
  className?: string;
}

/** A column header that sorts: a button inside the <th>, aria-sort on the <th>. */
export function SortableHeaderCell({ children, direction, onSort, className }: SortableHeaderCellProps) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={cn(headerCell, 'p-0', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn('inline-flex w-full items-center gap-1.5 px-4 py-2.5 uppercase hover:text-zinc-900 dark:hover:text-zinc-100', focusRing)}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', direction ? 'text-indigo-600 dark:text-indigo-400' : 'opacity-50')} />
      </button>
    </th>
  );
}

export function TableCell({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-zinc-700 dark:text-zinc-300', className)} {...rest} />;
}

/** One full-width row for loading, empty and error states inside a table body. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-2">
        {children}
      </td>
    </tr>
  );
}
