import { isNull, sql } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@common/constants';
import type { BonusType, CustomerSegment, RequestStatus } from '@common/enums';
import { localDate } from '@common/time-zone';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { DbOrTx } from '../../db/client';
import { bonusRequests } from '../../db/schema';
import { sqlArray } from '../../db/sql-arrays';
import { moveRequests, type MovedRequest, type PendingRequestChanges } from '../bonus';
import { candidatesQuery, toCandidate, type CandidateRow } from './candidates';
import { zonedMoment, type RoutableRequest } from './conditions';
import { CandidatePool, decide, type EngineRule } from './engine';
import { engineRulesQuery, hasActiveRules, loadEngineRules, toEngineRule, type EngineRuleRow } from './rules-repo';
import { heldRules, heldVersion, holdRules, withCursors } from './rules-cache';
import { MatchClasses } from './match-classes';
import type { Actor } from '../../policies/actor';

/** A json column as the driver returns it (parsed by pg and PGlite; text from a driver that does not). */
const fromJson = <T extends object>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The project's active rules in evaluation order: those held for this version (the read sent
 * none), else those the read sent, kept for the next session. When the version held was replaced
 * meanwhile (another database's session in the same process), they are read once more, not kept.
 */
async function activeRules(tx: DbOrTx, projectId: number, version: string | null, rows: EngineRuleRow[] | string | null): Promise<readonly EngineRule[]> {
  if (rows !== null) return holdRules(projectId, version, fromJson(rows).map(toEngineRule));
  return heldRules(projectId, version) ?? (await loadEngineRules(tx, projectId, { activeOnly: true }));
}

/** Who assigns in a timeline and the audit log when a rule does. */
export const ROUTING_ACTOR: Actor = { id: null, username: 'routing', fullName: 'Otomatik Atama' };

/**
 * Every routing decision of a project runs under this transaction-scoped advisory lock: decisions
 * (and round robin's cursor) follow one another across all instances on the database. It is
 * taken after the project's count rows (see hand-out.ts), never before them.
 */
const ROUTING_LOCK_CLASS = 11_001;
export async function lockProjectRouting(tx: DbOrTx, projectId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROUTING_LOCK_CLASS}::int, ${projectId}::int)`);
}


interface WaitingRow {
  id: number;
  bonus_type: BonusType;
  customer_segment: CustomerSegment | null;
  priority: number;
  amount: string;
  customer_username: string | null;
  external_id: string | null;
  description: string | null;
}
type Routable = RoutableRequest & { id: number };
/** A request just created, as its creator holds it. */
export type CreatedRoutable = Routable & { status: RequestStatus; createdAt: Date };
type Planned = { requestId: number; rule: EngineRule; userId: number };
/** Past this many routed requests in one transaction (a sync batch), one audit row stands for them all. */
const BULK_AUDIT_THRESHOLD = 25;

const toRoutable = (r: WaitingRow): Routable => ({
  id: Number(r.id),
  bonusType: r.bonus_type,
  customerSegment: r.customer_segment,
  priority: Number(r.priority),
  amount: String(r.amount),
  customerUsername: r.customer_username,
  externalId: r.external_id,
  description: r.description,
});

/** The columns a routing decision reads. */
const WAITING_COLUMNS = sql`id, bonus_type, customer_segment, priority, amount::text as amount, customer_username, external_id, description`;

/**
 * The routing of one transaction in one project: the active rules, the people with their load
 * and presence, the project's time zone — read once, then any number of requests decided and
 * assigned. Assignments go through the state machine like a claim; `finish()` writes the
 * statistics, round robin's cursors and the assignees' last-assignment times.
 */
export class RoutingSession {
  private readonly matches = new Map<number, number>();
  private readonly assignments = new Map<number, number>();
  private readonly cursorMoved = new Set<number>();
  private lastMatchAt: Date | null = null;
  private readonly matchClasses: MatchClasses | undefined;

  private constructor(
    private readonly tx: DbOrTx,
    readonly projectId: number,
    readonly rules: EngineRule[],
    readonly pool: CandidatePool,
    private readonly timeZone: string,
    private readonly now: Date,
    private readonly random: () => number,
  ) {
    this.matchClasses = MatchClasses.of(rules, zonedMoment(now, timeZone));
  }

  /**
   * Locks the project's routing and reads what decisions need; undefined (and no lock) when the
   * project has no active rule, so projects without routing pay one indexed lookup.
   */
  static async open(
    tx: DbOrTx,
    projectId: number,
    now: Date,
    opts: { random?: () => number; activeRuleSeen?: boolean } = {},
  ): Promise<RoutingSession | undefined> {
    // A caller that has just seen an active rule in this transaction (request creation) is not asked again.
    if (!opts.activeRuleSeen && !(await hasActiveRules(tx, projectId))) return undefined;
    await lockProjectRouting(tx, projectId);
    // The rules (unless the version held is still the project's), round robin's cursors, the
    // people (members and the rules' user targets) and the time zone: one round trip, as a sync
    // batch opens a session while it holds the project's counts.
    const held = heldVersion(projectId);
    const result = await tx.execute(sql`
      select v.version,
        case when v.version = ${held}::text then null
          else (select coalesce(json_agg(r), '[]') from (${engineRulesQuery(projectId, { activeOnly: true })}) r) end as rules,
        (select coalesce(json_object_agg(id, last_chosen_user_id), '{}') from routing_rules
          where project_id = ${projectId} and is_active and last_chosen_user_id is not null) as cursors,
        (select coalesce(json_agg(c), '[]') from (${candidatesQuery(
          projectId,
          sql`users.id in (select target_user_id from routing_rules where project_id = ${projectId} and is_active and target_user_id is not null)`,
        )}) c) as candidates,
        (select timezone from project_settings where project_id = ${projectId}) as timezone
      from (select (select version::text from routing_rule_versions where project_id = ${projectId}) as version) v`);
    type State = { version: string | null; rules: EngineRuleRow[] | string | null; cursors: Record<string, number | null> | string; candidates: CandidateRow[] | string; timezone: string | null };
    const [state] = (result as unknown as { rows: State[] }).rows;
    const rules = withCursors(await activeRules(tx, projectId, state!.version, state!.rules), fromJson(state!.cursors));
    if (rules.length === 0) return undefined;
    const candidates = fromJson(state!.candidates).map(toCandidate);
    return new RoutingSession(tx, projectId, rules, new CandidatePool(candidates, now), state!.timezone ?? SETTINGS_DEFAULTS.timezone, now, opts.random ?? Math.random);
  }

  /** Anyone at all who could be given a request now. */
  anyoneEligible(): boolean {
    for (const c of this.pool.byId.values()) if (this.pool.eligible(c)) return true;
    return false;
  }

  /**
   * Routes the requests this transaction has just inserted, as the caller holds them (no second
   * read of a sync batch): those waiting, highest priority, then oldest, first. Every decision is
   * made in memory (loads and round robin's cursor follow each one), then all assignments are
   * written at once — the state machine's assign move as one conditional UPDATE, the assignees'
   * rows locked and their loads re-read, one statement for the events.
   */
  async routeCreated(created: CreatedRoutable[], changes: PendingRequestChanges): Promise<number[]> {
    const waiting = created.filter((r) => r.status === 'new' || r.status === 'queued');
    // Whom goes first matters only while someone can be given something (a bulk import's later batches only count matches).
    if (this.anyoneEligible()) waiting.sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    return this.route(waiting, changes);
  }

  private async route(requests: Routable[], changes: PendingRequestChanges, opts: { countMatches?: boolean } = {}): Promise<number[]> {
    const moment = zonedMoment(this.now, this.timeZone);
    const countMatches = opts.countMatches !== false;
    const plan: Planned[] = [];
    // Once nobody can be given anything, the rest of the batch only counts matches, once per class of alike requests.
    let winnable = this.anyoneEligible();
    const matchesOf = (request: RoutableRequest) => decide(this.rules, request, this.pool, { moment, random: this.random, trace: false }).matchedRuleIds;
    for (const request of requests) {
      if (!winnable) {
        if (!countMatches) break;
        if (this.matchClasses) this.matchClasses.count(request);
        else this.noteMatches(matchesOf(request));
        continue;
      }
      const decision = decide(this.rules, request, this.pool, { moment, random: this.random, trace: false });
      if (countMatches) this.noteMatches(decision.matchedRuleIds);
      if (!decision.winner) continue;
      const userId = decision.winner.candidate.userId;
      plan.push({ requestId: request.id, rule: decision.winner.rule, userId });
      this.pool.noteAssigned(userId, this.now);
      decision.winner.rule.lastChosenUserId = userId;
      winnable = this.anyoneEligible();
    }
    if (this.matchClasses?.drain((ruleId, n) => this.matches.set(ruleId, (this.matches.get(ruleId) ?? 0) + n))) this.lastMatchAt = this.now;
    return plan.length ? this.applyPlan(plan, changes) : [];
  }

  /**
   * Routes the requests already waiting (highest priority, then oldest, first) as if they were new:
   * after a rule is switched on or changed, or capacity raised for everyone. Their matches were
   * counted when they arrived, so they are not counted again. A request someone is claiming right
   * now is skipped, never waited for.
   */
  async routeWaiting(changes: PendingRequestChanges, scanLimit = 500): Promise<number[]> {
    if (!this.anyoneEligible()) return [];
    return this.route(await this.lockWaiting(scanLimit), changes, { countMatches: false });
  }

  /**
   * The project's waiting requests nobody holds, highest priority then oldest first, locked for
   * this transaction. A request someone is claiming right now is theirs: skipped, never waited for.
   */
  private async lockWaiting(scanLimit: number): Promise<Routable[]> {
    const result = await this.tx.execute(sql`
      select ${WAITING_COLUMNS} from bonus_requests
      where project_id = ${this.projectId} and status in ('new', 'queued') and reserved_for_user_id is null
      order by priority desc, created_at, id
      limit ${scanLimit}
      for update skip locked`);
    return (result as unknown as { rows: WaitingRow[] }).rows.map(toRoutable);
  }

  private async applyPlan(plan: Planned[], changes: PendingRequestChanges): Promise<number[]> {
    const ruleOf = new Map(plan.map((p) => [p.requestId, p.rule]));
    const { moved, loads } = await moveRequests(this.tx, 'assign', {
      ...this.routedMove(changes),
      rows: plan.map((p) => ({ id: p.requestId, assignee: p.userId, details: this.details(p, false) })),
      event: { type: 'routed', reason: (row) => `Kural: ${ruleOf.get(row.id)!.ruleName}` },
    });
    // A claim that raced these decisions and filled someone took back that person's latest routed requests.
    for (const [userId, { load, maxLoad }] of loads) this.pool.setLoad(userId, load, maxLoad);
    for (const m of moved) {
      const rule = ruleOf.get(m.id)!;
      this.cursorMoved.add(rule.id);
      this.assignments.set(rule.id, (this.assignments.get(rule.id) ?? 0) + 1);
    }
    return moved.map((m) => m.id);
  }

  /** What every move routing makes shares: its actor, its guard, its audit and socket event. */
  private routedMove(changes: PendingRequestChanges) {
    return {
      projectId: this.projectId,
      now: this.now,
      actor: ROUTING_ACTOR,
      // A request reserved for someone waits for them, whatever the rules say.
      guard: isNull(bonusRequests.reservedForUserId),
      audit: {
        action: 'ROUTE_BONUS_REQUEST' as const,
        bulkAbove: BULK_AUDIT_THRESHOLD,
        bulkDetails: (moved: MovedRequest[]) => ({
          count: moved.length,
          assignments: moved.slice(0, 200).map((m) => ({ requestId: m.id, agentId: m.row.assignee!, ruleId: Number(m.row.details!.ruleId) })),
        }),
      },
      socket: SOCKET_EVENTS.requestAssigned,
      changes,
      overCapacity: 'restore' as const,
    };
  }

  private details(p: Planned, handOut: boolean) {
    return { agentId: p.userId, ruleId: p.rule.id, ruleName: p.rule.ruleName, strategy: p.rule.targetStrategy, ...(handOut ? { handOut: true } : {}) };
  }

  /**
   * Hand-out: the user became eligible (came online, dropped below capacity). The oldest
   * waiting requests the rules route to them are theirs, highest priority first, until full.
   */
  async handOutTo(userId: number, changes: PendingRequestChanges, opts: { exclude?: ReadonlySet<number>; scanLimit?: number } = {}): Promise<number[]> {
    const person = this.pool.byId.get(userId);
    if (!person || !this.pool.eligible(person)) return [];
    const requests = (await this.lockWaiting(opts.scanLimit ?? 500)).filter((r) => !opts.exclude?.has(r.id));
    const moment = zonedMoment(this.now, this.timeZone);
    const handed: number[] = [];
    for (const request of requests) {
      if (!this.pool.eligible(person)) break;
      const decision = decide(this.rules, request, this.pool, { moment, random: this.random, trace: false, onlyUserId: userId });
      if (!decision.winner) continue;
      const outcome = await this.assign(request.id, decision.winner.rule, userId, changes, true);
      if (outcome === 'assigned') handed.push(request.id);
      if (outcome === 'full') break;
    }
    return handed;
  }

  private noteMatches(ruleIds: number[]): void {
    if (ruleIds.length === 0) return;
    this.lastMatchAt = this.now;
    for (const id of ruleIds) this.matches.set(id, (this.matches.get(id) ?? 0) + 1);
  }

  /**
   * Gives the request to the user through the state machine (the same conditional move as a
   * claim: a request someone claimed a moment ago is not moved). The user's row is then locked
   * and their load re-read: a claim that raced us and filled them undoes this one ('full').
   */
  private async assign(requestId: number, rule: EngineRule, userId: number, changes: PendingRequestChanges, handOut: boolean): Promise<'assigned' | 'taken' | 'full'> {
    const { moved, overCapacity, loads } = await moveRequests(this.tx, 'assign', {
      ...this.routedMove(changes),
      rows: [{ id: requestId, assignee: userId, details: this.details({ requestId, rule, userId }, handOut) }],
      event: { type: 'routed', reason: () => `Kural: ${rule.ruleName}` },
    });
    const capacity = loads.get(userId);
    if (overCapacity.length > 0) {
      this.pool.setLoad(userId, capacity!.load, capacity!.maxLoad);
      return 'full';
    }
    if (moved.length === 0) return 'taken';
    this.pool.setLoad(userId, capacity!.load - 1, capacity!.maxLoad);
    this.pool.noteAssigned(userId, this.now);
    rule.lastChosenUserId = userId;
    this.cursorMoved.add(rule.id);
    this.assignments.set(rule.id, (this.assignments.get(rule.id) ?? 0) + 1);
    return 'assigned';
  }

  /**
   * Writes the day's matches and assignments per rule, last match times and cursors: one
   * statement (a sync batch finishes while it holds the project's counts). The assignees' last
   * assignment was written by the move itself.
   */
  async finish(): Promise<void> {
    const ruleIds = [...new Set([...this.matches.keys(), ...this.assignments.keys()])];
    if (ruleIds.length === 0) return;
    const day = localDate(this.timeZone, this.now);
    const matches = ruleIds.map((id) => this.matches.get(id) ?? 0);
    const assignments = ruleIds.map((id) => this.assignments.get(id) ?? 0);
    const cursors = ruleIds.map((id) => (this.cursorMoved.has(id) ? (this.rules.find((r) => r.id === id)?.lastChosenUserId ?? null) : null));
    const matchedAt = ruleIds.map((id) => (this.matches.has(id) ? this.lastMatchAt : null));
    await this.tx.execute(sql`
      with stats as (
        insert into routing_rule_daily_stats (rule_id, day, matches, assignments)
        select u.rule_id, ${day}::date, u.matches, u.assignments
        from unnest(${sqlArray(ruleIds, 'int')}, ${sqlArray(matches, 'int')}, ${sqlArray(assignments, 'int')}) as u(rule_id, matches, assignments)
        on conflict (rule_id, day) do update set
          matches = routing_rule_daily_stats.matches + excluded.matches,
          assignments = routing_rule_daily_stats.assignments + excluded.assignments
      )
      update routing_rules r set
        assignments_total = r.assignments_total + u.assignments,
        last_chosen_user_id = coalesce(u.cursor, r.last_chosen_user_id),
        last_matched_at = coalesce(u.matched_at, r.last_matched_at)
      from unnest(${sqlArray(ruleIds, 'int')}, ${sqlArray(assignments, 'int')}, ${sqlArray(cursors, 'int')}, ${sqlArray(matchedAt, 'timestamptz')})
        as u(rule_id, assignments, cursor, matched_at)
      where r.id = u.rule_id`);
  }
}
