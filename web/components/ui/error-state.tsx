import type { ReactNode } from 'react';
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { TERMS } from '@common/terms';
import { ApiError, errorMessage, isUnreachable } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { Button } from './button';
import { StatePanel } from './state-panel';

/** What a failed query gives the error state: its failure, and how to fetch it again. */
interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

export interface ErrorStateProps {
  /** The title of a failure the server answered (a 4xx); an unreachable server always reads 'Sunucuya ulaşılamıyor'. */
  title?: string;
  /** The failure: its server message is shown (or pass `message`). */
  error?: unknown;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** A failed query: its error, 'Tekrar Dene' refetching it, busy while it fetches. */
  query?: FailedQuery;
  /**
   * 'panel' (default) stands instead of the content; 'banner' is one line above data still on
   * screen whose background refetch failed: the data stays, marked as possibly stale.
   */
  variant?: 'panel' | 'banner';
  className?: string;
}

export const STALE_DATA_TEXT = 'Gösterilen veriler güncel olmayabilir.';
const REFRESH_FAILED_TITLE = 'Veriler yenilenemedi';

/** Why the server could not be read, under the 'Sunucuya ulaşılamıyor' title: a server error keeps its message and request id. */
function unreachableDetail(error: unknown): string {
  if (error instanceof ApiError && error.code === 'TIMEOUT') return 'Sunucu zamanında yanıt vermedi. Biraz sonra tekrar deneyin.';
  if (error instanceof ApiError && error.status >= 500) return errorMessage(error);
  return 'Bağlantınızı kontrol edip tekrar deneyin.';
}

/**
 * A failed load with a 'Tekrar Dene' button. Whether the server could be reached is decided by
 * one rule (`isUnreachable`): then it reads 'Sunucuya ulaşılamıyor', whatever the screen's own
 * title; a refusal the server answered (4xx) shows the server's message.
 */
export function ErrorState({ title, error: errorProp, message, onRetry: onRetryProp, retrying: retryingProp, query, variant = 'panel', className }: ErrorStateProps) {
  const error = query ? query.error : errorProp;
  const onRetry = onRetryProp ?? (query ? () => void query.refetch() : undefined);
  const retrying = retryingProp ?? query?.isFetching;
  const unreachable = isUnreachable(error);
  const retryButton = onRetry && (
    <Button variant="outline" size={variant === 'banner' ? 'sm' : 'md'} icon={RefreshCw} onClick={onRetry} loading={retrying}>
      {TERMS.retry}
    </Button>
  );

  if (variant === 'banner') {
    const heading = unreachable ? TERMS.unreachable : REFRESH_FAILED_TITLE;
    return (
      <div
        role="status"
        data-stale-banner=""
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100',
          className,
        )}
      >
        <CloudOff aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{heading}.</span> {unreachable ? STALE_DATA_TEXT : `${errorMessage(error)} ${STALE_DATA_TEXT}`}
        </p>
        {retryButton}
      </div>
    );
  }

  const text = unreachable ? unreachableDetail(error) : (message ?? (error !== undefined ? errorMessage(error) : undefined));
  return (
    <StatePanel
      role="alert"
      icon={unreachable ? CloudOff : TriangleAlert}
      iconClassName="bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400"
      textClassName="max-w-md"
      title={unreachable ? TERMS.unreachable : (title ?? 'Veriler yüklenemedi')}
      text={text}
      className={className}
    >
      {retryButton}
    </StatePanel>
  );
}
