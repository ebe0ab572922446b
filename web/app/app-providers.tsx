import { useContext } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ConfirmProvider } from '@web/components/ui';
import { queryClient } from '@web/lib/query-client';

/**
 * The query cache and the confirm dialog for every route past the sign-in page, loaded as a chunk
 * of its own so the sign-in page carries neither. A test that brings its own query client keeps it.
 */
export function AppProviders() {
  const outer = useContext(QueryClientContext);
  const page = (
    <ConfirmProvider>
      <Outlet />
    </ConfirmProvider>
  );
  return outer ? page : <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>;
}
