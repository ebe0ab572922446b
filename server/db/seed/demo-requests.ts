import { sql } from 'drizzle-orm';
import { BONUS_TYPES, type BonusType, type CustomerSegment, type RequestStatus } from '@common/enums';
import type { DbOrTx } from '../client';
import type { HistoricalAuditEntry } from '../../modules/audit';
import { demoAuditEntries, type SeedEvent } from './demo-audit';
import { DEMO_PROJECTS, DEMO_USERS, type DemoOrganisation } from './demo-organisation';
import {
  BONUS_KINDS,
  CANCEL_REASONS,
  COMPLETION_NOTES,
  ERROR_REASONS,
  FIRST_NAMES,
  LAST_NAMES,
  seededRandom,
  usernameOf,
  type Random,
} from './demo-request-vocabulary';

/** Requests per demo project (GOLD, YILDIZ, KRAL). */
export const DEMO_REQUEST_COUNTS = [3200, 2800, 2400] as const;
const DAYS = 60;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Active requests per handler stay below the default capacity, so demo users can still claim. */
const DEMO_ACTIVE_PER_HANDLER = 3;

type Handler = { id: number; weight: number };
type Customer = { id: string; name: string; username: string; vip: boolean };

function handlersOf(projectIndex: number, userIds: Record<string, number>): Handler[] {
  const weights: Partial<Record<string, number>> = { agent: 5, operator: 2, manager: 1, admin: 1 };
  const members = DEMO_USERS.filter((u) => u.projects.includes(projectIndex) && u.role !== 'super_admin');
  // Admins only handle requests where there is nobody else.
  const pool = members.filter((u) => u.role !== 'admin' || members.filter((m) => m.role === 'agent').length < 3);
  return pool.map((u) => ({ id: userIds[u.username]!, weight: weights[u.role] ?? 1 }));
}

function pickWeighted(random: Random, handlers: Handler[]): Handler {
  let r = random.next() * handlers.reduce((s, h) => s + h.weight, 0);
  for (const h of handlers) if ((r -= h.weight) < 0) return h;
  return handlers[handlers.length - 1]!;
}

function customersOf(random: Random, n: number): Customer[] {
  return Array.from({ length: n }, () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return { id: String(random.int(1_000_000, 9_999_999)), name: `${first} ${last}`, username: usernameOf(first, last, random), vip: random.chance(0.1) };
  });
}

/** Money in TRY: log-spread between the type's bounds, mostly round figures. */
function amountOf(random: Random, type: BonusType, vip: boolean): string {
  const { min, max } = BONUS_KINDS[type];
  const value = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min))) * (vip ? 2 : 1);
  const cents = random.chance(0.6) ? 0 : random.chance(0.5) ? 50 : random.int(1, 99);
  return `${Math.floor(value)}.${String(cents).padStart(2, '0')}`;
}

/**
 * The customer's segment (issue 11), read off the customer rather than drawn, so the seeded
 * figures stay what they were: VIP customers are 'vip'; of the others about 10% 'high_risk',
 * 15% 'new', the rest 'regular'.
 */
function segmentOf(customer: Customer): CustomerSegment {
  if (customer.vip) return 'vip';
  const bucket = Number(customer.id) % 20;
  return bucket < 2 ? 'high_risk' : bucket < 5 ? 'new' : 'regular';
}

function priorityOf(random: Random, vip: boolean): number {
  if (vip) return random.int(8, 10);
  return random.pick([1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7]);
}

/** Where a request of this age ends up: recent ones wait or are being handled, old ones are done. */
function finalStatusOf(random: Random, ageMs: number): RequestStatus {
  const r = random.next();
  if (ageMs < 3 * HOUR) return r < 0.5 ? random.pick(['new', 'queued', 'queued'] as const) : r < 0.75 ? random.pick(['assigned', 'in_progress'] as const) : 'completed';
  if (ageMs < 24 * HOUR) return r < 0.08 ? 'queued' : r < 0.14 ? 'assigned' : r < 0.92 ? 'completed' : r < 0.96 ? 'cancelled' : 'error';
  return r < 0.003 ? 'queued' : r < 0.91 ? 'completed' : r < 0.96 ? 'cancelled' : 'error';
}

/** One demo request and its timeline, walking the same moves the state machine allows. */
function simulate(random: Random, ctx: { createdAt: Date; now: Date; handlers: Handler[]; load: Map<number, number>; creators: number[] }) {
  const { createdAt, now } = ctx;
  const age = now.getTime() - createdAt.getTime();
  const manual = random.chance(0.2);
  const initial: RequestStatus = manual ? 'new' : 'queued';
  let status = finalStatusOf(random, age);
  // A waiting request still has the status it arrived with (manual: new, imported: queued).
  if (status === 'new' || status === 'queued') status = initial;
  const creator = manual ? random.pick(ctx.creators) : null;
  const events: SeedEvent[] = [{ type: 'created', actor: creator, from: null, to: initial, at: createdAt }];
  // Each step happens a little after the previous one, never after now.
  let t = createdAt.getTime();
  const step = (minMinutes: number, maxMinutes: number) => {
    const room = Math.max(0, now.getTime() - t - MINUTE);
    t += Math.min(room, random.int(minMinutes, maxMinutes) * MINUTE * random.next() + minMinutes * MINUTE);
    return new Date(t);
  };

  let handler: Handler | undefined;
  if (status === 'assigned' || status === 'in_progress') {
    const free = ctx.handlers.filter((h) => (ctx.load.get(h.id) ?? 0) < DEMO_ACTIVE_PER_HANDLER);
    if (free.length === 0) status = 'queued';
    else {
      handler = pickWeighted(random, free);
      ctx.load.set(handler.id, (ctx.load.get(handler.id) ?? 0) + 1);
    }
  } else if (status === 'completed' || status === 'error') {
    handler = pickWeighted(random, ctx.handlers);
  }
  const row = {
    status,
    source: manual ? ('manual' as const) : ('sync' as const),
    createdBy: creator,
    assignedUserId: null as number | null,
    assignedBy: null as number | null,
    assignedAt: null as Date | null,
    completedBy: null as number | null,
    completedAt: null as Date | null,
    completionNotes: null as string | null,
    requeueReason: null as string | null,
  };

  if ((status === 'new' || status === 'queued') && random.chance(0.15)) {
    // Taken once, then put back in the queue.
    const first = pickWeighted(random, ctx.handlers);
    events.push({ type: 'assigned', actor: first.id, from: initial, to: 'assigned', assignee: first.id, at: step(1, 20) });
    events.push({ type: 'requeued', actor: random.pick(ctx.creators), from: 'assigned', to: 'queued', reason: 'manual_requeue', at: step(1, 30) });
    row.status = 'queued';
    row.requeueReason = 'manual_requeue';
  }
  if (handler) {
    const by = random.chance(0.1) ? random.pick(ctx.creators) : handler.id;
    const at = step(1, 90);
    events.push({ type: 'assigned', actor: by, from: initial, to: 'assigned', assignee: handler.id, at });
    Object.assign(row, { assignedUserId: handler.id, assignedBy: by, assignedAt: at });
    if (status !== 'assigned' && random.chance(status === 'completed' ? 0.3 : 1)) {
      events.push({ type: 'started', actor: handler.id, from: 'assigned', to: 'in_progress', at: step(1, 15) });
    }
    if (status === 'completed') {
      const completer = random.chance(0.05) ? random.pick(ctx.creators) : handler.id;
      const completedAt = step(2, 120);
      const from = events[events.length - 1]!.to;
      row.completionNotes = random.pick(COMPLETION_NOTES);
      events.push({ type: 'completed', actor: completer, from, to: 'completed', reason: row.completionNotes ?? undefined, at: completedAt });
      Object.assign(row, { completedBy: completer, completedAt });
    }
    if (status === 'error') {
      events.push({ type: 'failed', actor: null, from: events[events.length - 1]!.to, to: 'error', reason: random.pick(ERROR_REASONS), at: step(1, 60) });
    }
  }
  if (status === 'cancelled') {
    events.push({ type: 'cancelled', actor: null, from: initial, to: 'cancelled', reason: random.pick(CANCEL_REASONS), at: step(5, 240) });
  }
  return { row, events };
}

/**
 * A few thousand requests per demo project over the last 60 days, in every status, bonus
 * type and priority, handled by the project's own members, each with its timeline. Inserted
 * with one statement per project (JSON recordset), the timeline with a second. Answers the audit
 * rows of those timelines, which `seedDemo` writes later (see there).
 */
export async function seedDemoRequests(tx: DbOrTx, org: DemoOrganisation, now: Date): Promise<{ total: number; audit: HistoricalAuditEntry[] }> {
  const names = new Map(DEMO_USERS.map((u) => [org.userIds[u.username]!, u.fullName]));
  const usernames = new Map(DEMO_USERS.map((u) => [org.userIds[u.username]!, u.username]));
  let total = 0;
  const audit: HistoricalAuditEntry[] = [];
  for (const [index, projectId] of org.projectIds.entries()) {
    const random = seededRandom(4242 + index);
    const handlers = handlersOf(index, org.userIds);
    const creators = ['operator', 'manager', 'admin'].filter((u) => DEMO_USERS.find((d) => d.username === u)?.projects.includes(index)).map((u) => org.userIds[u]!);
    const customers = customersOf(random, 900);
    const load = new Map<number, number>();
    const times = Array.from({ length: DEMO_REQUEST_COUNTS[index] ?? 2000 }, () => now.getTime() - Math.floor(random.next() ** 1.15 * DAYS * 24 * HOUR)).sort(
      (a, b) => b - a,
    );
    const requests: Record<string, unknown>[] = [];
    const timelines = new Map<string, SeedEvent[]>();
    times.forEach((time, i) => {
      const customer = random.pick(customers);
      const bonusType = random.pick([...BONUS_TYPES, 'cashback'] as const);
      const externalId = `${DEMO_PROJECTS[index]!.code}-${String(100000 + times.length - i)}`;
      const { row, events } = simulate(random, { createdAt: new Date(time), now, handlers, load, creators });
      const updatedAt = events[events.length - 1]!.at;
      timelines.set(externalId, events);
      requests.push({
        external_id: externalId,
        customer_id: customer.id,
        customer_username: customer.username,
        customer_name: customer.name,
        bonus_type: bonusType,
        customer_segment: segmentOf(customer),
        amount: amountOf(random, bonusType, customer.vip),
        description: random.pick(BONUS_KINDS[bonusType].descriptions),
        priority: priorityOf(random, customer.vip),
        status: row.status,
        source: row.source,
        created_by_user_id: row.createdBy,
        assigned_user_id: row.assignedUserId,
        assigned_by_user_id: row.assignedBy,
        assigned_at: row.assignedAt,
        completed_by_user_id: row.completedBy,
        completed_at: row.completedAt,
        completion_notes: row.completionNotes,
        requeue_reason: row.requeueReason,
        external_updated_at: row.source === 'sync' ? updatedAt : null,
        version: events.length,
        created_at: new Date(time),
        updated_at: updatedAt,
      });
    });
    const inserted = (await tx.execute(sql`
      insert into bonus_requests (project_id, external_id, customer_id, customer_username, customer_name, bonus_type, customer_segment, amount, description,
        priority, status, source, created_by_user_id, assigned_user_id, assigned_by_user_id, assigned_at, completed_by_user_id, completed_at,
        completion_notes, requeue_reason, external_updated_at, version, created_at, updated_at)
      select ${projectId}, x.* from jsonb_to_recordset(${JSON.stringify(requests)}::jsonb) as x(external_id text, customer_id text,
        customer_username text, customer_name text, bonus_type text, customer_segment text, amount numeric, description text, priority smallint, status text, source text,
        created_by_user_id int, assigned_user_id int, assigned_by_user_id int, assigned_at timestamptz, completed_by_user_id int,
        completed_at timestamptz, completion_notes text, requeue_reason text, external_updated_at timestamptz, version int,
        created_at timestamptz, updated_at timestamptz)
      returning id, external_id`)) as unknown as { rows: { id: number; external_id: string }[] };
    const events = inserted.rows.flatMap(({ id, external_id }) =>
      timelines.get(external_id)!.map((e) => ({
        request_id: id,
        type: e.type,
        actor_user_id: e.actor,
        actor_name: e.actor === null ? 'Sistem' : (names.get(e.actor) ?? null),
        from_status: e.from,
        to_status: e.to,
        reason: e.reason ?? null,
        created_at: e.at,
      })),
    );
    await tx.execute(sql`
      insert into bonus_request_events (request_id, project_id, type, actor_user_id, actor_name, from_status, to_status, reason, created_at)
      select x.request_id, ${projectId}, x.type, x.actor_user_id, x.actor_name, x.from_status, x.to_status, x.reason, x.created_at
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as x(request_id int, type text, actor_user_id int, actor_name text,
        from_status text, to_status text, reason text, created_at timestamptz)`);
    for (const { id, external_id } of inserted.rows) audit.push(...demoAuditEntries({ projectId, requestId: id, externalId: external_id }, timelines.get(external_id)!, usernames));
    total += inserted.rows.length;
  }
  return { total, audit };
}
