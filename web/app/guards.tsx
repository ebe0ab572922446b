import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Screen } from '@common/schemas/abilities';
import { ErrorState, LoadingState } from '@web/components/ui';
import { useSessionStatus } from '@web/lib/session-restore';
import { useScreenAbility } from '@web/stores/abilities';
import { useSessionStore } from '@web/stores/session-store';
import { ForbiddenPage } from './forbidden-page';
import { paths } from './paths';

/**
 * Signed-in routes: no session → /login. A user who must change their password is held
 * on /change-password until they do.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { status, retry } = useSessionStatus();
  const mustChangePassword = useSessionStore((s) => s.user?.mustChangePassword === true);
  const totpSetupRequired = useSessionStore((s) => s.totpSetupRequired);
  const { pathname } = useLocation();
  if (status === 'restoring') return <SessionRestoring />;
  if (status === 'unreachable') return <SessionUnreachable retry={retry} />;
  if (status === 'signed-out') return <Navigate to={paths.login} replace />;
  // The server refuses everything but the 2FA setup until it is done (TOTP_SETUP_REQUIRED), a
  // password change included: setup comes first.
  if (totpSetupRequired) return pathname === paths.totp ? (children ?? <Outlet />) : <Navigate to={paths.totp} replace />;
  if (mustChangePassword && pathname !== paths.changePassword) return <Navigate to={paths.changePassword} replace />;
  return children ?? <Outlet />;
}

/** /login for a signed-in user (or one whose session a reload restores) goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionStatus();
  if (status === 'signed-in') return <Navigate to={paths.dashboard} replace />;
  if (status === 'restoring') return <SessionRestoring />;
  return children;
}

/** While a reload restores the session through the refresh cookie (also the 404 page opened by its address). */
export function SessionRestoring() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingState text="Oturum yükleniyor..." />
    </div>
  );
}

function SessionUnreachable({ retry }: { retry: () => void }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <ErrorState title="Sunucuya ulaşılamadı" message="Oturumunuz korunuyor; bağlantı gelince tekrar deneyin." onRetry={retry} />
    </div>
  );
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
