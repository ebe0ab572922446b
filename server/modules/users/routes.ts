import * as contract from '@common/contract/users';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { changeUserAccess } from './change-user-access';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { listUsers } from './list-users';
import { resetUserPassword } from './reset-user-password';
import { updateUser } from './update-user';
import { getVisibleUser } from './user-policy';

/** Responses carrying a one-time password must not be kept by any cache. */
const NO_STORE = 'no-store';

export default async function userRoutes(app: App) {
  const db = app.ctx.database.db;

  route(app, contract.listUsers, async (request) => listUsers(db, requireAuth(request).user, request.query));
  route(app, contract.listProjectUsers, async (request) =>
    listUsers(db, requireAuth(request).user, { ...request.query, projectId: request.params.projectId }),
  );
  route(app, contract.getUser, async (request) => getVisibleUser(db, requireAuth(request).user, request.params.id));
  route(app, contract.createUser, async (request, reply) => {
    const result = await createUser(actorContext(request), request.body);
    if (result.oneTimePassword) reply.header('cache-control', NO_STORE);
    return result;
  });
  route(app, contract.updateUser, async (request) => updateUser(actorContext(request), { id: request.params.id, ...request.body }));
  route(app, contract.toggleUser, async (request) =>
    changeUserAccess(actorContext(request), { id: request.params.id, isActive: request.body.isActive }),
  );
  route(app, contract.changeUserRole, async (request) => changeUserAccess(actorContext(request), { id: request.params.id, ...request.body }));
  route(app, contract.resetUserPassword, async (request, reply) => {
    const oneTimePassword = await resetUserPassword(actorContext(request), { id: request.params.id });
    reply.header('cache-control', NO_STORE);
    return { oneTimePassword };
  });
  route(app, contract.deleteUser, async (request) => {
    await deleteUser(actorContext(request), { id: request.params.id });
    return { id: request.params.id, deleted: true as const };
  });
}
