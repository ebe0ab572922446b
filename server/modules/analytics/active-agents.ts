import { ACTIVE_STATUSES } from '@common/enums';
import { WORKER_ROLES } from '@common/schemas/agents';
import type { AppContext } from '../../context';
import { deriveAgentStatus } from '../agents';

interface MemberRow {
  id: number;
  manual_status: 'online' | 'busy' | 'away' | 'offline' | null;
  max_load: number;
  last_activity_at: Date | string | null;
  load: number;
}

/**
 * Members of the project online or busy now (§4 agent status). Only members with a socket in
 * the project's room can be either, so only they are read: no per-member work for the offline.
 */
export async function countActiveAgents(ctx: AppContext, projectId: number, sockets?: Map<number, number>): Promise<number> {
  const byUser = sockets ?? (await ctx.realtime.projectSocketsByUser(projectId));
  if (byUser.size === 0) return 0;
  const rows = await ctx.database.query<MemberRow>(
    `select u.id, u.manual_status,
       coalesce(u.max_load, (select s.default_agent_capacity from project_settings s where s.project_id = $1), 5) max_load,
       u.last_activity_at,
       (select count(*)::int from bonus_requests r where r.project_id = $1 and r.assigned_user_id = u.id and r.status = any($3::text[])) load
     from users u join project_members m on m.user_id = u.id and m.project_id = $1
     where u.id = any($2::int[]) and u.is_active and m.agent_active and u.role = any($4::text[])`,
    [projectId, [...byUser.keys()], [...ACTIVE_STATUSES], [...WORKER_ROLES]],
  );
  const now = ctx.clock.now();
  return rows.filter((r) => {
    const status = deriveAgentStatus({
      sockets: byUser.get(r.id) ?? 0,
      manualStatus: r.manual_status,
      currentLoad: Number(r.load),
      maxLoad: r.max_load,
      lastActivityAt: r.last_activity_at === null ? null : new Date(r.last_activity_at),
      now,
    });
    return status === 'online' || status === 'busy';
  }).length;
}
