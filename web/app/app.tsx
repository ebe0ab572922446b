import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { followOtherTabs } from '@web/lib/session-restore';
import { buildRoutes } from './router';

// The toaster (sonner) arrives after the first screen: no page needs it to render.
const AppToaster = lazy(() => import('./app-toaster').then((m) => ({ default: m.AppToaster })));

export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  useEffect(followOtherTabs, []);
  return (
    <>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
