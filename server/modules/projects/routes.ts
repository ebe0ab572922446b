import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { seesAllProjects } from '@common/permissions';
import { envelope } from '@common/schemas/api';
import { projectListQuery, projectSchema } from '@common/schemas/projects';
import { projectMembers, projects } from '../../db/schema';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { projectSearchFilter } from './project-access';
import { presentProject } from './present-project';

export default async function projectRoutes(app: App) {
  const db = app.ctx.database.db;

  app.get(
    '/api/projects',
    {
      config: { permission: 'project:read' },
      schema: {
        tags: ['projects'],
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
}
