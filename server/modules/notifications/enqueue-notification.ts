import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Role } from '@common/enums';
import type { NotificationEvent } from '@common/schemas/settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications, projectMembers, projects, users } from '../../db/schema';
import { readProjectSettings, readSystemSettings } from '../settings';
import { transportsOf } from '../settings';
import { composeNotification } from './notification-messages';

/** Who hears about a project's events unless the event names its own audience: its active managers and admins. */
const RECIPIENT_ROLES = ['admin', 'manager'] as const;

export interface EnqueueInput {
  projectId: number;
  event: NotificationEvent;
  lines: string[];
  /** Same key → told once (e.g. 'request_waiting:42'); recipient and channel are appended. */
  dedupeKey?: string;
  /** The project's active members with one of these roles instead, leaving out `except` (e.g. the person who asked). */
  audience?: { roles: readonly Role[]; except?: number | null };
}

/**
 * Writes the event's outbox rows (one per recipient and enabled channel). Call it inside the
 * transaction of the event, so the notification exists exactly when the event does; the
 * worker delivers it after the commit. Returns how many rows were written.
 */
export async function enqueueNotification(ctx: AppContext, tx: DbOrTx, input: EnqueueInput): Promise<number> {
  const settings = await readProjectSettings(tx, input.projectId);
  if (!settings) return 0;
  const transports = transportsOf(ctx.config);
  const email = settings.emailNotifications && transports.email;
  const sms = settings.smsNotifications && transports.sms;
  if (!email && !sms) return 0;

  const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, input.projectId));
  if (!project) return 0;
  const recipients = await tx
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        eq(projectMembers.projectId, input.projectId),
        eq(users.isActive, true),
        inArray(users.role, [...(input.audience?.roles ?? RECIPIENT_ROLES)]),
        input.audience?.except != null ? ne(users.id, input.audience.except) : undefined,
      ),
    );
  const { appName } = await readSystemSettings(tx);
  const message = composeNotification(input.event, appName, { projectName: project.name, lines: input.lines });

  const now = ctx.clock.now();
  const rows: (typeof notifications.$inferInsert)[] = [];
  const key = (channel: string, userId: number) => (input.dedupeKey ? `${input.dedupeKey}:${channel}:${userId}` : null);
  for (const r of recipients) {
    const base = { projectId: input.projectId, event: input.event, recipientUserId: r.id, subject: message.subject, createdAt: now, nextAttemptAt: now };
    if (email && r.email) rows.push({ ...base, channel: 'email', recipient: r.email, textBody: message.text, htmlBody: message.html, dedupeKey: key('email', r.id) });
    if (sms && r.phone) rows.push({ ...base, channel: 'sms', recipient: r.phone, textBody: message.sms, htmlBody: null, dedupeKey: key('sms', r.id) });
  }
  if (rows.length === 0) return 0;
  const written = await tx.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id });
  return written.length;
}
