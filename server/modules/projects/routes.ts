import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { seesAllProjects } from '@common/permissions';
import { envelope, idParam } from '@common/schemas/api';
import { projectFormBody, projectListQuery, projectSchema, toggleBody } from '@common/schemas/projects';
import { projectMembers, projects } from '../../db/schema';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { actorContext } from '../audit/actor';
import { loadVisibleProject } from './load-project';
import { createProject, deleteProject, toggleProject, updateProject } from './save-project';
import { projectSearchFilter } from './project-access';
import { presentProject } from './present-project';

const tags = ['projects'];
const idParams = z.object({ id: idParam });

/**
 * Projects are addressed by :id here (spec §7.2), so membership is checked in each
 * handler: a project the caller is not in answers 404 like a missing one.
 */
export default async function projectRoutes(app: App) {
  const db = app.ctx.database.db;

  app.get(
    '/api/projects',
    {
      config: { permission: 'project:read' },
      schema: {
        tags,
        summary: 'Kullanıcının projeleri (super_admin: tümü)',
        querystring: projectListQuery,
        response: { 200: envelope(z.array(projectSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const filter = projectSearchFilter(request.query.search, request.query.status);
      const rows = seesAllProjects(auth.user.role)
        ? await db.select().from(projects).where(filter).orderBy(asc(projects.id))
        : (
            await db
              .select({ project: projects })
              .from(projects)
              .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, auth.user.id)))
              .where(filter)
              .orderBy(asc(projects.id))
          ).map((r) => r.project);
      return ok(rows.map(presentProject));
    },
  );

  app.get(
    '/api/projects/:id',
    { config: { permission: 'project:read' }, schema: { tags, summary: 'Proje', params: idParams, response: { 200: envelope(projectSchema) } } },
    async (request) => ok(presentProject(await loadVisibleProject(db, requireAuth(request).user, request.params.id))),
  );

  app.post(
    '/api/projects',
    { config: { permission: 'project:manage' }, schema: { tags, summary: 'Proje oluştur', body: projectFormBody, response: { 200: envelope(projectSchema) } } },
    async (request) => ok(await createProject(actorContext(request), request.body)),
  );

  app.put(
    '/api/projects/:id',
    {
      config: { permission: 'project:manage' },
      schema: { tags, summary: 'Projeyi düzenle (boş şifre: değişmez)', params: idParams, body: projectFormBody, response: { 200: envelope(projectSchema) } },
    },
    async (request) => ok(await updateProject(actorContext(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/projects/:id/toggle',
    {
      config: { permission: 'project:manage' },
      schema: { tags, summary: 'Projeyi aktifleştir / pasifleştir', params: idParams, body: toggleBody, response: { 200: envelope(projectSchema) } },
    },
    async (request) => ok(await toggleProject(actorContext(request), request.params.id, request.body.isActive)),
  );

  app.delete(
    '/api/projects/:id',
    {
      config: { permission: 'project:manage' },
      schema: { tags, summary: 'Projeyi sil', params: idParams, response: { 200: envelope(z.object({ id: z.number().int(), deleted: z.literal(true) })) } },
    },
    async (request) => {
      await deleteProject(actorContext(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
}
