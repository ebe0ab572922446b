import { can } from '@common/permissions';
import * as contract from '@common/contract/projects';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { listProjects } from './list-projects';
import { loadVisibleProject } from './load-project';
import { readProjectTimeZone } from '../settings';
import { presentProject } from './present-project';
import { createProject, deleteProject, toggleProject, updateProject } from './save-project';

/**
 * Projects are addressed by :id here (spec §7.2), so membership is checked in each
 * service: a project the caller is not in answers 404 like a missing one.
 */
export default async function projectRoutes(app: App) {
  const db = app.ctx.database.db;

  route(app, contract.listProjects, async (request) => listProjects(db, requireAuth(request).user, request.query));
  route(app, contract.getProject, async (request) => {
    const { user } = requireAuth(request);
    const project = await loadVisibleProject(db, user, request.params.id);
    return presentProject(project, await readProjectTimeZone(db, project.id), { withConnection: can(user.role, 'project:manage') });
  });
  route(app, contract.createProject, async (request) => createProject(actorContext(request), request.body));
  route(app, contract.updateProject, async (request) => updateProject(actorContext(request), { id: request.params.id, ...request.body }));
  route(app, contract.toggleProject, async (request) => toggleProject(actorContext(request), { id: request.params.id, isActive: request.body.isActive }));
  route(app, contract.deleteProject, async (request) => {
    await deleteProject(actorContext(request), { id: request.params.id });
    return { id: request.params.id, deleted: true as const };
  });
}
