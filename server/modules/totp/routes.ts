import { enableTotp, disableTotp, getTotpStatus, regenerateBackupCodes, resetUserTotp, setupTotp } from '@common/contract/totp';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { requireAuth } from '../../policies/authorize';
import * as manage from './manage-totp';
import { resetUserTotp as resetTotpOf } from './reset-user-totp';

export default async function totpRoutes(app: App) {
  const ctx = app.ctx;
  // A password or code checked while signed in: the same per-address limit as the sign-in steps.
  const secretCheckLimit = { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  route(app, setupTotp, async (request) => manage.startTotpSetup(actorContext(request)));
  route(app, enableTotp, async (request) => ({ backupCodes: await manage.enableTotp(actorContext(request), { token: request.body.token, sessionId: requireAuth(request).sessionId }) }), {
    rateLimit: secretCheckLimit,
  });
  route(app, getTotpStatus, async (request) => manage.readTotpStatus(actorContext(request)));
  route(
    app,
    regenerateBackupCodes,
    async (request) => ({ backupCodes: await manage.regenerateBackupCodes(actorContext(request), { token: request.body.token }) }),
    { rateLimit: secretCheckLimit },
  );
  route(
    app,
    disableTotp,
    async (request) => {
      await manage.disableTotp(actorContext(request), request.body);
      return { disabled: true as const };
    },
    { rateLimit: secretCheckLimit },
  );
  route(app, resetUserTotp, async (request) => {
    await resetTotpOf(actorContext(request), { userId: request.params.userId, reason: request.body.reason });
    return { reset: true as const };
  });
}
