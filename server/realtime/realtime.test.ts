import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { connectSocket, listen, waitForDisconnect } from '../test/socket-client';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function member() {
  const project = await buildProject(t.app);
  const user = await buildUser(t.app, { role: 'agent', projects: [project.id] });
  const tokens = await login(t.app, user.username);
  return { project, user, tokens };
}

describe('socket handshake', () => {
  it('fails without a project with "Project not specified"', async () => {
    const { tokens } = await member();
    const result = await connectSocket(base, { token: tokens.accessToken });
    expect(result.error).toBe('Project not specified');
  });

  it('refuses a project the user is not a member of', async () => {
    const { tokens } = await member();
    const foreign = await buildProject(t.app);
    const result = await connectSocket(base, { token: tokens.accessToken, projectId: foreign.id });
    expect(result.error).toBeDefined();
    expect(result.error).not.toBe('Project not specified');
  });

  it('refuses a missing or forged token', async () => {
    const { project } = await member();
    expect((await connectSocket(base, { projectId: project.id })).error).toBeDefined();
    expect((await connectSocket(base, { token: 'not.a.jwt', projectId: project.id })).error).toBeDefined();
  });

  it('refuses a foreign Origin', async () => {
    const { project, tokens } = await member();
    const result = await connectSocket(base, { token: tokens.accessToken, projectId: project.id, origin: 'https://evil.example' });
    expect(result.error).toBeDefined();
  });

  it('connects a member and refuses joining another project room', async () => {
    const { project, tokens } = await member();
    const foreign = await buildProject(t.app);
    const { socket, error } = await connectSocket(base, { token: tokens.accessToken, projectId: project.id });
    expect(error).toBeUndefined();
    const own = await socket.emitWithAck('join-project', project.id);
    const other = await socket.emitWithAck('join-project', foreign.id);
    expect(own).toEqual({ ok: true });
    expect(other.ok).toBe(false);
    socket.close();
  });

  it('delivers project events only to that project room', async () => {
    const a = await member();
    const b = await member();
    const sa = (await connectSocket(base, { token: a.tokens.accessToken, projectId: a.project.id })).socket;
    const sb = (await connectSocket(base, { token: b.tokens.accessToken, projectId: b.project.id })).socket;
    const received: string[] = [];
    sa.on('settings-changed', () => received.push('a'));
    sb.on('settings-changed', () => received.push('b'));
    const bHeardItsOwn = new Promise<void>((resolve) => sb.on('settings-changed', (p: { projectId: number }) => p.projectId === b.project.id && resolve()));
    t.app.ctx.realtime.emitToProject(a.project.id, 'settings-changed', { projectId: a.project.id });
    // b's own project event, sent after: once it arrives, a's would have arrived before it.
    t.app.ctx.realtime.emitToProject(b.project.id, 'settings-changed', { projectId: b.project.id });
    await bHeardItsOwn;
    await vi.waitUntil(() => received.includes('a'), { timeout: 10_000 });
    expect(received.sort()).toEqual(['a', 'b']);
    sa.close();
    sb.close();
  });
});

describe('revocation', () => {
  it("closes a revoked session's sockets within a second and leaves other users connected", async () => {
    const target = await member();
    const bystander = await member();
    const s1 = (await connectSocket(base, { token: target.tokens.accessToken, projectId: target.project.id })).socket;
    const s2 = (await connectSocket(base, { token: bystander.tokens.accessToken, projectId: bystander.project.id })).socket;
    expect(s1.connected && s2.connected).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(target.tokens.accessToken) });
    expect(await waitForDisconnect(s1, 1_000)).toBe(true);
    expect(s2.connected).toBe(true);
    s2.close();
  });
});
