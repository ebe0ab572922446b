// Turkish messages for every form's checks, installed before any screen (all load inside this frame)
// parses: zod stays out of the sign-in page's JavaScript.
import '@common/zod-tr';
import { useState, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { Dialog } from '@web/components/ui';
import { PageActionsProvider } from '@web/components/layout/page-actions';
import { useOwnPresence } from '@web/features/agents/api/own-presence';
import { useRequestViewersFeed } from '@web/entities/bonus-request/model/use-request-viewers';
import { SOCKET_EVENTS } from '@common/socket-events';
import { refreshAppName } from '@web/lib/app-name';
import { useProjectSocketConnection, useSocketEvent } from '@web/lib/use-project-socket';
import { useServerRecovery } from '@web/lib/use-server-recovery';
import { KeyboardShortcuts } from '../shortcuts/keyboard-shortcuts';
import { AppHeader } from './app-header';
import { SidebarContent } from './sidebar';
import { SkipLink } from './skip-link';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePageTitle } from './use-page-title';
import { useDisplayTimeZone } from './use-display-time-zone';
import { useSessionSync } from './use-session-sync';

/** The signed-in frame (spec §2.2): sidebar, header, and the page in <main>. */
export function AppFrame({ children }: { children?: ReactNode }) {
  useProjectSocketConnection();
  useServerRecovery();
  useSessionSync();
  useOwnPresence();
  useRequestViewersFeed();
  const timeZone = useDisplayTimeZone();
  // Saved settings reach every open screen: the application name, and the project's time zone (in the project list).
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.settingsChanged, () => {
    void refreshAppName();
    void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
  });
  const title = usePageTitle();
  useDocumentTitle(title);
  const [navOpen, setNavOpen] = useState(false);
  const navigating = useNavigation().state === 'loading';

  return (
    <PageActionsProvider>
      <SkipLink />
      <KeyboardShortcuts />
      <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="sticky top-0 hidden h-dvh border-r border-zinc-200 bg-white lg:block dark:border-zinc-800 dark:bg-zinc-950">
          <SidebarContent />
        </aside>
        <Dialog open={navOpen} onClose={() => setNavOpen(false)} title="Ana menü" placement="drawer" hideHeader>
          <SidebarContent onNavigate={() => setNavOpen(false)} onClose={() => setNavOpen(false)} />
        </Dialog>
        <div className="flex min-w-0 flex-col">
          <AppHeader title={title} onOpenNav={() => setNavOpen(true)} />
          <div aria-hidden="true" className="h-0.5">
            {navigating && <div className="h-full w-full animate-pulse bg-indigo-500" />}
          </div>
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
            <div key={timeZone} className="mx-auto w-full max-w-7xl">
              {children ?? <Outlet />}
            </div>
          </main>
        </div>
      </div>
    </PageActionsProvider>
  );
}
