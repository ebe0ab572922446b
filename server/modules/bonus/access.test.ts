import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@common/enums';
import { bonusTestBed, insertRequest } from './bonus-test-kit';
import { accessRules } from './access.test-table';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let requestId: number;
beforeAll(async () => {
  bed = await bonusTestBed();
  requestId = (await insertRequest(bed.app, bed.project.id)).id;
});
afterAll(async () => {
  await bed?.close();
});

const path = (url: string, projectId: number) => url.replace(':projectId', String(projectId)).replace(':requestId', String(requestId));

/** Every bonus endpoint × every role × own project / foreign project / no token. */
describe('bonus endpoints: who gets past authorization', () => {
  for (const rule of accessRules) {
    it(`${rule.method} ${rule.url}`, async () => {
      const call = (projectId: number, token?: string) =>
        bed.app.inject({
          method: rule.method,
          url: path(rule.url, projectId),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          // Deliberately invalid where a body is read: authorization must answer before validation.
          ...(rule.method === 'POST' ? { payload: { unexpected: true } } : {}),
        });
      expect((await call(bed.project.id)).statusCode).toBe(401);
      for (const role of ROLES) {
        const own = await call(bed.project.id, bed.tokens[role]);
        const allowed = rule.roles !== 'public' && rule.roles.includes(role);
        if (allowed) expect([200, 201, 400, 409], `${role}: ${own.body}`).toContain(own.statusCode);
        else expect(own.statusCode, role).toBe(403);
        // super_admin sees every project; anyone else gets 404 for a project they are not in.
        const foreign = await call(bed.foreign.id, bed.tokens[role]);
        if (role === 'super_admin') expect(foreign.statusCode).not.toBe(401);
        else expect(foreign.statusCode, role).toBe(404);
      }
    });
  }
});
