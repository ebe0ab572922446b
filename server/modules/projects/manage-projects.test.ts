import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES } from '@common/schemas/projects';
import { projects, projectSettings } from '../../db/schema';
import { decryptSecret } from '../../lib/secrets';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const { members } = await buildTenant(t.app);
  token = (await login(t.app, members.super_admin.username)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Gizli-Veritabani-Sifresi-42';
let n = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  code: `PRJ${n++}`,
  name: 'Deneme Projesi',
  baseUrl: 'https://deneme.example.com',
  dbHost: 'db.example.com',
  dbName: 'bonus',
  dbUser: 'reader',
  ...extra,
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

async function storedCipher(id: number) {
  const [row] = await t.app.ctx.database.db.select({ enc: projects.dbPasswordEnc }).from(projects).where(eq(projects.id, id));
  return row!.enc;
}

describe('project form validation', () => {
  it('trims every field and answers each blank one with its §5 message', async () => {
    const res = await call('POST', '/api/projects', { code: '   ', name: ' ', baseUrl: '', dbHost: '\t', dbName: '  ', dbUser: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      code: PROJECT_MESSAGES.codeRequired,
      name: PROJECT_MESSAGES.nameRequired,
      baseUrl: PROJECT_MESSAGES.baseUrlRequired,
      dbHost: PROJECT_MESSAGES.dbHostRequired,
      dbName: PROJECT_MESSAGES.dbNameRequired,
      dbUser: PROJECT_MESSAGES.dbUserRequired,
    });
  });

  it('stores trimmed values and refuses a taken code with 409 on the code field', async () => {
    const body = form({ code: '  TRIMME  ', name: '  Boşluklu Ad ' });
    const res = await call('POST', '/api/projects', body);
    expect(res.json().data).toMatchObject({ code: 'TRIMME', name: 'Boşluklu Ad' });
    const again = await call('POST', '/api/projects', form({ code: 'trimme' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.code).toBe(PROJECT_MESSAGES.codeTaken);
  });
});

describe('the database password is write-only', () => {
  it('is ciphertext at rest, never in a response, never in the logs', async () => {
    const created = await call('POST', '/api/projects', form({ dbPassword: PASSWORD }));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data.hasDbPassword).toBe(true);

    const enc = await storedCipher(id);
    expect(enc).not.toContain(PASSWORD);
    expect(enc).toMatch(/^v1\./);
    expect(decryptSecret(enc!, t.app.ctx.keys.encryption)).toBe(PASSWORD);

    // Everything that answers with the project, plus failing calls that carry the password.
    const responses = [
      created,
      await call('GET', '/api/projects'),
      await call('GET', `/api/projects/${id}`),
      await call('PUT', `/api/projects/${id}`, form({ code: created.json().data.code, dbPassword: PASSWORD })),
      await call('PATCH', `/api/projects/${id}/toggle`, { isActive: false }),
      await call('POST', '/api/projects', form({ code: created.json().data.code, dbPassword: PASSWORD })),
      await call('POST', '/api/projects', { dbPassword: PASSWORD }),
      await call('GET', `/api/projects/${id}/audit-logs?limit=100`),
    ];
    for (const res of responses) {
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toContain(enc!);
    }
    expect(responses[6]!.statusCode).toBe(400);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('left blank on edit keeps the stored password; a new one replaces it', async () => {
    const created = await call('POST', '/api/projects', form({ dbPassword: PASSWORD }));
    const { id, code } = created.json().data;
    const before = await storedCipher(id);
    for (const dbPassword of [undefined, '', '   ']) {
      const res = await call('PUT', `/api/projects/${id}`, form({ code, name: 'Yeni Ad', dbPassword }));
      expect(res.statusCode).toBe(200);
      expect(await storedCipher(id)).toBe(before);
    }
    await call('PUT', `/api/projects/${id}`, form({ code, dbPassword: 'yeni-sifre-99' }));
    expect(decryptSecret((await storedCipher(id))!, t.app.ctx.keys.encryption)).toBe('yeni-sifre-99');
  });
});

describe('project management', () => {
  it('creates the settings row, edits, toggles and deletes', async () => {
    const created = await call('POST', '/api/projects', form());
    const { id, code } = created.json().data;
    const [settings] = await t.app.ctx.database.db.select().from(projectSettings).where(eq(projectSettings.projectId, id));
    expect(settings).toBeDefined();
    const edited = await call('PUT', `/api/projects/${id}`, form({ code, baseUrl: 'https://yeni.example.com', dbPort: 6543 }));
    expect(edited.json().data).toMatchObject({ baseUrl: 'https://yeni.example.com', dbPort: 6543, lastSyncAt: null });
    const off = await call('PATCH', `/api/projects/${id}/toggle`, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    const inactive = await call('GET', '/api/projects?status=inactive');
    expect(inactive.json().data.map((p: { id: number }) => p.id)).toContain(id);
    const del = await call('DELETE', `/api/projects/${id}`);
    expect(del.json().data).toEqual({ id, deleted: true });
    expect((await call('GET', `/api/projects/${id}`)).statusCode).toBe(404);
  });

  it('admins read their own projects only and manage none', async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    const admin = (await login(t.app, members.admin.username)).accessToken;
    expect((await call('GET', `/api/projects/${project.id}`, undefined, admin)).json().data.code).toBe(project.code);
    const other = await call('GET', `/api/projects/${foreign.id}`, undefined, admin);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(foreign.code);
    expect((await call('PUT', `/api/projects/${project.id}`, form({ code: project.code }), admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/projects', form(), admin)).statusCode).toBe(403);
  });
});
