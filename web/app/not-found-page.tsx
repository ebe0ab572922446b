import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { buttonStyles } from '@web/components/ui';
import { useSessionStatus } from '@web/lib/session-restore';
import { SessionRestoring } from './guards';
import { AppFrame } from './layout/app-frame';
import { paths } from './paths';

function NotFoundContent({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-semibold text-zinc-900 dark:text-zinc-50">404 - Sayfa Bulunamadı</h2>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">Aradığınız sayfa mevcut değil.</p>
      <Link to={signedIn ? paths.dashboard : paths.login} className={buttonStyles('primary', 'md', 'mt-2')}>
        {signedIn ? 'Panele dön' : 'Giriş sayfasına dön'}
      </Link>
    </div>
  );
}

/** Any unknown path: inside the frame when signed in, on its own otherwise. */
export function NotFoundPage() {
  // Opened by address, the page has no access token yet: the session is restored first.
  const { status } = useSessionStatus();
  if (status === 'restoring') return <SessionRestoring />;
  if (status === 'signed-in') {
    return (
      <AppFrame>
        <NotFoundContent signedIn />
      </AppFrame>
    );
  }
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-zinc-50 dark:bg-zinc-950">
      <NotFoundContent signedIn={false} />
    </main>
  );
}
