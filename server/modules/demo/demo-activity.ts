import type { AppContext } from '../../context';
import { seededRandom } from '../../db/seed/demo-request-vocabulary';
import { perContext } from '../../lib/per-context';
import { presenceOf } from '../agents';
import { loadDemoCast, type DemoCastMember } from './demo-cast';
import { demoStep, type DemoMove } from './demo-step';

/**
 * 'Demo etkinliği': while on, the demo projects' agents are held online and one simulated move
 * (a request typed in, claimed or completed) happens every DEMO_ACTIVITY_EVERY_MS on average,
 * jittered between half and one and a half times it, the projects taking turns. Off by default
 * and kept in memory only, so a restart always starts it off. One timer at most; `stop` clears
 * it, waits for the move under way and lets the agents go offline.
 */
export class DemoActivity {
  private enabled = false;
  private cast: DemoCastMember[] = [];
  private timer: NodeJS.Timeout | null = null;
  private moving: Promise<void> | null = null;
  private turn = 0;
  /** Switches one after another, so a quick on-off-on never leaves two loops or a held agent. */
  private switching: Promise<unknown> = Promise.resolve();
  private readonly random = seededRandom(Date.now() % 1_000_000_007);
  private readonly watchers = new Set<(move: DemoMove) => void>();

  constructor(private readonly ctx: AppContext) {}

  get isOn(): boolean {
    return this.enabled;
  }

  set(enabled: boolean): Promise<void> {
    const next = this.switching.then(() => (enabled ? this.start() : this.stop()));
    this.switching = next.catch(() => undefined);
    return next;
  }

  /** Calls `watch` after each move that happened; returns how to stop watching. */
  onMove(watch: (move: DemoMove) => void): () => void {
    this.watchers.add(watch);
    return () => this.watchers.delete(watch);
  }

  private async start(): Promise<void> {
    if (this.enabled) return;
    this.cast = await loadDemoCast(this.ctx);
    this.enabled = true;
    const presence = presenceOf(this.ctx);
    await Promise.all(this.cast.map((m) => presence.hold(m.agent.id, m.projectId)));
    this.ctx.log.info({ projects: this.cast.map((m) => m.projectId) }, 'demo activity on');
    this.schedule();
  }

  private async stop(): Promise<void> {
    if (!this.enabled) return;
    this.enabled = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.moving;
    const presence = presenceOf(this.ctx);
    await Promise.all(this.cast.map((m) => presence.release(m.agent.id, m.projectId)));
    this.cast = [];
    this.ctx.log.info('demo activity off');
  }

  private schedule(): void {
    const delay = this.ctx.config.DEMO_ACTIVITY_EVERY_MS * (0.5 + this.random.next());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.moving = this.move().finally(() => {
        this.moving = null;
        if (this.enabled) this.schedule();
      });
    }, delay);
    this.timer.unref();
  }

  private async move(): Promise<void> {
    const member = this.cast[this.turn++ % Math.max(1, this.cast.length)];
    if (!member) return;
    try {
      const move = await demoStep(this.ctx, member, this.random);
      this.ctx.log.debug(move, 'demo move');
      this.watchers.forEach((watch) => watch(move));
    } catch (err) {
      // A refusal (someone else took the request, capacity, a setting changed) is what real people meet too.
      this.ctx.log.info({ err, projectId: member.projectId }, 'demo move refused');
    }
  }
}

/** The app's one demo activity, made on first use. */
export const demoActivityOf = perContext((ctx) => new DemoActivity(ctx));
