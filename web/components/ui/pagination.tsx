import { ChevronLeft, ChevronRight } from 'lucide-react';
import { TABLE } from '@common/constants';
import { cn } from '@web/lib/cn';
import { Button } from './button';

/**
 * The page numbers to show: at most `max`, a window around `page` that slides to stay
 * inside 1…totalPages (page 1 of 9 → 1-5; page 5 → 3-7; page 9 → 5-9).
 */
export function pageWindow(page: number, totalPages: number, max: number = TABLE.maxPageButtons): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  const current = Math.min(Math.max(page, 1), totalPages);
  const start = Math.min(Math.max(current - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Shown before the buttons, e.g. '1-20 / 134 kayıt'. */
  summary?: string;
  className?: string;
}

/** Previous / next and up to five page buttons; renders nothing for a single page (spec §2.5). */
export function Pagination({ page, totalPages, onPageChange, summary, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Sayfalama" className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{summary ?? `Sayfa ${page} / ${totalPages}`}</p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="outline" size="sm" icon={ChevronLeft} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Önceki
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'primary' : 'ghost'}
            size="sm"
            className="min-w-8 px-2"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Sayfa ${n}`}
            onClick={() => n !== page && onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          Sonraki
          <ChevronRight aria-hidden="true" className="size-3.5" />
        </Button>
      </div>
    </nav>
  );
}
