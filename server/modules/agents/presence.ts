import { eq, and, lt, ne, or, isNull } from 'drizzle-orm';
import type { AgentStatus } from '@common/enums';
import type { AgentStatusChanged } from '@common/schemas/agents';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { projectMembers, users } from '../../db/schema';
import type { SocketData } from '../../realtime/realtime';
import { loadPresenceInputs } from './agent-queries';
import { deriveAgentStatus } from './agent-status';
import { perContext } from '../../lib/per-context';

/** lastActivityAt is written at most this often per user. */
const TOUCH_EVERY_MS = 30_000;

const key = (userId: number, projectId: number) => `${projectId}:${userId}`;

/**
 * Live agent status (§4) from the socket presence events of this instance. Socket counts
 * come from Realtime.countUserSockets, which asks every instance over the Redis adapter,
 * so the status is right however the agent's sockets are spread. Each instance tracks the
 * members whose sockets it has seen and announces their changes to the project room.
 */
export class Presence {
  private readonly known = new Map<string, { userId: number; projectId: number; status: AgentStatus }>();
  private readonly touchedAt = new Map<number, number>();
  /** One refresh at a time per member, so announcements keep the order of events. */
  private readonly chains = new Map<string, Promise<unknown>>();
  /** Members held online without a socket: the demo activity's agents (modules/demo). */
  private readonly held = new Set<string>();
  private listening = false;

  constructor(private readonly ctx: AppContext) {}

  private readonly onConnected = (d: SocketData) => this.guard(this.connected(d));
  private readonly onDisconnected = (d: SocketData) => this.guard(this.refresh(d.userId, d.projectId));
  private readonly onActivity = (d: SocketData) => this.guard(this.noteActivity(d.userId));

  listen(): void {
    if (this.listening) return;
    this.listening = true;
    const p = this.ctx.realtime.presence;
    p.on('connected', this.onConnected);
    p.on('disconnected', this.onDisconnected);
    p.on('activity', this.onActivity);
  }

  async stop(): Promise<void> {
    const p = this.ctx.realtime.presence;
    p.off('connected', this.onConnected);
    p.off('disconnected', this.onDisconnected);
    p.off('activity', this.onActivity);
    this.listening = false;
    await Promise.allSettled([...this.chains.values()]);
  }

  private guard(work: Promise<unknown>): void {
    work.catch((err) => this.ctx.log.warn({ err }, 'presence update failed'));
  }

  /**
   * The activity is written in the member's queue (see refresh), not before it: a disconnect
   * that follows at once (a forced logout) is then recomputed after this connect, never first —
   * which had left the connect unannounced and the disconnect unannounced too.
   */
  private async connected(d: SocketData): Promise<void> {
    await this.refresh(d.userId, d.projectId, () => this.noteActivity(d.userId, true));
  }

  /** The member's status now, with what the status was derived from; undefined for a non-member. */
  async statusOf(userId: number, projectId: number) {
    const inputs = await loadPresenceInputs(this.ctx.database.db, userId, projectId);
    if (!inputs) return undefined;
    const sockets = (await this.ctx.realtime.countUserSockets(userId, projectId)) + (this.held.has(key(userId, projectId)) ? 1 : 0);
    const status = deriveAgentStatus({ ...inputs, sockets, now: this.ctx.clock.now() });
    return { ...inputs, sockets, status };
  }

  /**
   * Recomputes a member's status and announces it to the project room when it changed. Calls for
   * one member run one after another in the order they came (`first` runs in that turn, before
   * the recompute).
   */
  refresh(userId: number, projectId: number, first?: () => Promise<unknown>): Promise<AgentStatus | undefined> {
    const k = key(userId, projectId);
    const next = (this.chains.get(k) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        await first?.();
        return this.recompute(userId, projectId);
      });
    this.chains.set(k, next);
    void next.finally(() => {
      if (this.chains.get(k) === next) this.chains.delete(k);
    }).catch(() => undefined);
    return next;
  }

  private async recompute(userId: number, projectId: number): Promise<AgentStatus | undefined> {
    const k = key(userId, projectId);
    const current = await this.statusOf(userId, projectId);
    if (!current) {
      this.known.delete(k);
      return undefined;
    }
    const before = this.known.get(k)?.status;
    // Routing decides inside database transactions on every instance: it reads this flag.
    const connected = current.sockets > 0;
    await this.ctx.database.db
      .update(projectMembers)
      .set({ connected })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), ne(projectMembers.connected, connected)));
    // Became eligible (came online, back from away or busy): waiting work the rules route to them is theirs now.
    if (current.status === 'online' && before !== 'online') this.ctx.events.publish('membersBecameEligible', { projectId, userIds: [userId] });
    if (current.status === 'offline') this.known.delete(k);
    else this.known.set(k, { userId, projectId, status: current.status });
    // A member this instance never saw connected has no earlier status here to correct.
    if (before !== current.status && !(before === undefined && current.status === 'offline')) {
      const payload: AgentStatusChanged = {
        projectId,
        agentId: userId,
        status: current.status,
        currentLoad: current.currentLoad,
        maxLoad: current.maxLoad,
        lastActivity: current.lastActivityAt?.toISOString() ?? null,
      };
      this.ctx.realtime.emitToProject(projectId, SOCKET_EVENTS.agentStatusChanged, payload);
    }
    return current.status;
  }

  /**
   * Records that the user did something (socket activity, a change through the API). Written
   * at most every 30 s; an away member comes back at once.
   */
  async noteActivity(userId: number, force = false): Promise<void> {
    const nowMs = this.ctx.clock.now().getTime();
    const last = this.touchedAt.get(userId);
    if (!force && last !== undefined && nowMs - last < TOUCH_EVERY_MS) return;
    this.touchedAt.set(userId, nowMs);
    const now = new Date(nowMs);
    await this.ctx.database.db
      .update(users)
      .set({ lastActivityAt: now })
      .where(and(eq(users.id, userId), or(isNull(users.lastActivityAt), lt(users.lastActivityAt, now))));
    const away = [...this.known.values()].filter((m) => m.userId === userId && m.status === 'away');
    await Promise.all(away.map((m) => this.refresh(m.userId, m.projectId)));
  }

  /**
   * Counts the member as connected, as one socket would, until `release`: the demo's simulated
   * agents come online through the same recompute, announcement and hand-out as a real one.
   */
  async hold(userId: number, projectId: number): Promise<AgentStatus | undefined> {
    this.held.add(key(userId, projectId));
    return this.refresh(userId, projectId, () => this.noteActivity(userId, true));
  }

  async release(userId: number, projectId: number): Promise<AgentStatus | undefined> {
    if (!this.held.delete(key(userId, projectId))) return undefined;
    return this.refresh(userId, projectId);
  }

  /** Every tracked member again: turns quiet members away and notices load changes. */
  async sweep(): Promise<void> {
    await Promise.all([...this.known.values()].map((m) => this.refresh(m.userId, m.projectId)));
  }

  /** Refreshes the member in every project they belong to (a manual status is per user). */
  async refreshUser(userId: number, projectIds: number[]): Promise<void> {
    await Promise.all(projectIds.map((p) => this.refresh(userId, p)));
  }
}


/**
 * For routing: true only for an active account, active in the project, and online
 * (connected, not forced or set offline/away/busy, below capacity).
 */
export async function isAvailableForWork(ctx: AppContext, userId: number, projectId: number): Promise<boolean> {
  const current = await presenceOf(ctx).statusOf(userId, projectId);
  return Boolean(current && current.accountActive && current.agentActive && current.status === 'online');
}

/** For other modules after a change that moves an agent's load (assign, complete, requeue). */
export function refreshAgentStatus(ctx: AppContext, userId: number, projectId: number): Promise<AgentStatus | undefined> {
  return presenceOf(ctx).refresh(userId, projectId);
}

/** The app's one Presence (it keeps the members it tracks), made on first use. */
export const presenceOf = perContext((ctx) => new Presence(ctx));
