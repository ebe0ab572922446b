import {
  ChartColumn,
  FolderKanban,
  Gauge,
  Gift,
  Headset,
  KeyRound,
  LayoutDashboard,
  RefreshCw,
  ScrollText,
  Settings,
  ShieldCheck,
  Split,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AppPath } from '../paths';
import { paths } from '../paths';

/**
 * The sidebar's icon of each screen. Kept apart from the route table (which the router loads
 * on every page, the sign-in page included) so the icons load with the signed-in frame only.
 */
export const NAV_ICONS: Partial<Record<AppPath, LucideIcon>> = {
  [paths.dashboard]: LayoutDashboard,
  [paths.advancedDashboard]: Gauge,
  [paths.bonus]: Gift,
  [paths.bridgeSync]: RefreshCw,
  [paths.routingRules]: Split,
  [paths.users]: Users,
  [paths.roleManagement]: ShieldCheck,
  [paths.projects]: FolderKanban,
  [paths.agents]: Headset,
  [paths.reports]: ChartColumn,
  [paths.auditLogs]: ScrollText,
  [paths.totp]: KeyRound,
  [paths.settings]: Settings,
};
