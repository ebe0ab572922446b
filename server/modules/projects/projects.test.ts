import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; code: string; name: string }[];
};

it("lists only the caller's projects; super_admin sees all; never the database password", async () => {
  const mine = await buildProject(t.app, { name: 'Benim Projem' });
  const other = await buildProject(t.app, { name: 'Başka Proje' });
  const operator = await buildUser(t.app, { role: 'operator', projects: [mine.id] });
  const superAdmin = await buildUser(t.app, { role: 'super_admin' });
  const opToken = (await login(t.app, operator.username)).accessToken;
  const saToken = (await login(t.app, superAdmin.username)).accessToken;

  expect((await list(opToken)).map((p) => p.id)).toEqual([mine.id]);
  const all = (await list(saToken)).map((p) => p.id);
  expect(all).toEqual(expect.arrayContaining([mine.id, other.id]));

  const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(saToken) });
  expect(res.body).not.toMatch(/dbPassword"|db_password/);
});

it('filters by search (name or code, case-insensitive) and status', async () => {
  const p = await buildProject(t.app, { name: 'Yıldız Özel', code: 'YOZEL' });
  const superAdmin = await buildUser(t.app, { role: 'super_admin' });
  const token = (await login(t.app, superAdmin.username)).accessToken;
  expect((await list(token, '?search=yoz')).map((x) => x.id)).toEqual([p.id]);
  expect((await list(token, `?search=${encodeURIComponent('Yıldız Öz')}`)).map((x) => x.id)).toEqual([p.id]);
  expect((await list(token, '?status=inactive')).length).toBe(0);
  const bad = await t.app.inject({ method: 'GET', url: '/api/projects?status=weird', headers: bearer(token) });
  expect(bad.statusCode).toBe(400);
});
