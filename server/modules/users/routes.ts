import { z } from 'zod';
import { envelope, idParam, projectParams } from '@common/schemas/api';
import { toggleBody } from '@common/schemas/projects';
import {
  deletedSchema,
  projectUserListQuery,
  resetPasswordSchema,
  userCreateBody,
  userListQuery,
  userListSchema,
  userRoleBody,
  userSchema,
  userUpdateBody,
  userWithPasswordSchema,
} from '@common/schemas/users';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { actorContext } from '../audit/actor';
import { changeUserAccess } from './change-user-access';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { listUsers } from './list-users';
import { presentUser } from './present-user';
import { resetUserPassword } from './reset-user-password';
import { updateUser } from './update-user';
import { projectsOfUsers } from './user-memberships';
import { loadVisibleUser } from './user-policy';

const tags = ['users'];
const idParams = z.object({ id: idParam });
/** Responses carrying a one-time password must not be kept by any cache. */
const NO_STORE = 'no-store';

export default async function userRoutes(app: App) {
  const db = app.ctx.database.db;

  app.get(
    '/api/users',
    {
      config: { permission: 'user:read' },
      schema: { tags, summary: 'Kullanıcılar (arama, rol, durum, proje)', querystring: userListQuery, response: { 200: envelope(userListSchema) } },
    },
    async (request) => ok(await listUsers(db, requireAuth(request).user, request.query)),
  );

  app.get(
    '/api/projects/:projectId/users',
    {
      config: { permission: 'user:read' },
      schema: { tags, summary: 'Projenin kullanıcıları', params: projectParams, querystring: projectUserListQuery, response: { 200: envelope(userListSchema) } },
    },
    async (request) => ok(await listUsers(db, requireAuth(request).user, { ...request.query, projectId: request.params.projectId })),
  );

  app.get(
    '/api/users/:id',
    { config: { permission: 'user:read' }, schema: { tags, summary: 'Kullanıcı', params: idParams, response: { 200: envelope(userSchema) } } },
    async (request) => {
      const target = await loadVisibleUser(db, requireAuth(request).user, request.params.id);
      const projects = await projectsOfUsers(db, [target.row.id], target.actorScope);
      return ok(presentUser(target.row, projects.get(target.row.id) ?? []));
    },
  );

  app.post(
    '/api/users',
    {
      config: { permission: 'user:manage' },
      schema: { tags, summary: 'Kullanıcı oluştur', body: userCreateBody, response: { 200: envelope(userWithPasswordSchema) } },
    },
    async (request, reply) => {
      const result = await createUser(actorContext(request), request.body);
      if (result.oneTimePassword) reply.header('cache-control', NO_STORE);
      return ok(result);
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: 'user:manage' },
      schema: { tags, summary: 'Kullanıcıyı düzenle', params: idParams, body: userUpdateBody, response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await updateUser(actorContext(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/users/:id/toggle',
    {
      config: { permission: 'user:manage' },
      schema: { tags, summary: 'Kullanıcıyı aktifleştir / pasifleştir', params: idParams, body: toggleBody, response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await changeUserAccess(actorContext(request), request.params.id, { isActive: request.body.isActive })),
  );

  app.patch(
    '/api/users/:id/role',
    {
      config: { permission: 'user:manage' },
      schema: { tags, summary: 'Rol ve aktiflik (rol yönetimi)', params: idParams, body: userRoleBody, response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await changeUserAccess(actorContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/users/:id/reset-password',
    {
      config: { permission: 'user:manage' },
      schema: { tags, summary: 'Tek kullanımlık şifre üret', params: idParams, response: { 200: envelope(resetPasswordSchema) } },
    },
    async (request, reply) => {
      const oneTimePassword = await resetUserPassword(actorContext(request), request.params.id);
      reply.header('cache-control', NO_STORE);
      return ok({ oneTimePassword });
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { permission: 'user:manage' }, schema: { tags, summary: 'Kullanıcıyı sil', params: idParams, response: { 200: envelope(deletedSchema) } } },
    async (request) => {
      await deleteUser(actorContext(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
}
