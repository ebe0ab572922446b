import type { AccessRule } from '../../test/access-rules';

/** Manager and above read and manage routing rules; agents and operators cannot see them (issue 11). */
const MANAGERS = ['super_admin', 'admin', 'manager'] as const;
const base = '/api/projects/:projectId/routing-rules';

export const accessRules: AccessRule[] = [
  { method: 'GET', url: base, roles: MANAGERS },
  { method: 'POST', url: base, roles: MANAGERS },
  { method: 'GET', url: `${base}/stats`, roles: MANAGERS },
  { method: 'GET', url: `${base}/targets`, roles: MANAGERS },
  { method: 'POST', url: `${base}/reorder`, roles: MANAGERS },
  { method: 'POST', url: `${base}/simulate`, roles: MANAGERS },
  { method: 'GET', url: `${base}/:id`, roles: MANAGERS },
  { method: 'PUT', url: `${base}/:id`, roles: MANAGERS },
  { method: 'DELETE', url: `${base}/:id`, roles: MANAGERS },
  { method: 'PATCH', url: `${base}/:id/toggle`, roles: MANAGERS },
  { method: 'POST', url: `${base}/:id/test`, roles: MANAGERS },
  { method: 'GET', url: '/api/projects/:projectId/agent-skills', roles: MANAGERS },
  { method: 'PUT', url: '/api/projects/:projectId/agents/:userId/skills', roles: MANAGERS },
];
