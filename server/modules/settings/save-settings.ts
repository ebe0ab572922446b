import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SOCKET_EVENTS } from '@common/socket-events';
import {
  SECURITY_SETTING_FIELDS,
  type projectSettingsBody,
  type systemSettingsBody,
} from '@common/schemas/settings';
import { projectSettings, systemSettings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeAudit } from '../audit';
import { sessionCacheOf } from '../sessions';
import { readProjectSettings, readSystemSettings, type ProjectSettings, type SystemSettings } from './read-settings';

const PROJECT_SETTINGS_MISSING = 'Proje ayarları bulunamadı';

/** Arrays compare by value for the audit diff (diffFields compares with ===). */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const norm = (o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])) as T;
  const diff = diffFields(norm(before), norm(after));
  return Object.fromEntries(Object.keys(diff).map((k) => [k, { before: before[k], after: after[k] }]));
}

/**
 * Saves the system row. The session cache hears the change through migration 0007's trigger
 * (and this instance forgets at once, as after any mutating call), so a new timeout or lockout
 * threshold applies to the very next call.
 */
export async function saveSystemSettings(
  { ctx, actor, ipAddress }: ActorContext,
  input: z.output<typeof systemSettingsBody>,
): Promise<SystemSettings> {
  const saved = await ctx.database.db.transaction(async (tx) => {
    const before = await readSystemSettings(tx);
    await tx
      .update(systemSettings)
      .set({ ...input, updatedAt: ctx.clock.now() })
      .where(eq(systemSettings.id, 1));
    const after = await readSystemSettings(tx);
    const diff = changes({ ...before }, { ...after });
    if (Object.keys(diff).length > 0) {
      await writeAudit(tx, {
        actor: actor,
        action: 'SYSTEM_CONFIG_CHANGE',
        resourceId: 1,
        severity: SECURITY_SETTING_FIELDS.some((f) => f in diff) ? 'high' : 'medium',
        details: { changes: diff },
        ipAddress,
      });
    }
    return after;
  });
  sessionCacheOf(ctx).invalidate();
  ctx.realtime.emitToAll(SOCKET_EVENTS.settingsChanged, { system: true });
  return saved;
}

export async function saveProjectSettings(
  { ctx, actor, ipAddress }: ActorContext,
  projectId: number,
  input: z.output<typeof projectSettingsBody>,
): Promise<ProjectSettings> {
  let capacityRaised = false;
  const saved = await ctx.database.db.transaction(async (tx) => {
    const before = await readProjectSettings(tx, projectId);
    if (!before) throw notFound(PROJECT_SETTINGS_MISSING);
    await tx
      .update(projectSettings)
      .set({ ...input, updatedAt: ctx.clock.now() })
      .where(eq(projectSettings.projectId, projectId));
    const after = (await readProjectSettings(tx, projectId))!;
    const diff = changes({ ...before }, { ...after });
    if (Object.keys(diff).length > 0) {
      await writeAudit(tx, {
        actor: actor,
        action: 'SYSTEM_CONFIG_CHANGE',
        resource: 'project_settings',
        resourceId: projectId,
        details: { changes: diff },
        ipAddress,
        projectId,
      });
    }
    capacityRaised = after.defaultAgentCapacity > before.defaultAgentCapacity;
    return after;
  });
  ctx.realtime.emitToProject(projectId, SOCKET_EVENTS.settingsChanged, { projectId });
  // Agents on the default capacity have room now: waiting requests the rules route to them are handed out.
  ctx.events.publish('settingsChanged', { projectId, capacityRaised });
  return saved;
}
