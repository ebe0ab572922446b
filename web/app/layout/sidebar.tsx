import { NavLink } from 'react-router';
import { X } from 'lucide-react';
import { Button, focusRing } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { useScreenAbilities } from '@web/stores/abilities';
import { NAV_GROUPS, SCREEN_ROUTES } from '../routes';
import { NAV_ICONS } from './nav-icons';
import { Brand } from '@web/components/layout/brand';
import { OwnStatusSelect } from '@web/features/agents/components/own-status-select';
import { ApprovalsLink } from './approvals-link';
import { SystemStatus } from './system-status';

export interface SidebarContentProps {
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?: () => void;
  /** Shows a close button (phone drawer). */
  onClose?: () => void;
}

/** Product title, the screens the server gives the user (grouped), and the system status box. */
export function SidebarContent({ onNavigate, onClose }: SidebarContentProps) {
  const screens = useScreenAbilities();
  const visible = SCREEN_ROUTES.filter((route) => screens[route.screen] === true);
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-5">
        <Brand />
        {onClose && <Button variant="ghost" size="icon" icon={X} aria-label="Menüyü kapat" onClick={onClose} />}
      </div>
      <nav aria-label="Ana menü" className="flex-1 overflow-y-auto px-3 pb-4">
        {NAV_GROUPS.map((group) => {
          const routes = visible.filter((route) => route.group === group);
          if (routes.length === 0) return null;
          return (
            <div key={group} className="mt-4 first:mt-1">
              <p className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-zinc-600 uppercase dark:text-zinc-300">{group}</p>
              <ul className="flex flex-col gap-0.5">
                {routes.map(({ path, navLabel }) => {
                  const Icon = NAV_ICONS[path];
                  return (
                  <li key={path}>
                    <NavLink
                      to={path}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                          focusRing,
                          isActive
                            ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
                            : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100',
                        )
                      }
                    >
                      {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
                      <span className="truncate">{navLabel}</span>
                    </NavLink>
                  </li>
                  );
                })}
                {routes.some((route) => route.path === '/bonus') && <ApprovalsLink onNavigate={onNavigate} />}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="shrink-0 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <OwnStatusSelect className="mb-3 sm:hidden" hideLabel={false} />
        <SystemStatus />
      </div>
    </div>
  );
}
