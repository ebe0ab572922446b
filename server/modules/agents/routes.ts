import { z } from 'zod';
import { envelope, projectParams } from '@common/schemas/api';
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
} from '@common/schemas/agents';
import { auditListSchema } from '@common/schemas/audit';
import { toggleBody } from '@common/schemas/projects';
import { ok, type App } from '../../types';
import { actorContext } from '../audit/actor';
import { listAuditLogs } from '../audit/list-audit-logs';
import { agentPerformance } from './agent-performance';
import { forceLogout, forceOffline } from './force-agent';
import { getAgent, listAgents } from './list-agents';
import { addAgent, removeAgent, toggleAgent, updateAgent } from './manage-agents';
import { getOwnStatus, setOwnStatus } from './set-own-status';

const tags = ['agents'];

export default async function agentRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/api/projects/:projectId/agents',
    {
      config: { permission: 'agent:read' },
      schema: { tags, summary: 'Agentler (arama, durum, performans)', params: projectParams, querystring: agentListQuery, response: { 200: envelope(agentListSchema) } },
    },
    async (request) => ok(await listAgents(ctx, request.params.projectId, request.query)),
  );

  app.post(
    '/api/projects/:projectId/agents',
    {
      config: { permission: 'agent:manage' },
      schema: { tags, summary: 'Agent ekle (mevcut kullanıcı veya yeni)', params: projectParams, body: agentCreateBody, response: { 200: envelope(agentCreatedSchema) } },
    },
    async (request, reply) => {
      const result = await addAgent(actorContext(request), request.params.projectId, request.body);
      if (result.oneTimePassword) reply.header('cache-control', 'no-store');
      return ok(result);
    },
  );

  app.get(
    '/api/projects/:projectId/agents/:id',
    { config: { permission: 'agent:read' }, schema: { tags, summary: 'Agent', params: agentParams, response: { 200: envelope(agentSchema) } } },
    async (request) => ok(await getAgent(ctx, request.params.projectId, request.params.id)),
  );

  app.put(
    '/api/projects/:projectId/agents/:id',
    {
      config: { permission: 'agent:manage' },
      schema: { tags, summary: 'Agent düzenle (ad, e-posta, kapasite)', params: agentParams, body: agentUpdateBody, response: { 200: envelope(agentSchema) } },
    },
    async (request) => ok(await updateAgent(actorContext(request), request.params.projectId, request.params.id, request.body)),
  );

  app.delete(
    '/api/projects/:projectId/agents/:id',
    {
      config: { permission: 'agent:manage' },
      schema: { tags, summary: 'Agenti projeden çıkar (kullanıcı silinmez)', params: agentParams, response: { 200: envelope(z.object({ id: z.number().int(), removed: z.literal(true) })) } },
    },
    async (request) => {
      await removeAgent(actorContext(request), request.params.projectId, request.params.id);
      return ok({ id: request.params.id, removed: true as const });
    },
  );

  app.patch(
    '/api/projects/:projectId/agents/:id/toggle',
    {
      config: { permission: 'agent:manage' },
      schema: { tags, summary: 'Agenti aktifleştir / pasifleştir', params: agentParams, body: toggleBody, response: { 200: envelope(agentSchema) } },
    },
    async (request) => ok(await toggleAgent(actorContext(request), request.params.projectId, request.params.id, request.body.isActive)),
  );

  app.get(
    '/api/projects/:projectId/agents/:id/performance',
    {
      config: { permission: 'agent:read' },
      schema: { tags, summary: 'Agent performansı', params: agentParams, querystring: performanceQuery, response: { 200: envelope(agentPerformanceSchema) } },
    },
    async (request) => ok(await agentPerformance(ctx, request.params.projectId, request.params.id, request.query.period)),
  );

  app.get(
    '/api/projects/:projectId/agents/:id/logs',
    {
      config: { permission: 'agent:read' },
      schema: { tags, summary: 'Agentin işlem kayıtları', params: agentParams, querystring: agentLogQuery, response: { 200: envelope(auditListSchema) } },
    },
    async (request) => {
      await getAgent(ctx, request.params.projectId, request.params.id);
      return ok(await listAuditLogs(ctx, request.params.projectId, { ...request.query, aboutUserId: request.params.id }));
    },
  );

  app.get(
    '/api/agents/me/status',
    {
      config: { permission: 'agent:set-own-status' },
      schema: { tags, summary: 'Kendi elle seçtiğim durum (null: otomatik)', response: { 200: envelope(ownStatusSchema) } },
    },
    async (request) => ok(await getOwnStatus(actorContext(request))),
  );

  app.put(
    '/api/agents/me/status',
    {
      config: { permission: 'agent:set-own-status' },
      schema: { tags, summary: 'Kendi durumumu ayarla (online: otomatik)', body: ownStatusBody, response: { 200: envelope(ownStatusSchema) } },
    },
    async (request) => ok(await setOwnStatus(actorContext(request), request.body.status)),
  );

  /** §7.4: the force actions keep the spec's paths under /api/auth/admin. */
  app.post(
    '/api/auth/admin/projects/:projectId/agents/:agentId/force-offline',
    {
      config: { permission: 'agent:force' },
      schema: { tags, summary: 'Agenti çevrimdışı yap', params: forceParams, body: forceActionBody, response: { 200: envelope(forceResultSchema) } },
    },
    async (request) => ok(await forceOffline(actorContext(request), request.params.projectId, request.params.agentId, request.body.reason)),
  );

  app.post(
    '/api/auth/admin/projects/:projectId/agents/:agentId/force-logout',
    {
      config: { permission: 'agent:force' },
      schema: { tags, summary: 'Agentin oturumlarını sonlandır', params: forceParams, body: forceActionBody, response: { 200: envelope(forceResultSchema) } },
    },
    async (request) => ok(await forceLogout(actorContext(request), request.params.projectId, request.params.agentId, request.body.reason)),
  );
}
