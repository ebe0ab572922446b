import { and, desc, eq } from 'drizzle-orm';
import { listNotifications } from '@common/contract/settings';
import { notifications } from '../../db/schema';
import { route } from '../../lib/route';
import type { App } from '../../types';

/** 'Son bildirimler': the project's latest outbox rows, newest first. */
export default async function notificationRoutes(app: App) {
  const db = app.ctx.database.db;
  route(app, listNotifications, async (request) => {
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, request.params.projectId)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(request.query.limit);
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      channel: r.channel,
      recipient: r.recipient,
      event: r.event,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  });
}
