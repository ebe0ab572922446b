import {
  getBranding,
  getProjectSettings,
  getSystemSettings,
  updateProjectSettings,
  updateSystemSettings,
} from '@common/contract/settings';
import { route } from '../../lib/route';
import { notFound } from '../../lib/errors';
import { PROJECT_NOT_FOUND } from '../../policies/authorize';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { readProjectSettings, readSystemSettings } from './read-settings';
import { saveProjectSettings, saveSystemSettings } from './save-settings';
import { transportsOf } from './transports';

/** System settings (super admin), the public application name, and each project's settings (§7.11). */
export default async function settingsRoutes(app: App) {
  const db = app.ctx.database.db;
  const transports = transportsOf(app.ctx.config);

  route(app, getSystemSettings, async () => readSystemSettings(db));
  route(app, updateSystemSettings, async (request) => saveSystemSettings(actorContext(request), request.body));
  route(app, getBranding, async () => ({ appName: (await readSystemSettings(db)).appName }));

  // :projectId membership is checked by the authentication hook (404 for a foreign project).
  route(app, getProjectSettings, async (request) => {
    const settings = await readProjectSettings(db, request.params.projectId);
    if (!settings) throw notFound(PROJECT_NOT_FOUND);
    return { settings, transports };
  });
  route(app, updateProjectSettings, async (request) => ({
    settings: await saveProjectSettings(actorContext(request), request.params.projectId, request.body),
    transports,
  }));
}
