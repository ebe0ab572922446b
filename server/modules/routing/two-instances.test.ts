import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@common/socket-events';
import { buildApp } from '../../app';
import { buildUser, type TestApp } from '../../test/harness';
import { nextEvent } from '../../test/socket-client';
import type { App } from '../../types';
import { call, closeSockets, connectOnline, createRule, freshProject, newRequest, requestRow, requestsUrl, routingTestBed } from './routing-test-kit';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && !process.env.CI) console.warn('two-instances: TEST_REDIS_URL is not set; the two-instance reaction test is skipped');

/**
 * Events are delivered in the instance that published them. Another instance learns of the
 * change through the database (presence's `connected` flag, read by routing inside its
 * transaction) and hears the result through the socket.io Redis adapter.
 */
describe.skipIf(!redisUrl && !process.env.CI)('a change on one instance, reactions across two', () => {
  let bed: Awaited<ReturnType<typeof routingTestBed>> & TestApp;
  let other: App;
  beforeAll(async () => {
    bed = await routingTestBed({ REDIS_URL: redisUrl! });
    other = await buildApp({ config: bed.app.ctx.config, database: bed.app.ctx.database, clock: bed.clock });
    await other.ready();
  });
  afterAll(async () => {
    closeSockets();
    await other?.close();
    await bed?.close();
  });

  it('a rule switched on at one instance hands a waiting request to an agent connected to the other, whose socket hears it', async () => {
    const project = await freshProject(bed);
    const agent = await buildUser(bed.app, { role: 'agent', projects: [project] });
    // The agent's socket is on the other instance: its presence writes them online in the database.
    const socket = await connectOnline(other, project, agent);
    const created = await call(bed.app, 'POST', requestsUrl(project), bed.manager, newRequest());
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data as { id: number; status: string };
    expect(request.status).toBe('new');

    const heard = nextEvent(socket, SOCKET_EVENTS.requestAssigned, (p) => p.id === request.id);
    await createRule(bed.app, project, bed.manager, { targetStrategy: 'user', targetUserId: agent.id });
    expect(await heard).toMatchObject({ id: request.id, agentId: agent.id, status: 'assigned' });
    await bed.app.ctx.events.settled();
    expect((await requestRow(bed.app, request.id)).assignedUserId).toBe(agent.id);
  });
});
