import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeTableState, readTableState, writeTableState, type TableState } from './table-url-state';

/** The table state kept in the URL: read it, and change it (one history entry per change). */
export function useTableState(): [TableState, (change: Partial<TableState>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readTableState(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<TableState>) => {
      setSearchParams((current) => writeTableState(changeTableState(readTableState(current), change)), {
        // Typing in the search box should not fill the history with one entry per word.
        replace: 'search' in change,
      });
    },
    [setSearchParams],
  );
  return [state, update];
}
