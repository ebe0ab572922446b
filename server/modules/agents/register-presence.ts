import type { App } from '../../types';
import { presenceOf } from './presence';

/**
 * Starts live agent presence for the app and counts every successful change a signed-in
 * user makes through the API as activity (reads are not: a screen refreshing itself is
 * not the person working). Registered on the root so the hook sees every route.
 */
export function registerPresence(app: App): void {
  const presence = presenceOf(app.ctx);
  presence.listen();
  app.addHook('onResponse', async (request, reply) => {
    if (!request.auth || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    // A machine's call with an API token is not its creator at work.
    if (request.auth.apiTokenId !== undefined) return;
    presence.noteActivity(request.auth.user.id).catch((err) => request.log.warn({ err }, 'activity not recorded'));
  });
  // Before the socket server closes (its preClose hook is added later, so it runs after this one).
  app.addHook('preClose', async () => {
    await presence.stop();
  });
}
