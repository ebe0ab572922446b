import { z } from 'zod';
import { idParam, projectParams } from '../schemas/api';
import { toggleBody } from '../schemas/projects';
import {
  deletedSchema,
  projectUserListQuery,
  resetPasswordSchema,
  userCreateBody,
  userListQuery,
  listedUserSchema,
  userListSchema,
  userRoleBody,
  userSchema,
  userUpdateBody,
  userWithPasswordSchema,
} from '../schemas/users';
import { defineEndpoint } from './define-endpoint';

const tags = ['users'] as const;
const params = z.object({ id: idParam });

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  access: 'user:read',
  summary: 'Kullanıcılar (arama, rol, durum, proje)',
  tags,
  // A projectId the caller is not in is answered as not found, as in a path.
  errors: ['NOT_FOUND'],
  query: userListQuery,
  response: userListSchema,
});

export const listProjectUsers = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/users',
  access: 'user:read',
  summary: 'Projenin kullanıcıları',
  tags,
  params: projectParams,
  query: projectUserListQuery,
  response: userListSchema,
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id',
  access: 'user:read',
  summary: 'Kullanıcı (oturumdaki kullanıcının yetkileriyle)',
  tags,
  params,
  response: listedUserSchema,
});

/** Answers the one-time password once (not cached). */
export const createUser = defineEndpoint({
  method: 'POST',
  path: '/api/users',
  access: 'user:manage',
  summary: 'Kullanıcı oluştur',
  tags,
  errors: ['CONFLICT'],
  body: userCreateBody,
  response: userWithPasswordSchema,
});

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/api/users/:id',
  access: 'user:manage',
  summary: 'Kullanıcıyı düzenle',
  tags,
  errors: ['CONFLICT'],
  params,
  body: userUpdateBody,
  response: userSchema,
});

export const toggleUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id/toggle',
  access: 'user:manage',
  summary: 'Kullanıcıyı aktifleştir / pasifleştir',
  tags,
  errors: ['CONFLICT'],
  params,
  body: toggleBody,
  response: userSchema,
});

export const changeUserRole = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id/role',
  access: 'user:manage',
  summary: 'Rol ve aktiflik (rol yönetimi)',
  tags,
  errors: ['CONFLICT'],
  params,
  body: userRoleBody,
  response: userSchema,
});

export const resetUserPassword = defineEndpoint({
  method: 'POST',
  path: '/api/users/:id/reset-password',
  access: 'user:manage',
  summary: 'Tek kullanımlık şifre üret',
  tags,
  params,
  response: resetPasswordSchema,
});

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  access: 'user:manage',
  summary: 'Kullanıcıyı sil',
  tags,
  errors: ['CONFLICT'],
  params,
  response: deletedSchema,
});
