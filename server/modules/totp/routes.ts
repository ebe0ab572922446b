import { enableTotp, disableTotp, getTotpStatus, regenerateBackupCodes, resetUserTotp, setupTotp } from '@common/contract/totp';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import * as manage from './manage-totp';
import { resetUserTotp as resetTotpOf } from './reset-user-totp';

export default async function totpRoutes(app: App) {
  route(app, setupTotp, async (request) => manage.startTotpSetup(actorContext(request)));
  route(app, enableTotp, async (request) => ({ backupCodes: await manage.enableTotp(actorContext(request), { token: request.body.token }) }));
  route(app, getTotpStatus, async (request) => manage.readTotpStatus(actorContext(request)));
  route(app, regenerateBackupCodes, async (request) => ({
    backupCodes: await manage.regenerateBackupCodes(actorContext(request), { token: request.body.token }),
  }));
  route(app, disableTotp, async (request) => {
    await manage.disableTotp(actorContext(request), request.body);
    return { disabled: true as const };
  });
  route(app, resetUserTotp, async (request) => {
    await resetTotpOf(actorContext(request), { userId: request.params.userId, reason: request.body.reason });
    return { reset: true as const };
  });
}
