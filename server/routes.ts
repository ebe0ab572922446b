import type { App } from './types';
import authRoutes from './modules/auth/routes';
import bonusRoutes from './modules/bonus/routes';
import bridgeSyncRoutes from './modules/bridge-sync/routes';
import healthRoutes from './modules/health/routes';
import projectRoutes from './modules/projects/routes';

/** Every feature module's routes, in one list. */
export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(bonusRoutes);
  await app.register(bridgeSyncRoutes);
}
