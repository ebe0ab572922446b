import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@common/constants';
import { ConfirmProvider } from '@web/components/ui';
import { queryClient } from '@web/lib/query-client';
import { useThemeStore } from '@web/stores/theme-store';
import { buildRoutes } from './router';

function AppToaster() {
  const theme = useThemeStore((s) => s.theme);
  return <Toaster theme={theme} position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} containerAriaLabel="Bildirimler" />;
}

export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
