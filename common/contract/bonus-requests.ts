import { projectParams } from '../schemas/api';
import {
  assignRequestBody,
  assignResponse,
  viewedRequestSchema,
  completeRequestBody,
  createRequestBody,
  requestDetailResponse,
  requestListQuery,
  requestListResponse,
  requestParams,
  requestStatsSchema,
  requeueRequestBody,
} from '../schemas/bonus';
import { defineEndpoint } from './define-endpoint';
import { defineRequestMove } from './request-move';

/** Bonus requests of a project (spec §7.3). The desk's own calls are in `request-desk.ts`. */
const tags = ['bonus'] as const;

/**
 * The hottest endpoint: the server sends the items as JSON text the database built, unparsed;
 * the response schema documents that answer (a test parses real answers with it).
 */
export const listRequests = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/requests',
  access: 'request:read',
  apiToken: 'requests:read',
  summary: 'Talep listesi: durum/grup filtresi, arama, sayfalama, sıralama, isteğe bağlı istatistik',
  tags,
  params: projectParams,
  query: requestListQuery,
  response: requestListResponse,
});

export const getRequestStats = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/requests/stats',
  access: 'request:read',
  apiToken: 'requests:read',
  summary: 'Talep istatistikleri (durum sayıları)',
  tags,
  params: projectParams,
  response: requestStatsSchema,
});

export const createRequest = defineEndpoint({
  method: 'POST',
  path: '/api/bonus/projects/:projectId/requests',
  access: 'request:create',
  apiToken: 'requests:create',
  summary: 'Manuel bonus talebi oluştur',
  tags,
  errors: ['CONFLICT'],
  params: projectParams,
  body: createRequestBody,
  response: viewedRequestSchema,
  status: 201,
});

export const getRequestDetail = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/requests/:requestId',
  access: 'request:read',
  apiToken: 'requests:read',
  summary: 'Talep detayı ve zaman çizelgesi',
  tags,
  params: requestParams,
  response: requestDetailResponse,
});

export const claimRequest = defineRequestMove('assign', {
  access: 'request:claim',
  summary: 'Talebi üzerine al (agentId: yönetici başka bir üyeye atayabilir); kapasite doluysa talep ona ayrılır',
  body: assignRequestBody,
  response: assignResponse,
});

export const completeRequest = defineRequestMove('complete', {
  access: 'request:complete',
  apiToken: 'requests:complete',
  summary: 'Talebi tamamla (üstlenen kişi veya yönetici)',
  body: completeRequestBody,
  response: viewedRequestSchema,
});

export const requeueRequest = defineRequestMove('requeue', {
  access: 'request:requeue-own',
  summary: 'Talebi tekrar sıraya al (varsayılan sebep: manual_requeue); agent yalnızca kendi talebini',
  body: requeueRequestBody,
  response: viewedRequestSchema,
});
