import type { Role } from '@common/enums';
import type { Database } from '../../db/client';
import { perContext } from '../../lib/per-context';
import type { Clock } from '../../lib/clock';

/** What the session statement answered about a session, as kept between calls. */
export interface SessionFacts {
  user: { id: number; username: string; fullName: string; email: string | null; role: Role; mustChangePassword: boolean; isActive: boolean; totpSetupRequired: boolean };
  expiresAt: number;
  lastSeenAt: number;
  sessionTimeoutMs: number;
  /** Project id → whether the caller may work in it (and its time zone), for the projects asked about so far. */
  access: Map<number, ProjectFacts>;
}

/** What a call naming a project learns about it with the session, kept with the session's facts. */
export interface ProjectFacts {
  allowed: boolean;
  /** The project's time zone (its settings, Istanbul by default): its days and the dates it shows. */
  timeZone: string;
}

/** The NOTIFY channel of migration 0007: any write that can change a session's facts. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';
/** A kept answer is used for at most this long, even if no change was announced. */
const MAX_AGE_MS = 10_000;
const MAX_SESSIONS = 10_000;
/** Answers kept per session: a caller probing random project ids cannot grow it without bound. */
export const MAX_PROJECTS_PER_SESSION = 100;

/**
 * Keeps each live session's facts for a few seconds so that most authenticated calls need no
 * database round trip. It is trusted only while it is told of every change:
 * - the instance making a change drops everything at once (every revocation, and every
 *   mutating API call before its answer leaves, see the authentication plugin);
 * - every other change, by any instance, job or script, arrives through PostgreSQL NOTIFY
 *   from triggers (migration 0007) and drops everything too;
 * - while the listening connection is down nothing is kept, so nothing can be missed.
 * Only "still live" is answered from here; any doubt (expired, idle, inactive) is re-read.
 * An answer read before a drop is never stored after it (the generation check).
 */
export class SessionCache {
  private readonly entries = new Map<string, { facts: SessionFacts; storedAt: number }>();
  private generationCounter = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly clock: Clock) {}

  /** Starts following the database's change announcements; until then nothing is kept. */
  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(AUTH_CHANGED_CHANNEL, {
      onNotify: () => this.invalidate(),
      onReady: (ready) => {
        this.invalidate();
        this.listening = ready;
      },
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.listening = false;
    this.invalidate();
  }

  /** Whether change announcements are heard now (and answers may be kept). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Read before loading facts; hand it back to `store`. */
  get generation(): number {
    return this.generationCounter;
  }

  get(sessionId: string): SessionFacts | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.clock.now().getTime() - entry.storedAt > MAX_AGE_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.facts;
  }

  store(sessionId: string, facts: SessionFacts, generation: number): void {
    if (!this.listening || generation !== this.generationCounter) return;
    this.entries.delete(sessionId); // re-inserted last: the oldest entry is the first one
    if (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { facts, storedAt: this.clock.now().getTime() });
  }

  /** Forgets everything (changes are rare next to reads; a reload per session is cheap). */
  invalidate(): void {
    this.generationCounter++;
    this.entries.clear();
  }
}

/** The app's one session cache (the authentication hook and every session change share it). */
export const sessionCacheOf = perContext((ctx) => new SessionCache(ctx.clock));
