import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PROJECT_MESSAGES, projectFormBody, type Project } from '@common/schemas/projects';
import type { DbOrTx } from '../../db/client';
import { projects, projectSettings } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { encryptSecret } from '../../lib/secrets';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeAudit } from '../audit';
import { loadVisibleProject } from './load-project';
import { readProjectTimeZone } from '../settings';
import { presentProject } from './present-project';

type ProjectForm = z.output<typeof projectFormBody>;

const codeTaken = () => new AppError('CONFLICT', PROJECT_MESSAGES.codeTaken, { code: PROJECT_MESSAGES.codeTaken });

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(sql`lower(${projects.code})`, code.toLowerCase()), exceptId ? ne(projects.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw codeTaken();
}

/** The fields stored as given; the password only as AES-256-GCM ciphertext. */
function columnsOf(input: ProjectForm) {
  return {
    code: input.code,
    name: input.name,
    baseUrl: input.baseUrl,
    dbType: input.dbType,
    dbHost: input.dbHost,
    dbPort: input.dbPort ?? null,
    dbName: input.dbName,
    dbUser: input.dbUser,
    isActive: input.isActive,
  };
}

/** Creates a project with its settings row. */
export async function createProject({ ctx, actor, ipAddress }: ActorContext, input: ProjectForm): Promise<Project> {
  const db = ctx.database.db;
  await assertCodeFree(db, input.code);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({ ...columnsOf(input), dbPasswordEnc: input.dbPassword ? encryptSecret(input.dbPassword, ctx.keys.encryption) : null })
        .returning();
      const [settings] = await tx.insert(projectSettings).values({ projectId: row!.id }).returning({ timezone: projectSettings.timezone });
      await writeAudit(tx, {
        actor: actor,
        action: 'CREATE_PROJECT',
        resourceId: row!.id,
        details: { ...columnsOf(input), credentialSet: Boolean(input.dbPassword) },
        ipAddress,
        projectId: row!.id,
      });
      return presentProject(row!, settings!.timezone, { withConnection: true });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** Edits a project; a blank password leaves the stored one unchanged. */
export async function updateProject({ ctx, actor, ipAddress }: ActorContext, { id, ...input }: { id: number } & ProjectForm): Promise<Project> {
  const db = ctx.database.db;
  try {
    return await db.transaction(async (tx) => {
      const before = await loadVisibleProject(tx, actor, id);
      if (input.code.toLowerCase() !== before.code.toLowerCase()) await assertCodeFree(tx, input.code, id);
      const next = columnsOf(input);
      const [row] = await tx
        .update(projects)
        .set({
          ...next,
          ...(input.dbPassword ? { dbPasswordEnc: encryptSecret(input.dbPassword, ctx.keys.encryption) } : {}),
          updatedAt: ctx.clock.now(),
        })
        .where(eq(projects.id, id))
        .returning();
      await writeAudit(tx, {
        actor: actor,
        action: 'UPDATE_PROJECT',
        resourceId: id,
        details: { code: row!.code, changes: diffFields(before, next), credentialChanged: Boolean(input.dbPassword) },
        ipAddress,
        projectId: id,
      });
      return presentProject(row!, await readProjectTimeZone(tx, id), { withConnection: true });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

export async function toggleProject({ ctx, actor, ipAddress }: ActorContext, { id, isActive }: { id: number; isActive: boolean }): Promise<Project> {
  return ctx.database.db.transaction(async (tx) => {
    const before = await loadVisibleProject(tx, actor, id);
    const [row] = await tx.update(projects).set({ isActive, updatedAt: ctx.clock.now() }).where(eq(projects.id, id)).returning();
    await writeAudit(tx, {
      actor: actor,
      action: 'TOGGLE_PROJECT',
      resourceId: id,
      severity: isActive ? 'medium' : 'high',
      details: { code: row!.code, changes: diffFields(before, { isActive }) },
      ipAddress,
      projectId: id,
    });
    return presentProject(row!, await readProjectTimeZone(tx, id), { withConnection: true });
  });
}

/** Deletes a project with everything that belongs to it (members, requests, sync logs); its audit rows stay. */
export async function deleteProject({ ctx, actor, ipAddress }: ActorContext, { id }: { id: number }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await loadVisibleProject(tx, actor, id);
    await tx.delete(projects).where(eq(projects.id, id));
    await writeAudit(tx, {
      actor: actor,
      action: 'DELETE_PROJECT',
      resourceId: id,
      details: { code: before.code, name: before.name },
      ipAddress,
      projectId: id,
    });
  });
}
