import { z } from 'zod';
import { idParam } from '../schemas/api';
import { projectFormBody, projectListQuery, projectSchema, toggleBody } from '../schemas/projects';
import { defineEndpoint } from './define-endpoint';

/**
 * Projects are addressed by :id here (spec §7.2), not :projectId, so membership is checked by
 * each handler: a project the caller is not in answers 404 like a missing one.
 */
const tags = ['projects'] as const;
const params = z.object({ id: idParam });

export const listProjects = defineEndpoint({
  method: 'GET',
  path: '/api/projects',
  access: 'project:read',
  summary: 'Kullanıcının projeleri (super_admin: tümü)',
  tags,
  query: projectListQuery,
  response: z.array(projectSchema),
});

export const getProject = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id',
  access: 'project:read',
  summary: 'Proje',
  tags,
  params,
  response: projectSchema,
});

export const createProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects',
  access: 'project:manage',
  summary: 'Proje oluştur',
  tags,
  errors: ['CONFLICT'],
  body: projectFormBody,
  response: projectSchema,
});

export const updateProject = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:id',
  access: 'project:manage',
  summary: 'Projeyi düzenle (boş şifre: değişmez)',
  tags,
  errors: ['CONFLICT'],
  params,
  body: projectFormBody,
  response: projectSchema,
});

export const toggleProject = defineEndpoint({
  method: 'PATCH',
  path: '/api/projects/:id/toggle',
  access: 'project:manage',
  summary: 'Projeyi aktifleştir / pasifleştir',
  tags,
  params,
  body: toggleBody,
  response: projectSchema,
});

export const deleteProject = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:id',
  access: 'project:manage',
  summary: 'Projeyi sil',
  tags,
  params,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});
