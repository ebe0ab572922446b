import type { FastifyBaseLogger } from 'fastify';

type Handler<P> = (payload: P) => unknown;

/**
 * A typed in-process event bus. Services publish what happened once their transaction has
 * committed (see db/after-commit.ts for effects that cannot wait for the transaction to return); the subscribers (routing's hand-out, presence, sockets) are wired
 * where the app is assembled, so a module never imports the modules that react to it.
 *
 * Handlers run on the next tick, never inside the publisher's call: a failing or slow subscriber
 * cannot fail or delay the change that was already committed. A failure is logged.
 */
export class EventBus<Events extends { [K in keyof Events]: unknown }> {
  private readonly handlers = new Map<keyof Events, Handler<never>[]>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  on<K extends keyof Events>(name: K, handler: Handler<Events[K]>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(name, list);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((h) => h !== handler),
      );
    };
  }

  publish<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      const run = Promise.resolve()
        .then(() => (handler as Handler<Events[K]>)(payload))
        .catch((err: unknown) => this.log.warn({ err, event: String(name) }, 'event handler failed'));
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }
  }

  /**
   * Resolves once every handler started so far has finished, including the work those handlers
   * published in turn: the positive signal a test waits for before asserting that a reaction did
   * (or did not) happen, and what shutdown waits for.
   */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
