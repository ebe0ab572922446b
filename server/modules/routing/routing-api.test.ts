import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/harness';
import { call, closeSockets, createRule, eventsOf, lastAudit, newRequest, onlineAgent, requestsUrl, routingTestBed, rulesUrl } from './routing-test-kit';

/** The routing rules API (§7.12): validation, CRUD with audit, reorder, test and simulate traces, stats, agent skills. */
let t: Awaited<ReturnType<typeof routingTestBed>>;
beforeAll(async () => {
  t = await routingTestBed();
}, 60_000);
afterAll(async () => {
  closeSockets();
  await t?.close();
});

describe('rule form validation (§5)', () => {
  it('refuses a rule without conditions, a user strategy without a target, a priority out of range, each on its field', async () => {
    const res = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, { ruleName: '  ', targetStrategy: 'user', priority: 101, conditions: [] });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors).toMatchObject({
      ruleName: 'Kural adı gereklidir',
      priority: 'Kural sırası 1-100 arasında olmalıdır',
      conditions: 'En az bir koşul tanımlanmalıdır',
    });
    const noTarget = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, {
      ruleName: 'X',
      targetStrategy: 'user',
      conditions: [{ conditionType: 'priority_threshold', operator: 'gte', value: 5 }],
    });
    expect(noTarget.json().errors).toMatchObject({ targetUserId: 'Hedef kullanıcı seçilmelidir' });
    const noStrategy = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, { ruleName: 'X', conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['points'] }] });
    expect(noStrategy.json().errors).toMatchObject({ targetStrategy: 'Hedef stratejisi seçilmelidir' });
  });

  it('validates each condition type’s parameters', async () => {
    const res = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, {
      ruleName: 'X',
      targetStrategy: 'load_based',
      conditions: [
        { conditionType: 'time_window', weekdays: [], from: '25:00', to: '06:00' },
        { conditionType: 'custom', field: 'amount', operator: 'contains', value: 'abc' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.values(errors)).toEqual(
      expect.arrayContaining(['En az bir gün seçilmelidir', 'Saat SS:DD biçiminde olmalıdır (ör. 09:30)', 'Bu alan için bu karşılaştırma kullanılamaz']),
    );
  });

  it('refuses a target user of another project (no leak of who exists)', async () => {
    const res = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, {
      ruleName: 'Yabancı',
      targetStrategy: 'user',
      targetUserId: 999_999,
      conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['points'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ targetUserId: 'Hedef kullanıcı bu projenin aktif bir üyesi değil' });
  });
});

describe('rules CRUD, audited with before and after', () => {
  it('creates, reads, lists with search/status/pagination, updates, toggles and deletes', async () => {
    const vip = await createRule(t.app, t.project.id, t.manager, {
      ruleName: 'VIP kıdemli ajana',
      targetStrategy: 'user',
      targetUserId: t.members.manager.id,
      priority: 90,
      conditions: [
        { conditionType: 'customer_segment', operator: 'in', values: ['vip'] },
        { conditionType: 'custom', field: 'amount', operator: 'gte', value: '5000' },
      ],
    });
    const created = await lastAudit(t.app, 'CREATE_ROUTING_RULE');
    expect(created?.details).toMatchObject({ before: null, after: { id: vip.id, ruleName: 'VIP kıdemli ajana' } });

    const got = (await call(t.app, 'GET', `${rulesUrl(t.project.id)}/${vip.id}`, t.manager)).json().data;
    expect(got).toMatchObject({
      ruleName: 'VIP kıdemli ajana',
      targetUser: { id: t.members.manager.id, username: t.members.manager.username },
      priority: 90,
      isActive: true,
      createdBy: { id: t.members.manager.id },
    });
    expect(got.conditions).toEqual([
      { id: expect.any(Number), conditionType: 'customer_segment', operator: 'in', values: ['vip'] },
      { id: expect.any(Number), conditionType: 'custom', field: 'amount', operator: 'gte', value: '5000' },
    ]);

    const updated = await call(t.app, 'PUT', `${rulesUrl(t.project.id)}/${vip.id}`, t.manager, {
      ruleName: 'VIP yük bazlı',
      targetStrategy: 'load_based',
      targetUserId: t.members.manager.id,
      priority: 80,
      conditions: [{ conditionType: 'customer_segment', operator: 'in', values: ['vip', 'high_risk'] }],
    });
    expect(updated.statusCode).toBe(200);
    // Another strategy's stray target is dropped.
    expect(updated.json().data).toMatchObject({ ruleName: 'VIP yük bazlı', targetUserId: null, targetUser: null, priority: 80 });
    const audit = await lastAudit(t.app, 'UPDATE_ROUTING_RULE');
    expect(audit?.details).toMatchObject({ before: { ruleName: 'VIP kıdemli ajana', priority: 90 }, after: { ruleName: 'VIP yük bazlı', priority: 80 } });

    const paused = await call(t.app, 'PATCH', `${rulesUrl(t.project.id)}/${vip.id}/toggle`, t.manager, { isActive: false });
    expect(paused.json().data.isActive).toBe(false);
    expect((await lastAudit(t.app, 'TOGGLE_ROUTING_RULE'))?.details).toEqual({ before: { isActive: true }, after: { isActive: false } });

    await createRule(t.app, t.project.id, t.manager, { ruleName: 'Puan sıralı', conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['points'] }] });
    const search = (await call(t.app, 'GET', `${rulesUrl(t.project.id)}?search=vıp&status=inactive`, t.manager)).json().data;
    expect(search.items.map((r: { id: number }) => r.id)).toEqual([vip.id]);
    expect(search.total).toBe(1);
    const paged = (await call(t.app, 'GET', `${rulesUrl(t.project.id)}?limit=1&page=2`, t.manager)).json().data;
    expect(paged.items).toHaveLength(1);
    expect(paged.totalPages).toBe(paged.total);

    const deleted = await call(t.app, 'DELETE', `${rulesUrl(t.project.id)}/${vip.id}`, t.manager);
    expect(deleted.json().data).toEqual({ id: vip.id });
    expect((await lastAudit(t.app, 'DELETE_ROUTING_RULE'))?.details).toMatchObject({ before: { id: vip.id, ruleName: 'VIP yük bazlı' }, after: null });
    expect((await call(t.app, 'GET', `${rulesUrl(t.project.id)}/${vip.id}`, t.manager)).statusCode).toBe(404);
  });

  it("a rule of another project is 404, even by its id in one's own project's path", async () => {
    const admin = (await login(t.app, t.members.super_admin.username)).accessToken;
    const foreignRule = await createRule(t.app, t.foreign.id, admin, { ruleName: 'Yabancı kural' });
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { ruleName: 'x', targetStrategy: 'random', conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['points'] }] }],
      ['DELETE', '', undefined],
      ['PATCH', '/toggle', { isActive: false }],
      ['POST', '/test', { bonusType: 'cashback', priority: 5, amount: '10' }],
    ] as const) {
      const res = await call(t.app, method, `${rulesUrl(t.project.id)}/${foreignRule.id}${suffix}`, t.manager, body);
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
  });

  it('reorders rules of one priority and refuses an order against priority', async () => {
    const a = await createRule(t.app, t.project.id, t.manager, { ruleName: 'Sıra A', priority: 30 });
    const b = await createRule(t.app, t.project.id, t.manager, { ruleName: 'Sıra B', priority: 30 });
    const high = await createRule(t.app, t.project.id, t.manager, { ruleName: 'Sıra Yüksek', priority: 31 });
    const res = await call(t.app, 'POST', `${rulesUrl(t.project.id)}/reorder`, t.manager, { ruleIds: [b.id, a.id] });
    expect(res.statusCode).toBe(200);
    const order = res.json().data.map((r: { id: number }) => r.id);
    expect(order.indexOf(high.id)).toBeLessThan(order.indexOf(b.id));
    expect(order.indexOf(b.id)).toBe(order.indexOf(a.id) - 1);
    expect((await lastAudit(t.app, 'REORDER_ROUTING_RULES'))?.details).toMatchObject({ after: { ruleIds: order } });

    const against = await call(t.app, 'POST', `${rulesUrl(t.project.id)}/reorder`, t.manager, { ruleIds: [a.id, high.id] });
    expect(against.statusCode).toBe(400);
    expect(against.json().message).toBe('Bir kural, kural sırası daha yüksek bir kuralın önüne taşınamaz; önce kural sırasını değiştirin');
    const unknown = await call(t.app, 'POST', `${rulesUrl(t.project.id)}/reorder`, t.manager, { ruleIds: [a.id, 987_654] });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('test and simulate', () => {
  it('test: the match, the target and a trace of conditions and candidates; nothing is assigned', async () => {
    const project = t.project.id;
    const online = await onlineAgent(t.app, project, { maxLoad: 3 });
    const offline = await onlineAgent(t.app, project, { online: false });
    const full = await onlineAgent(t.app, project, { maxLoad: 1 });
    await t.app.ctx.database.db.execute(
      (await import('drizzle-orm')).sql`insert into bonus_requests (project_id, status, assigned_user_id, assigned_at) values (${project}, 'assigned', ${full.id}, now())`,
    );
    const rule = await createRule(t.app, project, t.manager, {
      ruleName: 'Yüksek tutar yük bazlı',
      targetStrategy: 'load_based',
      priority: 99,
      conditions: [
        { conditionType: 'bonus_type', operator: 'in', values: ['cashback'] },
        { conditionType: 'custom', field: 'amount', operator: 'gt', value: '1000' },
      ],
    });
    const res = await call(t.app, 'POST', `${rulesUrl(project)}/${rule.id}/test`, t.manager, { bonusType: 'cashback', customerSegment: 'vip', priority: 4, amount: '2500' });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result.matched).toBe(true);
    expect(result.targetUser).toMatchObject({ id: online.id });
    expect(result.trace.conditions.map((c: { passed: boolean }) => c.passed)).toEqual([true, true]);
    expect(result.trace.conditions[1].reason).toBe('Tutar 2500 > 1000: evet');
    const reasons = Object.fromEntries(result.trace.candidates.map((c: { userId: number; reasons: string[] }) => [c.userId, c.reasons]));
    expect(reasons[online.id]).toEqual([]);
    expect(reasons[offline.id]).toEqual(['çevrimdışı']);
    expect(reasons[full.id]).toEqual(['kapasite dolu 1/1']);
    // The tenant's agent and operator never connected.
    expect(reasons[t.members.agent.id]).toEqual(['çevrimdışı']);

    const miss = (await call(t.app, 'POST', `${rulesUrl(project)}/${rule.id}/test`, t.manager, { bonusType: 'points', priority: 4, amount: '2500' })).json().data;
    expect(miss.matched).toBe(false);
    expect(miss.targetUser).toBeNull();
    expect(miss.trace.conditions[0]).toMatchObject({ passed: false, reason: 'Bonus türü Puan; beklenen: Nakit İade' });

    const stats = (await call(t.app, 'GET', `${rulesUrl(project)}/stats`, t.manager)).json().data.items;
    expect(stats.find((s: { ruleId: number }) => s.ruleId === rule.id)).toMatchObject({ matchesToday: 0, assignmentsTotal: 0, lastMatchedAt: null });
  });

  it('simulate: which rule would win, with the trace of every rule', async () => {
    const project = t.project.id;
    const sim = await call(t.app, 'POST', `${rulesUrl(project)}/simulate`, t.manager, { bonusType: 'cashback', customerSegment: null, priority: 4, amount: '2500' });
    expect(sim.statusCode).toBe(200);
    const data = sim.json().data;
    expect(data.winner).toMatchObject({ ruleName: 'Yüksek tutar yük bazlı' });
    const outcomes = data.rules.map((r: { ruleName: string; outcome: string }) => r.outcome);
    expect(outcomes[0]).toBe('assigned');
    expect(outcomes.slice(1).every((o: string) => ['not_reached', 'no_match', 'inactive'].includes(o))).toBe(true);
    expect(data.rules).toHaveLength((await call(t.app, 'GET', `${rulesUrl(project)}?limit=500`, t.manager)).json().data.total);
  });

  it('a time can be given to the test: the window is read in the project’s time zone (Istanbul)', async () => {
    const rule = await createRule(t.app, t.project.id, t.manager, {
      ruleName: 'Gece vardiyası',
      conditions: [{ conditionType: 'time_window', weekdays: [5], from: '22:00', to: '06:00' }],
    });
    const at = (iso: string) => call(t.app, 'POST', `${rulesUrl(t.project.id)}/${rule.id}/test`, t.manager, { bonusType: 'points', priority: 1, amount: '1', at: iso });
    const inside = (await at('2026-11-27T22:15:00Z')).json().data;
    expect(inside.matched).toBe(true);
    expect(inside.trace.conditions[0].reason).toBe('Saat Cmt 01:15; pencere Cum 22:00–06:00 (gece yarısını geçer)');
    expect((await at('2026-11-28T03:00:00Z')).json().data.matched).toBe(false);
  });
});

describe('one priority scale: the form’s 1–5 in conditions and in the test', () => {
  it('a threshold and the test’s priority are 1–5 levels, like the form', async () => {
    const rule = await createRule(t.app, t.project.id, t.manager, {
      ruleName: 'Yüksek öncelik',
      conditions: [{ conditionType: 'priority_threshold', operator: 'gte', value: 5 }],
    });
    const test = (priority: number) => call(t.app, 'POST', `${rulesUrl(t.project.id)}/${rule.id}/test`, t.manager, { bonusType: 'points', priority, amount: '1' });
    const high = (await test(5)).json().data;
    expect(high.matched).toBe(true);
    expect(high.trace.conditions[0].reason).toBe('Öncelik Yüksek · 5; gereken ≥ 5');
    expect((await test(4)).json().data.matched).toBe(false);
    const outOfScale = await test(8);
    expect(outOfScale.statusCode).toBe(400);
    expect(outOfScale.json().errors).toMatchObject({ priority: 'Öncelik 1-5 arasında olmalıdır' });
    const tooHigh = await call(t.app, 'POST', rulesUrl(t.project.id), t.manager, {
      ruleName: 'Eski ölçek',
      targetStrategy: 'load_based',
      priority: 50,
      conditions: [{ conditionType: 'priority_threshold', operator: 'gte', value: 8 }],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(JSON.stringify(tooHigh.json().errors)).toContain('Eşik 1-5 arasında bir tam sayı olmalıdır');
  });

  it('the migration turns a stored-scale threshold into the level that holds it', async () => {
    const { sql } = await import('drizzle-orm');
    const { readFile } = await import('node:fs/promises');
    const db = t.app.ctx.database.db;
    const rule = await createRule(t.app, t.project.id, t.manager, { ruleName: 'Eski eşikler' });
    const old = [10, 8, 7, 2, 1];
    for (const value of old) {
      // Straight into the table, as rows written before the one scale were.
      await db.execute(sql`insert into routing_rule_conditions (rule_id, condition_type, params, position) values (${rule.id}, 'priority_threshold', ${JSON.stringify({ operator: 'gte', value })}::jsonb, ${value})`);
    }
    const migration = await readFile(new URL('../../db/migrations/0027_priority-levels.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(`${migration.replace(/;\s*$/, '')} AND rule_id = ${rule.id} AND position > 0`));
    const result = await db.execute(sql`select position, (params->>'value')::int as value from routing_rule_conditions where rule_id = ${rule.id} and position > 0 order by position desc`);
    const rows = (result as unknown as { rows: { position: number; value: number }[] }).rows;
    expect(rows.map((r) => [r.position, r.value])).toEqual([[10, 5], [8, 4], [7, 4], [2, 1], [1, 1]]);
  });
});

describe('agent skills and the request segment', () => {
  it('saves and lists a member’s skills, audited; a non-member is 404', async () => {
    const agent = t.members.agent;
    const res = await call(t.app, 'PUT', `/api/projects/${t.project.id}/agents/${agent.id}/skills`, t.manager, { bonusTypes: ['points', 'cashback'], customerSegments: ['vip'] });
    expect(res.json().data).toEqual({ userId: agent.id, bonusTypes: ['cashback', 'points'], customerSegments: ['vip'] });
    const list = (await call(t.app, 'GET', `/api/projects/${t.project.id}/agent-skills`, t.manager)).json().data;
    expect(list.find((s: { userId: number }) => s.userId === agent.id)).toEqual({ userId: agent.id, bonusTypes: ['cashback', 'points'], customerSegments: ['vip'] });
    expect((await lastAudit(t.app, 'UPDATE_AGENT_SKILLS'))?.details).toEqual({
      before: { bonusTypes: [], customerSegments: [] },
      after: { bonusTypes: ['cashback', 'points'], customerSegments: ['vip'] },
    });
    const foreign = await call(t.app, 'PUT', `/api/projects/${t.project.id}/agents/999999/skills`, t.manager, { bonusTypes: [], customerSegments: [] });
    expect(foreign.statusCode).toBe(404);
  });

  it('a request carries its customer segment from the form and API', async () => {
    const operator = (await login(t.app, t.members.operator.username)).accessToken;
    const res = await call(t.app, 'POST', requestsUrl(t.project.id), operator, newRequest({ bonusType: 'other', customerSegment: 'high_risk' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.customerSegment).toBe('high_risk');
    const bad = await call(t.app, 'POST', requestsUrl(t.project.id), operator, newRequest({ customerSegment: 'gold' }));
    expect(bad.json().errors).toEqual({ customerSegment: 'Müşteri segmenti VIP, Standart, Yeni Müşteri veya Yüksek Risk olmalıdır' });
    // One creation (the refused one wrote nothing); whether an earlier test's active rule then routes it is not this test's business.
    await t.app.ctx.events.settled();
    const events = await eventsOf(t.app, res.json().data.id);
    expect(events.filter((e) => e.type === 'created')).toHaveLength(1);
    expect(events[0]!.type).toBe('created');
  });
});
