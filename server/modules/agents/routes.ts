import * as contract from '@common/contract/agents';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { listAuditLogs } from '../audit';
import { projectTimeZone } from '../../policies/authorize';
import { agentPerformance } from './agent-performance';
import { forceLogout, forceOffline } from './force-agent';
import { getAgent, listAgents } from './list-agents';
import { addAgent, removeAgent, toggleAgent, updateAgent } from './manage-agents';
import { getOwnStatus, setOwnStatus } from './set-own-status';

export default async function agentRoutes(app: App) {
  const ctx = app.ctx;

  route(app, contract.listAgents, async (request) => listAgents(ctx, requireAuth(request).user, request.params.projectId, request.query));
  route(app, contract.addAgent, async (request, reply) => {
    const result = await addAgent(actorContext(request), { projectId: request.params.projectId, ...request.body });
    // A one-time password must not be kept by any cache.
    if (result.oneTimePassword) reply.header('cache-control', 'no-store');
    return result;
  });
  route(app, contract.getAgent, async (request) => getAgent(ctx, request.params.projectId, request.params.id));
  route(app, contract.updateAgent, async (request) =>
    updateAgent(actorContext(request), { projectId: request.params.projectId, userId: request.params.id, ...request.body }),
  );
  route(app, contract.removeAgent, async (request) => {
    await removeAgent(actorContext(request), { projectId: request.params.projectId, userId: request.params.id });
    return { id: request.params.id, removed: true as const };
  });
  route(app, contract.toggleAgent, async (request) =>
    toggleAgent(actorContext(request), { projectId: request.params.projectId, userId: request.params.id, isActive: request.body.isActive }),
  );
  route(app, contract.getAgentPerformance, async (request) =>
    agentPerformance(ctx, request.params.projectId, request.params.id, request.query.period),
  );
  route(app, contract.listAgentLogs, async (request) => {
    await getAgent(ctx, request.params.projectId, request.params.id);
    return listAuditLogs(ctx, { projectId: request.params.projectId, timeZone: projectTimeZone(request) }, { ...request.query, aboutUserId: request.params.id });
  });
  route(app, contract.getOwnStatus, async (request) => getOwnStatus(actorContext(request)));
  route(app, contract.setOwnStatus, async (request) => setOwnStatus(actorContext(request), { status: request.body.status }));
  route(app, contract.forceAgentOffline, async (request) =>
    forceOffline(actorContext(request), { projectId: request.params.projectId, agentId: request.params.agentId, reason: request.body.reason }),
  );
  route(app, contract.forceAgentLogout, async (request) =>
    forceLogout(actorContext(request), { projectId: request.params.projectId, agentId: request.params.agentId, reason: request.body.reason }),
  );
}
