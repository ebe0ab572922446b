import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@common/permissions';
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

/** A screen the role may not use shows the no-permission page instead (the server refuses its data anyway). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const role = useSessionStore((s) => s.user?.role);
  if (!role || !can(role, permission)) return <ForbiddenPage />;
  return children;
}
