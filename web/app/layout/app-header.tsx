import { Menu } from 'lucide-react';
import { Button } from '@web/components/ui';
import { PageActionsSlot } from '@web/components/layout/page-actions';
import { ProjectSwitcher } from './project-switcher';
import { SocketIndicator } from './socket-indicator';
import { ThemeToggle } from '@web/components/layout/theme-toggle';
import { OwnLoadBadge } from '@web/features/agents/components/own-load-badge';
import { OwnStatusSelect } from '@web/features/agents/components/own-status-select';
import { UserMenu } from './user-menu';

/**
 * Page title, project switcher, live indicator, theme, user and logout. On phones the
 * project switcher takes a second row of its own; page actions, when a page has any,
 * sit on the row below.
 */
export function AppHeader({ title, onOpenNav }: { title: string; onOpenNav: () => void }) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70 dark:border-zinc-800 dark:bg-zinc-950/85 dark:supports-[backdrop-filter]:bg-zinc-950/70">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Button variant="ghost" size="icon" icon={Menu} aria-label="Menüyü aç" onClick={onOpenNav} className="-ml-2 lg:hidden" />
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</h1>
        <ProjectSwitcher className="max-sm:order-last max-sm:w-full" />
        <div className="flex items-center gap-1.5 sm:gap-2">
          <SocketIndicator />
          {/* On a phone it sits in the menu instead (the sidebar). */}
          <OwnLoadBadge />
          <OwnStatusSelect className="max-sm:hidden" />
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
      <PageActionsSlot className="flex flex-wrap items-center gap-2 px-4 pb-3 empty:hidden sm:px-6 lg:px-8" />
    </header>
  );
}
