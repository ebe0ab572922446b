import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Screen } from '@common/schemas/abilities';
import { LoadingState } from '@web/components/ui';
import { useScreenAbility } from '@web/stores/abilities';
import { useSessionStore } from '@web/stores/session-store';
import { ForbiddenPage } from './forbidden-page';
import { paths } from './paths';

/**
 * Signed-in routes: no session → /login. A user who must change their password is held
 * on /change-password until they do.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  const mustChangePassword = useSessionStore((s) => s.user?.mustChangePassword === true);
  const totpSetupRequired = useSessionStore((s) => s.totpSetupRequired);
  const { pathname } = useLocation();
  if (!signedIn) return <Navigate to={paths.login} replace />;
  // The server refuses everything but the 2FA setup until it is done (TOTP_SETUP_REQUIRED), a
  // password change included: setup comes first.
  if (totpSetupRequired) return pathname === paths.totp ? (children ?? <Outlet />) : <Navigate to={paths.totp} replace />;
  if (mustChangePassword && pathname !== paths.changePassword) return <Navigate to={paths.changePassword} replace />;
  return children ?? <Outlet />;
}

/** /login for a signed-in user goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return children;
}

/**
 * A screen the server did not give the user shows the no-permission page instead (the server
 * refuses its data anyway). A session stored before abilities existed waits for /api/auth/me.
 */
export function RequireScreen({ screen, children }: { screen: Screen; children: ReactNode }) {
  const allowed = useScreenAbility(screen);
  if (allowed === undefined) return <LoadingState text="Yükleniyor..." />;
  if (!allowed) return <ForbiddenPage />;
  return children;
}
