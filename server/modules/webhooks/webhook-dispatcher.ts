import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import { deliverDueWebhooks, WEBHOOK_BATCH } from './deliver-webhooks';

/** The channel the outbox triggers announce new deliveries on (migration `webhook-outbox-triggers`). */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';
/** How often due retries are looked for, and the fallback when an announcement is missed. */
export const WEBHOOK_TICK_MS = 1_000;

/**
 * Runs the deliveries of this instance: at once when the database announces new ones (NOTIFY from
 * the outbox trigger, heard by every instance; SKIP LOCKED gives each row to one), and every
 * second for retries that fall due. One run at a time; a wake during a run runs again after it.
 */
class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), WEBHOOK_TICK_MS);
    this.timer.unref();
    this.stopListening = await this.ctx.database.listen(WEBHOOK_CHANNEL, { onNotify: () => this.wake(), onReady: () => this.wake() });
  }

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      // A full batch means more may be due: go on until a run finds less.
      while ((await deliverDueWebhooks(this.ctx)) >= WEBHOOK_BATCH) {
        /* next batch */
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'webhook delivery run failed');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening?.();
    this.stopListening = null;
    await this.running;
  }
}

export const webhookDispatcherOf = perContext((ctx) => new WebhookDispatcher(ctx));
