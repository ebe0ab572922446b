import { z } from 'zod';
import { projectParams } from '../schemas/api';
import {
  agentCreateBody,
  agentCreatedSchema,
  agentListQuery,
  agentListSchema,
  agentLogQuery,
  agentParams,
  agentPerformanceSchema,
  agentSchema,
  agentUpdateBody,
  forceActionBody,
  forceParams,
  forceResultSchema,
  ownStatusBody,
  ownStatusSchema,
  performanceQuery,
} from '../schemas/agents';
import { auditListSchema } from '../schemas/audit';
import { toggleBody } from '../schemas/projects';
import { defineEndpoint } from './define-endpoint';

const tags = ['agents'] as const;

export const listAgents = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/agents',
  access: 'agent:read',
  summary: 'Agentler (arama, durum, performans)',
  tags,
  params: projectParams,
  query: agentListQuery,
  response: agentListSchema,
});

/** Answers a one-time password once when a new user was made (not cached). */
export const addAgent = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/agents',
  access: 'agent:manage',
  summary: 'Agent ekle (mevcut kullanıcı veya yeni)',
  tags,
  errors: ['CONFLICT'],
  params: projectParams,
  body: agentCreateBody,
  response: agentCreatedSchema,
});

export const getAgent = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/agents/:id',
  access: 'agent:read',
  summary: 'Agent',
  tags,
  params: agentParams,
  response: agentSchema,
});

export const updateAgent = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/agents/:id',
  access: 'agent:manage',
  summary: 'Agent düzenle (ad, e-posta, kapasite)',
  tags,
  errors: ['CONFLICT'],
  params: agentParams,
  body: agentUpdateBody,
  response: agentSchema,
});

export const removeAgent = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/agents/:id',
  access: 'agent:manage',
  summary: 'Agenti projeden çıkar (kullanıcı silinmez)',
  tags,
  errors: ['CONFLICT'],
  params: agentParams,
  response: z.object({ id: z.number().int(), removed: z.literal(true) }),
});

export const toggleAgent = defineEndpoint({
  method: 'PATCH',
  path: '/api/projects/:projectId/agents/:id/toggle',
  access: 'agent:manage',
  summary: 'Agenti aktifleştir / pasifleştir',
  tags,
  errors: ['CONFLICT'],
  params: agentParams,
  body: toggleBody,
  response: agentSchema,
});

export const getAgentPerformance = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/agents/:id/performance',
  access: 'agent:read',
  summary: 'Agent performansı',
  tags,
  params: agentParams,
  query: performanceQuery,
  response: agentPerformanceSchema,
});

export const listAgentLogs = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/agents/:id/logs',
  access: 'agent:read',
  summary: 'Agentin işlem kayıtları',
  tags,
  params: agentParams,
  query: agentLogQuery,
  response: auditListSchema,
});

export const getOwnStatus = defineEndpoint({
  method: 'GET',
  path: '/api/agents/me/status',
  access: 'agent:set-own-status',
  summary: 'Kendi elle seçtiğim durum (null: otomatik)',
  tags,
  response: ownStatusSchema,
});

export const setOwnStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/agents/me/status',
  access: 'agent:set-own-status',
  summary: 'Kendi durumumu ayarla (online: otomatik)',
  tags,
  body: ownStatusBody,
  response: ownStatusSchema,
});

/** §7.4: the force actions keep the spec's paths under /api/auth/admin. */
export const forceAgentOffline = defineEndpoint({
  method: 'POST',
  path: '/api/auth/admin/projects/:projectId/agents/:agentId/force-offline',
  access: 'agent:force',
  summary: 'Agenti çevrimdışı yap',
  tags,
  params: forceParams,
  body: forceActionBody,
  response: forceResultSchema,
});

export const forceAgentLogout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/admin/projects/:projectId/agents/:agentId/force-logout',
  access: 'agent:force',
  summary: 'Agentin oturumlarını sonlandır',
  tags,
  params: forceParams,
  body: forceActionBody,
  response: forceResultSchema,
});
