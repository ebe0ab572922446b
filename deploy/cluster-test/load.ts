import { randomUUID } from 'node:crypto';
import { request, type Answer } from './http';

export interface Failure {
  what: string;
  status: number | string;
  requestId?: string;
  body?: unknown;
  at: number;
}

/**
 * Mixed load through the balancer, as people at work make it: operators create requests and read
 * the list, agents read the list, claim waiting requests and complete their own. Every answer of
 * 5xx or a connection error is a failure (nothing is retried here); a 4xx is a business answer
 * (someone else claimed it first, capacity full) and counted apart.
 */
export class Load {
  readonly failures: Failure[] = [];
  /** customerId of every create that answered 201 → the id it got. */
  readonly created = new Map<string, number>();
  readonly counts: Record<string, number> = {};
  private stopped = false;
  private readonly started = Date.now();

  constructor(
    private readonly base: string,
    private readonly projectId: number,
  ) {}

  private count(key: string): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  private async call(what: string, method: string, path: string, token: string, body?: unknown): Promise<Answer | null> {
    try {
      const answer = await request(this.base, method, path, { token, body });
      this.count(`${what} ${answer.status}`);
      if (answer.status >= 500) this.failures.push({ what, status: answer.status, requestId: answer.requestId, body: answer.body, at: Date.now() - this.started });
      return answer;
    } catch (error) {
      this.count(`${what} error`);
      this.failures.push({ what, status: (error as Error).message, at: Date.now() - this.started });
      return null;
    }
  }

  private list(token: string, status: string) {
    return this.call('list', 'GET', `/api/bonus/projects/${this.projectId}/requests?limit=20&status=${status}`, token);
  }

  async operator(token: string): Promise<void> {
    while (!this.stopped) {
      if (Math.random() < 0.6) {
        const customerId = randomUUID();
        const answer = await this.call('create', 'POST', `/api/bonus/projects/${this.projectId}/requests`, token, {
          customerUsername: `yuk-${customerId.slice(0, 8)}`,
          customerId,
          amount: '25.00',
          description: 'Yük testi',
        });
        if (answer?.status === 201) this.created.set(customerId, (answer.body as { data: { id: number } }).data.id);
      } else {
        await this.list(token, 'waiting');
      }
    }
  }

  async agent(token: string): Promise<void> {
    while (!this.stopped) {
      const roll = Math.random();
      if (roll < 0.3) {
        await this.list(token, 'all');
        continue;
      }
      if (roll < 0.65) {
        const waiting = await this.list(token, 'new');
        const items = (waiting?.body as { data?: { items?: { id: number }[] } } | undefined)?.data?.items ?? [];
        const pick = items[Math.floor(Math.random() * items.length)];
        if (pick) await this.call('claim', 'POST', `/api/bonus/projects/${this.projectId}/requests/${pick.id}/assign`, token, {});
        continue;
      }
      const mine = await this.list(token, 'active');
      const items = (mine?.body as { data?: { items?: { id: number; assignedUserId?: number | null }[] } } | undefined)?.data?.items ?? [];
      const own = items[Math.floor(Math.random() * items.length)];
      if (own) await this.call('complete', 'POST', `/api/bonus/projects/${this.projectId}/requests/${own.id}/complete`, token, {});
    }
  }

  stop(): void {
    this.stopped = true;
  }
}
