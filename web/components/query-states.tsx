import type { ReactNode } from 'react';
import { Card, ErrorState, LoadingState } from '@web/components/ui';

/** What the states read of a list's query (a TanStack Query result has it all). */
interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

export interface QueryStatesProps<T> {
  query: ListQuery<T>;
  loadingText: string;
  /** Whether the data has nothing to show; then `empty` stands instead of the content. */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** A page's list with no card around it: the loading, failure and empty states each stand in a card of their own. */
  inCards?: boolean;
  /** A refetch that fails while data is on screen keeps the data, marked stale by a banner above it. */
  staleBanner?: boolean;
  /** The loading and failure panels' own class (their padding inside a card). */
  className?: string;
  children: (data: T) => ReactNode;
}

/** A list's query as the screen shows it: loading, failed with nothing to keep, empty, or its content. */
export function QueryStates<T>({ query, loadingText, isEmpty, empty, inCards = false, staleBanner = false, className, children }: QueryStatesProps<T>) {
  const { data } = query;
  const banner = staleBanner && query.isError && data !== undefined && <ErrorState variant="banner" query={query} />;
  const wrap = (state: ReactNode) => (inCards ? <Card>{state}</Card> : state);
  const shown = query.isPending
    ? wrap(<LoadingState text={loadingText} className={className} />)
    : data === undefined
      ? wrap(<ErrorState query={query} className={className} />)
      : isEmpty(data)
        ? wrap(empty)
        : children(data);
  return (
    <>
      {banner}
      {shown}
    </>
  );
}
