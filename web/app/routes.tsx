import type { ComponentType } from 'react';
import type { Screen } from '@common/schemas/abilities';
import type { ProjectSummary } from '@common/schemas/auth';
import { paths, type AppPath } from './paths';

export interface TitleContext {
  activeProject: ProjectSummary | null;
}
export type RouteTitle = string | ((context: TitleContext) => string);

export const NAV_GROUPS = ['Genel', 'Operasyon', 'Yönetim', 'Analiz', 'Sistem'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * One signed-in screen. To add one: create web/features/<feature>/pages/<name>-page.tsx
 * exporting the page component, add its path to paths.ts, and add a row here. The
 * router, the sidebar, the header title and the screen gate all read this table; the server's
 * abilities (common/schemas/abilities.ts) name the screen.
 */
export interface ScreenRoute {
  path: AppPath;
  /** Header and document title. */
  title: RouteTitle;
  navLabel: string;
  group: NavGroup;
  /** Its name in the server's abilities: without it the nav hides it and a direct visit shows the no-permission page. */
  screen: Screen;
  load: () => Promise<ComponentType>;
}

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  {
    path: paths.dashboard,
    title: ({ activeProject }) => activeProject?.name ?? 'Panel',
    navLabel: 'Panel',
    group: 'Genel',
    screen: 'dashboard',
    // The app layer composes other features' dashboard parts into the dashboard's slots.
    load: () =>
      Promise.all([
        import('@web/features/dashboard/pages/dashboard-page'),
        import('@web/features/agents/components/agent-control-panel'),
        import('@web/features/bridge-sync'),
        import('@web/features/advanced-dashboard'),
      ]).then(
        ([dashboard, agents, sync, analytics]) =>
          function Dashboard() {
            return (
              <dashboard.DashboardPage
                toolbar={<sync.ActiveProjectBridgeSyncButton />}
                panels={
                  <>
                    <agents.AgentControlPanel />
                    <sync.SyncLogPanel />
                    <analytics.RecentActivity />
                  </>
                }
              />
            );
          },
      ),
  },
  {
    path: paths.advancedDashboard,
    title: 'Gelişmiş Dashboard',
    navLabel: 'Gelişmiş Dashboard',
    group: 'Genel',
    screen: 'advancedDashboard',
    load: () => import('@web/features/advanced-dashboard/pages/advanced-dashboard-page').then((m) => m.AdvancedDashboardPage),
  },
  {
    path: paths.bonus,
    title: 'Bonus Talepleri',
    navLabel: 'Bonus Talepleri',
    group: 'Operasyon',
    screen: 'bonus',
    load: () => import('@web/features/bonus/pages/bonus-page').then((m) => m.BonusPage),
  },
  {
    path: paths.bridgeSync,
    title: 'Bridge Senkronizasyon',
    navLabel: 'Bridge Senkronizasyon',
    group: 'Operasyon',
    screen: 'bridgeSync',
    load: () => import('@web/features/bridge-sync/pages/bridge-sync-page').then((m) => m.BridgeSyncPage),
  },
  {
    path: paths.routingRules,
    title: 'Routing Kuralları',
    navLabel: 'Routing Kuralları',
    group: 'Operasyon',
    screen: 'routingRules',
    load: () => import('@web/features/routing-rules/pages/routing-rules-page').then((m) => m.RoutingRulesPage),
  },
  {
    path: paths.users,
    title: 'Kullanıcı Yönetimi',
    navLabel: 'Kullanıcı Yönetimi',
    group: 'Yönetim',
    screen: 'users',
    load: () => import('@web/features/users/pages/users-page').then((m) => m.UsersPage),
  },
  {
    path: paths.roleManagement,
    title: 'Rol Yönetimi',
    navLabel: 'Rol Yönetimi',
    group: 'Yönetim',
    screen: 'roleManagement',
    load: () => import('@web/features/role-management/pages/role-management-page').then((m) => m.RoleManagementPage),
  },
  {
    path: paths.projects,
    title: 'Proje Yönetimi',
    navLabel: 'Proje Yönetimi',
    group: 'Yönetim',
    screen: 'projects',
    // The app layer composes the bridge sync's 'Senkronize' button into each project's actions.
    load: () =>
      Promise.all([import('@web/features/projects/pages/projects-page'), import('@web/features/bridge-sync')]).then(
        ([projects, sync]) =>
          function Projects() {
            return (
              <projects.ProjectsPage
                syncAction={(p) => <sync.ProjectSyncButton projectId={p.id} projectName={p.name} disabled={!p.isActive} />}
              />
            );
          },
      ),
  },
  {
    path: paths.agents,
    title: 'Agent Yönetimi',
    navLabel: 'Agent Yönetimi',
    group: 'Yönetim',
    screen: 'agents',
    load: () => import('@web/features/agents/pages/agents-page').then((m) => m.AgentsPage),
  },
  {
    path: paths.reports,
    title: 'Raporlar',
    navLabel: 'Raporlar',
    group: 'Analiz',
    screen: 'reports',
    load: () => import('@web/features/reports/pages/reports-page').then((m) => m.ReportsPage),
  },
  {
    path: paths.auditLogs,
    title: 'Audit Logları',
    navLabel: 'Audit Logları',
    group: 'Analiz',
    screen: 'auditLogs',
    load: () => import('@web/features/audit-logs/pages/audit-logs-page').then((m) => m.AuditLogsPage),
  },
  {
    path: paths.totp,
    title: 'İki Faktörlü Doğrulama',
    navLabel: 'İki Faktörlü Doğrulama',
    group: 'Sistem',
    screen: 'totp',
    load: () => import('@web/features/totp/pages/totp-page').then((m) => m.TotpPage),
  },
  {
    path: paths.settings,
    title: 'Sistem Ayarları',
    navLabel: 'Sistem Ayarları',
    group: 'Sistem',
    screen: 'settings',
    load: () => import('@web/features/settings/pages/settings-page').then((m) => m.SettingsPage),
  },
];

/** Titles of the routes that are not screens in the nav. */
export const NOT_FOUND_TITLE = 'Sayfa Bulunamadı';
export const CHANGE_PASSWORD_TITLE = 'Şifre Değiştir';

/** Data React Router carries on each route (`handle`), read by the header for its title. */
export interface RouteHandle {
  title: RouteTitle;
}

export function resolveTitle(title: RouteTitle, context: TitleContext): string {
  return typeof title === 'function' ? title(context) : title;
}
