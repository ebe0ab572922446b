import type { App } from './types';
import auditRoutes from './modules/audit/routes';
import authRoutes from './modules/auth/routes';
import healthRoutes from './modules/health/routes';
import projectRoutes from './modules/projects/routes';
import userRoutes from './modules/users/routes';

/** Every feature module's routes, in one list. */
export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(projectRoutes);
  await app.register(userRoutes);
  await app.register(auditRoutes);
}
