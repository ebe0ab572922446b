import { envelope, projectParams } from '@common/schemas/api';
import {
  BONUS_MESSAGES,
  assignRequestBody,
  assignResponse,
  bonusRequestSchema,
  completeRequestBody,
  createRequestBody,
  requestDetailResponse,
  requestListQuery,
  requestListResponse,
  requestParams,
  requestStatsSchema,
  requeueRequestBody,
} from '@common/schemas/bonus';
import { getMyQueue, undoRequestMove } from '@common/contract/request-desk';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { claimRequest } from './claim-request';
import { completeRequest } from './complete-request';
import { createManualRequest } from './create-request';
import { getRequest } from './get-request';
import { listRequests, serializeRequestListPage } from './list-requests';
import { requestStats } from './request-stats';
import { myQueue } from './my-queue';
import { requeueRequest } from './requeue-request';
import { undoRequest } from './undo-request';

const BASE = '/api/bonus/projects/:projectId/requests';
const tags = ['bonus'];

/** The signed-in user as the actor of a change, with the address for the audit row. */
function actorOf(request: FastifyRequest) {
  const { user } = requireAuth(request);
  return { id: user.id, username: user.username, fullName: user.fullName, role: user.role, ipAddress: request.ip };
}

/** Bonus requests of a project (spec §7.3); membership and role are checked before these run. */
export default async function bonusRoutes(app: App) {
  const ctx = app.ctx;
  const db = ctx.database.db;

  app.get(
    BASE,
    {
      config: { permission: 'request:read' },
      schema: {
        tags,
        summary: 'Talep listesi: durum/grup filtresi, arama, sayfalama, sıralama, isteğe bağlı istatistik',
        params: projectParams,
        querystring: requestListQuery,
        response: { 200: envelope(requestListResponse) },
      },
    },
    // The hottest endpoint: the items arrive as JSON text built by the database and are sent
    // as they are (a test parses real responses with the schema above, which documents them).
    async (request, reply) => {
      const page = await listRequests(db, request.params.projectId, request.query);
      return reply.type('application/json; charset=utf-8').send(serializeRequestListPage(page) as never);
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      config: { permission: 'request:read' },
      schema: { tags, summary: 'Talep istatistikleri (durum sayıları)', params: projectParams, response: { 200: envelope(requestStatsSchema) } },
    },
    async (request) => ok(await requestStats(db, request.params.projectId)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'request:create' },
      schema: {
        tags,
        summary: 'Manuel bonus talebi oluştur',
        params: projectParams,
        body: createRequestBody,
        response: { 201: envelope(bonusRequestSchema) },
      },
    },
    async (request, reply) => {
      const created = await createManualRequest(ctx, { projectId: request.params.projectId, actor: actorOf(request), body: request.body });
      return reply.status(201).send(ok(created));
    },
  );

  app.get(
    `${BASE}/:requestId`,
    {
      config: { permission: 'request:read' },
      schema: { tags, summary: 'Talep detayı ve zaman çizelgesi', params: requestParams, response: { 200: envelope(requestDetailResponse) } },
    },
    async (request) => ok(await getRequest(db, request.params.projectId, request.params.requestId)),
  );

  app.post(
    `${BASE}/:requestId/assign`,
    {
      config: { permission: 'request:claim' },
      schema: {
        tags,
        summary: 'Talebi üzerine al (agentId: yönetici başka bir üyeye atayabilir); kapasite doluysa kuyruğa alınır',
        params: requestParams,
        body: assignRequestBody,
        response: { 200: envelope(assignResponse) },
      },
    },
    async (request) =>
      ok(
        await claimRequest(ctx, {
          projectId: request.params.projectId,
          requestId: request.params.requestId,
          actor: actorOf(request),
          agentId: request.body?.agentId,
        }),
      ),
  );

  app.post(
    `${BASE}/:requestId/complete`,
    {
      config: { permission: 'request:complete' },
      schema: { tags, summary: 'Talebi tamamla (üstlenen kişi veya yönetici)', params: requestParams, body: completeRequestBody, response: { 200: envelope(bonusRequestSchema) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const completedBy = request.body?.completedBy;
      if (completedBy !== undefined && completedBy !== actor.id) {
        throw validationError({ completedBy: BONUS_MESSAGES.completedByNotCaller }, BONUS_MESSAGES.completedByNotCaller);
      }
      return ok(
        await completeRequest(ctx, {
          projectId: request.params.projectId,
          requestId: request.params.requestId,
          actor,
          notes: request.body?.notes,
          confirmAmount: request.body?.confirmAmount,
        }),
      );
    },
  );

  app.post(
    `${BASE}/:requestId/requeue`,
    {
      config: { permission: 'request:requeue-own' },
      schema: { tags, summary: 'Talebi tekrar sıraya al (varsayılan sebep: manual_requeue); ajan yalnızca kendi talebini', params: requestParams, body: requeueRequestBody, response: { 200: envelope(bonusRequestSchema) } },
    },
    async (request) =>
      ok(
        await requeueRequest(ctx, {
          projectId: request.params.projectId,
          requestId: request.params.requestId,
          actor: actorOf(request),
          reason: request.body?.reason,
        }),
      ),
  );

  route(app, getMyQueue, async (request) => myQueue(db, request.params.projectId, requireAuth(request as never).user.id));
  route(app, undoRequestMove, async (request) =>
    undoRequest(ctx, { projectId: request.params.projectId, requestId: request.params.requestId, actor: actorOf(request as never), ...request.body }),
  );
}
