import type { ReactNode } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { errorMessage } from '@web/lib/api-error';
import { Button } from './button';

export interface ErrorStateProps {
  title?: string;
  /** The failure: its server message is shown (or pass `message`). */
  error?: unknown;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load with a 'Tekrar Dene' button; announced as an alert. */
export function ErrorState({ title = 'Veriler yüklenemedi', error, message, onRetry, retrying, className }: ErrorStateProps) {
  const text = message ?? (error !== undefined ? errorMessage(error) : undefined);
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <div className="max-w-md">
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
        {text && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{text}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" icon={RefreshCw} onClick={onRetry} loading={retrying}>
          Tekrar Dene
        </Button>
      )}
    </div>
  );
}
