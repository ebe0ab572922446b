import { z } from 'zod';
import { idParam, projectParams } from '../schemas/api';
import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema } from '../schemas/api-tokens';
import { defineEndpoint } from './define-endpoint';

/** A project's API tokens for machines: admins create them (the token shown once) and revoke them. */
const tags = ['api-tokens'] as const;

export const listApiTokens = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/api-tokens',
  access: 'integration:manage',
  summary: 'Projenin API anahtarları (anahtarın kendisi hiçbir zaman)',
  tags,
  params: projectParams,
  response: z.array(apiTokenSchema),
});

export const createApiToken = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/api-tokens',
  access: 'integration:manage',
  summary: 'API anahtarı oluştur (anahtar yalnızca bu cevapta)',
  tags,
  params: projectParams,
  body: createApiTokenBody,
  response: createdApiTokenSchema,
  errors: ['CONFLICT'],
  status: 201,
});

export const revokeApiToken = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/api-tokens/:tokenId',
  access: 'integration:manage',
  summary: 'API anahtarını iptal et (her sunucuda hemen geçer)',
  tags,
  params: projectParams.extend({ tokenId: idParam }),
  response: apiTokenSchema,
});
