import type { App } from './types';
import agentRoutes from './modules/agents/routes';
import analyticsRoutes from './modules/analytics/routes';
import { registerPresence } from './modules/agents/register-presence';
import auditRoutes from './modules/audit/routes';
import authRoutes from './modules/auth/routes';
import bonusRoutes from './modules/bonus/routes';
import bridgeSyncRoutes from './modules/bridge-sync/routes';
import healthRoutes from './modules/health/routes';
import notificationRoutes from './modules/notifications/routes';
import projectRoutes from './modules/projects/routes';
import routingRoutes from './modules/routing/routes';
import settingsRoutes from './modules/settings/routes';
import totpRoutes from './modules/totp/routes';
import userRoutes from './modules/users/routes';

/** Every feature module's routes, in one list. */
export async function registerRoutes(app: App): Promise<void> {
  // Root-level: live agent presence sees every route's activity.
  registerPresence(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(userRoutes);
  await app.register(agentRoutes);
  await app.register(auditRoutes);
  await app.register(bonusRoutes);
  await app.register(bridgeSyncRoutes);
  await app.register(settingsRoutes);
  await app.register(notificationRoutes);
  await app.register(totpRoutes);
  await app.register(analyticsRoutes);
  await app.register(routingRoutes);
}
