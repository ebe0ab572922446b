import * as contract from '@common/contract/demo';
import { DEMO_ACTIVITY_MESSAGES } from '@common/schemas/demo';
import { isDemoMode } from '../../config';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { demoActivityOf } from './demo-activity';

/** 'Demo etkinliği' (super admin, demo mode only): its state and its switch. */
export default async function demoRoutes(app: App) {
  const ctx = app.ctx;
  const activity = demoActivityOf(ctx);
  // Outside demo mode the switch does not exist: 404, as for any unknown thing.
  const requireDemo = () => {
    if (!isDemoMode(ctx.config)) throw notFound(DEMO_ACTIVITY_MESSAGES.notDemo);
  };
  // Shutdown (and every test's close) ends the loop and lets its agents go before the database closes.
  app.addHook('onClose', async () => {
    await activity.set(false);
  });

  route(app, contract.getDemoActivity, async () => {
    requireDemo();
    return { enabled: activity.isOn };
  });
  route(app, contract.setDemoActivity, async (request) => {
    requireDemo();
    await activity.set(request.body.enabled);
    return { enabled: activity.isOn };
  });
}
