import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/harness';
import { call, closeSockets, createRule, freshProject, newRequest, onlineAgent, requestsUrl, routingTestBed, rulesUrl } from './routing-test-kit';

/**
 * Creating a request that routing assigns, and claiming another request by hand, both move a
 * request to 'assigned' and both touch the project's per-status count rows. Run side by side
 * on PostgreSQL (real concurrency), neither may fail: no deadlock, no 500.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
if (!DATABASE_URL) console.warn('routing-races: TEST_DATABASE_URL is not set; the concurrent create-and-claim test is skipped');

let t: Awaited<ReturnType<typeof routingTestBed>>;
beforeAll(async () => {
  if (DATABASE_URL) t = await routingTestBed();
}, 60_000);
afterAll(async () => {
  closeSockets();
  await t?.close();
});

describe.skipIf(!DATABASE_URL)('routing beside hand claims (needs TEST_DATABASE_URL)', () => {
  it('routed creations and hand claims at the same moment all succeed, each request with one owner', async () => {
    const project = await freshProject(t);
    const routed = await onlineAgent(t.app, project, { maxLoad: 100 });
    const claimer = await onlineAgent(t.app, project, { maxLoad: 100, online: false });
    await createRule(t.app, project, t.manager, { ruleName: 'Nakit iade ona', targetStrategy: 'user', targetUserId: routed.id });
    const operator = (await login(t.app, t.members.operator.username)).accessToken;
    const claimerToken = (await login(t.app, claimer.username)).accessToken;
    // Points requests no rule matches: they wait for a hand claim.
    const waiting: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ bonusType: 'points', customerUsername: `bekleyen_${i}` }));
      expect(res.statusCode, res.body).toBe(201);
      waiting.push(res.json().data.id as number);
    }

    const creations = Array.from({ length: 20 }, (_, i) =>
      call(t.app, 'POST', requestsUrl(project), operator, newRequest({ customerUsername: `yonlenen_${i}` })),
    );
    const claims = waiting.map((id) => call(t.app, 'POST', `${requestsUrl(project)}/${id}/assign`, claimerToken, {}));
    const answers = await Promise.all([...creations, ...claims]);
    expect(answers.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);
    const created = answers.slice(0, 20).map((r) => r.json().data as { status: string; agentId: number | null });
    expect(created.every((r) => r.status === 'assigned' && r.agentId === routed.id)).toBe(true);
    const claimed = answers.slice(20).map((r) => r.json().data as { request: { agentId: number | null } });
    expect(claimed.every((r) => r.request.agentId === claimer.id)).toBe(true);
  });

  it('a rule deleted while requests are being routed by it: every creation and the deletion succeed', async () => {
    const operator = (await login(t.app, t.members.operator.username)).accessToken;
    // The deletion lands at a different moment of the creations each round.
    for (const delayMs of [5, 15, 30, 60]) {
      const project = await freshProject(t);
      const agent = await onlineAgent(t.app, project, { maxLoad: 100 });
      const rule = await createRule(t.app, project, t.manager, { ruleName: 'Silinecek kural', targetStrategy: 'user', targetUserId: agent.id });
      const creations = Array.from({ length: 40 }, (_, i) => call(t.app, 'POST', requestsUrl(project), operator, newRequest({ customerUsername: `silme_${i}` })));
      const deletion = new Promise((r) => setTimeout(r, delayMs)).then(() => call(t.app, 'DELETE', `${rulesUrl(project)}/${rule.id}`, t.manager));
      const answers = await Promise.all([...creations, deletion]);
      expect(answers.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);
      expect(answers.at(-1)!.statusCode).toBe(200);
      // Routed while the rule still stood, or waiting once it was gone: never anything else.
      const created = answers.slice(0, -1).map((r) => r.json().data as { status: string; agentId: number | null });
      expect(created.every((r) => (r.status === 'assigned' && r.agentId === agent.id) || (['new', 'queued'].includes(r.status) && r.agentId === null))).toBe(true);
    }
  });
});
