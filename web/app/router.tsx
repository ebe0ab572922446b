import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingState } from '@web/components/ui';
import { GuestOnly, RequireScreen, RequireSession } from './guards';
import { paths } from './paths';
import { RouteErrorPage } from './route-error-page';
import { CHANGE_PASSWORD_TITLE, NOT_FOUND_TITLE, SCREEN_ROUTES, type RouteHandle } from './routes';

function FullPageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingState text="Yükleniyor..." />
    </div>
  );
}

/**
 * The route tree (spec §2.1). Screens come from SCREEN_ROUTES; each loads lazily and
 * sits behind its screen ability inside the signed-in frame. Exported as a function so tests
 * build it into a memory router.
 */
/** Query cache and confirm dialog for every route past the sign-in page: a chunk of their own. */
async function loadAppProviders() {
  const { AppProviders } = await import('./app-providers');
  return { element: <AppProviders /> };
}

export function buildRoutes(): RouteObject[] {
  const screens: RouteObject[] = SCREEN_ROUTES.map((route) => ({
    path: route.path,
    handle: { title: route.title } satisfies RouteHandle,
    lazy: async () => {
      const Page = await route.load();
      return {
        element: (
          <RequireScreen screen={route.screen}>
            <Page />
          </RequireScreen>
        ),
      };
    },
  }));

  return [
    {
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          path: paths.login,
          handle: { title: 'Giriş Yap' } satisfies RouteHandle,
          lazy: async () => {
            const { LoginPage } = await import('@web/features/auth/pages/login-page');
            return {
              element: (
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              ),
            };
          },
        },
        {
          // Signed-out visitors are sent to /login before any signed-in chunk is fetched.
          element: (
            <RequireSession>
              <Outlet />
            </RequireSession>
          ),
          children: [
            {
              lazy: loadAppProviders,
              children: [
                {
                  // The signed-in frame (socket, sidebar, header) is a chunk of its own: the sign-in page loads without it.
                  lazy: async () => {
                    const { AppFrame } = await import('./layout/app-frame');
                    return { element: <AppFrame /> };
                  },
                  children: [{ index: true, element: <Navigate to={paths.dashboard} replace /> }, ...screens],
                },
              ],
            },
          ],
        },
        {
          lazy: loadAppProviders,
          children: [
            {
              path: paths.changePassword,
              handle: { title: CHANGE_PASSWORD_TITLE } satisfies RouteHandle,
              lazy: async () => {
                const { ChangePasswordPage } = await import('@web/features/auth/pages/change-password-page');
                return {
                  element: (
                    <RequireSession>
                      <ChangePasswordPage />
                    </RequireSession>
                  ),
                };
              },
            },
            {
              path: '*',
              handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
              // It may show the signed-in frame: a chunk of its own, like the frame.
              lazy: async () => {
                const { NotFoundPage } = await import('./not-found-page');
                return { element: <NotFoundPage /> };
              },
            },
          ],
        },
      ],
    },
  ];
}
