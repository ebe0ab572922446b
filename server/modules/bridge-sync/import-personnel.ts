import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { SyncRowError } from '@common/schemas/bridge-sync';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { projectMembers, users } from '../../db/schema';
import { writeAudit } from '../audit';
import type { SourceConnection } from './connectors/source-types';
import { checkPersonRow, type ImportedPerson } from './external-contract';
import { SYNC_ACTOR_NAME } from './import-request-batch';
import { usernameIs } from '../../lib/username';
import type { JobProgress } from './job-progress';
import type { SyncLogRow } from './present-sync-log';

const PERSONNEL_PAGE_SIZE = 1_000;
/**
 * Agents created by the sync have no usable password (this is not a valid argon2 hash, so no
 * password ever matches); an admin gives them one with a password reset.
 */
export const NO_PASSWORD_HASH = '!sync:no-password';

class PersonError extends Error {}

/** Creates, links or updates one person; returns how many rows it changed. */
async function upsertPerson(tx: DbOrTx, projectId: number, person: ImportedPerson): Promise<number> {
  let changed = 0;
  const [linked] = await tx
    .select({ userId: projectMembers.userId, agentActive: projectMembers.agentActive })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.externalPersonnelId, person.externalId)));

  let userId = linked?.userId;
  if (userId === undefined) {
    const [byName] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(usernameIs(person.username));
    if (byName && byName.role !== 'agent') throw new PersonError(`"${person.username}" kullanıcı adı agent olmayan bir kullanıcıya ait`);
    if (byName) {
      userId = byName.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({ username: person.username, fullName: person.fullName, email: person.email, role: 'agent', passwordHash: NO_PASSWORD_HASH, mustChangePassword: true })
        .returning({ id: users.id });
      userId = created!.id;
      changed += 1;
      await writeAudit(tx, {
        actor: { id: null, username: SYNC_ACTOR_NAME },
        action: 'CREATE_AGENT',
        resource: 'user',
        resourceId: userId,
        severity: 'low',
        projectId,
        details: { source: 'sync', username: person.username, externalPersonnelId: person.externalId },
      });
    }
    const [member] = await tx
      .select({ externalPersonnelId: projectMembers.externalPersonnelId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    if (member?.externalPersonnelId) throw new PersonError(`"${person.username}" başka bir personel kaydına (${member.externalPersonnelId}) bağlı`);
    if (member) {
      await tx
        .update(projectMembers)
        .set({ externalPersonnelId: person.externalId, agentActive: person.active })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    } else {
      await tx.insert(projectMembers).values({ projectId, userId, externalPersonnelId: person.externalId, agentActive: person.active });
    }
    changed += 1;
  } else if (linked!.agentActive !== person.active) {
    await tx
      .update(projectMembers)
      .set({ agentActive: person.active })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    changed += 1;
  }

  // Name and e-mail follow the project's system; only agents are ever touched.
  const renamed = await tx
    .update(users)
    .set({ fullName: person.fullName, email: person.email, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.role, 'agent'),
        sql`(${users.fullName}, ${users.email}) is distinct from (${person.fullName}::text, ${person.email}::text)`,
      ),
    )
    .returning({ id: users.id });
  return changed + renamed.length;
}

/**
 * The 'personnel' sync type: creates or updates the project's agents from the `personnel` table.
 * Nobody is deleted; members linked to a person who is gone (or inactive) stop taking requests
 * in this project (agentActive = false).
 */
export async function importPersonnel(ctx: AppContext, job: { log: SyncLogRow; source: SourceConnection; progress: JobProgress; signal: AbortSignal }): Promise<void> {
  const { log, source, progress, signal } = job;
  const projectId = log.projectId;
  const seen = new Set<string>();
  const usernames = new Set<string>();
  let after: string | null = null;
  do {
    signal.throwIfAborted();
    const page = await source.readPersonnel(after, PERSONNEL_PAGE_SIZE);
    const failed: SyncRowError[] = [];
    let written = 0;
    for (const row of page.rows) {
      const checked = checkPersonRow(row);
      if (!checked.ok) {
        // A bad row is not a person who left: keep their link active.
        if (checked.externalId) seen.add(checked.externalId);
        failed.push({ externalId: checked.externalId, message: checked.message });
        continue;
      }
      const person = checked.value;
      seen.add(person.externalId);
      if (usernames.has(person.username.toLowerCase())) {
        failed.push({ externalId: person.externalId, message: `"${person.username}" kullanıcı adı birden fazla personel kaydında var` });
        continue;
      }
      usernames.add(person.username.toLowerCase());
      try {
        written += await ctx.database.db.transaction((tx) => upsertPerson(tx, projectId, person));
      } catch (err) {
        if (!(err instanceof PersonError)) throw err;
        failed.push({ externalId: person.externalId, message: err.message });
      }
    }
    progress.add({ read: page.rows.length, written, failed });
    after = page.next;
  } while (after !== null);

  // Only after a complete read: a person missing from a half-read source is not "gone".
  const gone = await ctx.database.db
    .update(projectMembers)
    .set({ agentActive: false })
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        isNotNull(projectMembers.externalPersonnelId),
        eq(projectMembers.agentActive, true),
        seen.size ? notInArray(projectMembers.externalPersonnelId, [...seen]) : undefined,
      ),
    )
    .returning({ userId: projectMembers.userId });
  progress.add({ written: gone.length });
}
