import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from './router';

// The toaster (sonner) arrives after the first screen: no page needs it to render.
const AppToaster = lazy(() => import('./app-toaster').then((m) => ({ default: m.AppToaster })));

export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
