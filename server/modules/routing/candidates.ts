import { sql, type SQL } from 'drizzle-orm';
import { AGENT_THRESHOLDS } from '@common/constants';
import type { AgentStatus, BonusType, CustomerSegment, Role } from '@common/enums';
import { WORKER_ROLES } from '@common/schemas/agents';
import { ROUTING_EXCLUSION } from '@common/schemas/routing';
import type { DbOrTx } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import { deriveAgentStatus } from '../agents';
import { effectiveMaxLoad } from '../settings';

/** A person routing may give a request to, as the database holds them at this moment. */
export interface Candidate {
  userId: number;
  fullName: string;
  username: string;
  role: Role;
  accountActive: boolean;
  /** A member of the project at all (a user target may have left it). */
  isMember: boolean;
  /** Takes requests in this project ('Pasifleştir' / 'Aktifleştir'). */
  memberActive: boolean;
  /** Has an open socket in the project (presence writes it). */
  connected: boolean;
  manualStatus: AgentStatus | null;
  lastActivityAt: Date | null;
  load: number;
  maxLoad: number;
  skillBonusTypes: BonusType[];
  skillSegments: CustomerSegment[];
  lastAssignedAt: Date | null;
}

/** Agents and operators: the pool of every strategy but user (the agents screen lists the same people). */
export const inPool = (c: Candidate) => c.isMember && (WORKER_ROLES as readonly string[]).includes(c.role);

/** The status the agents screen would show, from the same inputs (§4). */
export function candidateStatus(c: Candidate, now: Date): AgentStatus {
  return deriveAgentStatus({ sockets: c.connected ? 1 : 0, manualStatus: c.manualStatus, currentLoad: c.load, maxLoad: c.maxLoad, lastActivityAt: c.lastActivityAt, now });
}

/**
 * Every reason the candidate may not be given a request now; empty = eligible. Eligible is:
 * an active account, an active member of the project, presence 'online' (not busy, away or
 * offline), and below capacity. Routing never falls back to anyone else.
 */
export function exclusionReasons(c: Candidate, now: Date): string[] {
  const reasons: string[] = [];
  if (!c.accountActive) reasons.push(ROUTING_EXCLUSION.accountInactive);
  if (!c.isMember) reasons.push(ROUTING_EXCLUSION.notMember);
  else if (!c.memberActive) reasons.push(ROUTING_EXCLUSION.memberInactive);
  if (!c.connected || c.manualStatus === 'offline') reasons.push(ROUTING_EXCLUSION.offline);
  else if (c.manualStatus === 'busy') reasons.push(ROUTING_EXCLUSION.busy);
  else if (c.manualStatus === 'away' || !c.lastActivityAt || now.getTime() - c.lastActivityAt.getTime() >= AGENT_THRESHOLDS.awayAfterMs) {
    reasons.push(ROUTING_EXCLUSION.away);
  }
  if (c.load >= c.maxLoad) reasons.push(ROUTING_EXCLUSION.capacityFull(c.load, c.maxLoad));
  return reasons;
}

/** The skills cover the request: its bonus type, and its segment when it has one. */
export function hasSkills(c: Candidate, bonusType: BonusType, segment: CustomerSegment | null): boolean {
  return c.skillBonusTypes.includes(bonusType) && (segment === null || c.skillSegments.includes(segment));
}

export type CandidateRow = {
  user_id: number;
  full_name: string;
  username: string;
  role: Role;
  account_active: boolean;
  is_member: boolean;
  member_active: boolean | null;
  connected: boolean | null;
  manual_status: AgentStatus | null;
  last_activity_at: string | Date | null;
  load: number;
  max_load: number;
  skill_bonus_types: BonusType[] | string | null;
  skill_segments: CustomerSegment[] | string | null;
  last_assigned_at: string | Date | null;
};

const asDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
/** PGlite and pg both return text[] as arrays; a driver answering '{a,b}' is read too. */
const asArray = <T extends string>(v: T[] | string | null): T[] =>
  Array.isArray(v) ? v : typeof v === 'string' && v.length > 2 ? (v.slice(1, -1).split(',') as T[]) : [];

/**
 * The statement reading the project's members (every role), plus the users `extra` admits (user
 * targets who are not members), with load, capacity, presence and skills; rows for `toCandidate`.
 */
export function candidatesQuery(projectId: number, extra: SQL): SQL {
  return sql`
    select users.id as user_id, users.full_name, users.username, users.role, users.is_active as account_active,
      (m.user_id is not null) as is_member, m.agent_active as member_active, m.connected, users.manual_status,
      users.last_activity_at, coalesce(l.n, 0)::int as load, ${effectiveMaxLoad(projectId)} as max_load,
      m.skill_bonus_types, m.skill_segments, m.last_assigned_at
    from users
    left join project_members m on m.user_id = users.id and m.project_id = ${projectId}
    left join lateral (
      select count(*)::int as n from bonus_requests b
      where b.project_id = ${projectId} and b.assigned_user_id = users.id and b.status in ('assigned', 'in_progress')
    ) l on true
    where m.user_id is not null or ${extra}
    order by users.id`;
}

/** A candidate from a row of `candidatesQuery` (as the driver returns it, or as JSON). */
export function toCandidate(r: CandidateRow): Candidate {
  return {
    userId: Number(r.user_id),
    fullName: r.full_name,
    username: r.username,
    role: r.role,
    accountActive: Boolean(r.account_active),
    isMember: Boolean(r.is_member),
    memberActive: Boolean(r.member_active),
    connected: Boolean(r.connected),
    manualStatus: r.manual_status,
    lastActivityAt: asDate(r.last_activity_at),
    load: Number(r.load),
    maxLoad: Number(r.max_load),
    skillBonusTypes: asArray(r.skill_bonus_types),
    skillSegments: asArray(r.skill_segments),
    lastAssignedAt: asDate(r.last_assigned_at),
  };
}

/** The project's members (every role), plus any extra users named: one statement. */
export async function loadCandidates(db: DbOrTx, projectId: number, extraUserIds: number[] = []): Promise<Candidate[]> {
  const result = await db.execute(candidatesQuery(projectId, sql`users.id = any(${sqlArray(extraUserIds, 'int')})`));
  return (result as unknown as { rows: CandidateRow[] }).rows.map(toCandidate);
}
