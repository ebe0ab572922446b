import type { App } from './types';
import { analyticsRoutes } from './modules/analytics';
import { apiTokenRoutes } from './modules/api-tokens';
import { agentRoutes, registerPresence } from './modules/agents';
import { auditRoutes } from './modules/audit';
import { authRoutes } from './modules/auth';
import { bonusRoutes } from './modules/bonus';
import { bridgeSyncRoutes } from './modules/bridge-sync';
import { demoRoutes } from './modules/demo';
import { healthRoutes } from './modules/health';
import { intakeRoutes } from './modules/intake';
import { notificationRoutes } from './modules/notifications';
import { projectRoutes } from './modules/projects';
import { routingRoutes } from './modules/routing';
import { settingsRoutes } from './modules/settings';
import { totpRoutes } from './modules/totp';
import { userRoutes } from './modules/users';
import { webhookRoutes } from './modules/webhooks';

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
  await app.register(intakeRoutes);
  await app.register(bridgeSyncRoutes);
  await app.register(settingsRoutes);
  await app.register(notificationRoutes);
  await app.register(totpRoutes);
  await app.register(analyticsRoutes);
  await app.register(routingRoutes);
  await app.register(demoRoutes);
  await app.register(apiTokenRoutes);
  await app.register(webhookRoutes);
}
