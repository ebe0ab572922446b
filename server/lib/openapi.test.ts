import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@common/contract';
import { API_ERROR_STATUS } from '@common/error-codes';
import { ERROR_ENVELOPE_REF, openApiDocument, openApiPath } from './openapi';

const doc = openApiDocument();
const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op: op as Record<string, unknown> })),
);
type Responses = Record<string, { content?: Record<string, { schema?: { allOf?: { $ref?: string; properties?: { code?: { enum?: string[] } } }[] } }> }>;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with servers, and one operation per contract endpoint', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(operations.map((o) => o.key).sort()).toEqual(endpoints.map((e) => `${e.method} ${openApiPath(e.path)}`).sort());
  });

  it('gives every operation a unique operationId, a summary and tags declared globally', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const { key, op } of operations) {
      if (typeof op.operationId !== 'string' || !op.operationId) problems.push(`${key}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${key}: operationId ${op.operationId} twice`);
      else ids.add(op.operationId);
      if (typeof op.summary !== 'string' || !op.summary) problems.push(`${key}: no summary`);
      const tags = op.tags as string[] | undefined;
      if (!tags?.length) problems.push(`${key}: no tag`);
      for (const tag of tags ?? []) if (!declared.has(tag)) problems.push(`${key}: tag ${tag} not declared`);
    }
    expect(problems).toEqual([]);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });

  it('marks exactly the public endpoints with security: [] and leaves the bearer default on the others', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const endpoint of endpoints) {
      const op = doc.paths[openApiPath(endpoint.path)]![endpoint.method.toLowerCase()]!;
      if (endpoint.access === 'public') expect(op.security, `${endpoint.method} ${endpoint.path}`).toEqual([]);
      else expect(op.security, `${endpoint.method} ${endpoint.path}`).toBeUndefined();
    }
    const publicOps = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0).map((o) => o.key);
    expect(publicOps).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/refresh', 'GET /api/health']));
  });

  it('documents every error answer with the shared envelope, and only codes of that status', () => {
    for (const { key, op } of operations) {
      const responses = op.responses as Responses;
      const failures = Object.keys(responses).filter((s) => Number(s) >= 400);
      // Every operation can fail its input or the server; signed-in ones answer 401 without a session.
      expect(failures, key).toEqual(expect.arrayContaining(['400', '500']));
      if (op.security === undefined) expect(failures, key).toEqual(expect.arrayContaining(['401']));
      for (const status of failures) {
        const allOf = responses[status]!.content?.['application/json']?.schema?.allOf;
        if (!allOf) continue; // a probe's 503 is its own body
        expect(allOf[0]!.$ref, `${key} ${status}`).toBe(ERROR_ENVELOPE_REF);
        for (const code of allOf[1]!.properties!.code!.enum!) {
          expect(API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS], `${key} ${status} ${code}`).toBe(Number(status));
        }
      }
    }
  });

  it('names the content types of the file exports', () => {
    const exportOp = doc.paths['/api/projects/{projectId}/reports/{type}/export']!.get!;
    const content = (exportOp.responses as Responses)['200']!.content!;
    expect(Object.keys(content).sort()).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv; charset=utf-8']);
  });

  it('uses JSON Schema types for null, never the 3.0 `nullable`', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"nullable"');
    expect(text).toContain('"type":"null"');
  });

  it('passes Redocly CLI lint with the repository rules (no error, no warning)', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = path.join(root, 'node_modules/.bin/redocly');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const run = promisify(execFile)(bin, ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=summary'], { env, cwd: root });
    const { stdout, stderr } = await run.catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
    expect(`${stdout}${stderr}`).not.toMatch(/You have \d+ warning/);
  }, 60_000);
});
