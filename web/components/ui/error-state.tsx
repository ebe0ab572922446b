import type { ReactNode } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { errorMessage } from '@web/lib/api-error';
import { Button } from './button';
import { StatePanel } from './state-panel';

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
    <StatePanel
      role="alert"
      icon={TriangleAlert}
      iconClassName="bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400"
      textClassName="max-w-md"
      title={title}
      text={text}
      className={className}
    >
      {onRetry && (
        <Button variant="outline" icon={RefreshCw} onClick={onRetry} loading={retrying}>
          Tekrar Dene
        </Button>
      )}
    </StatePanel>
  );
}
