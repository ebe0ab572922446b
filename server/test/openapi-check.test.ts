import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../lib/openapi';
import { AnswerChecker, answerChecker, checkAnswers, OpenApiMismatch } from './openapi-check';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const healthy = { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: false };
const answer = (statusCode: number, body: unknown, headers: Record<string, string> = JSON_HEADERS) => ({
  statusCode,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the test harness checks answers against the OpenAPI document', () => {
  const checker = answerChecker();

  it('passes an answer that matches, and one to a path the API does not have', () => {
    expect(() => checker.check('GET', '/api/health', answer(200, healthy))).not.toThrow();
    expect(() => checker.check('GET', '/api/no-such-route', answer(404, { anything: 1 }))).not.toThrow();
  });

  it('fails an answer that drifted from its schema, naming path, status and the schema error', () => {
    expect(() => checker.check('GET', '/api/health', answer(200, { ...healthy, database: 'sideways' }))).toThrow(
      /GET \/api\/health → 200[\s\S]*\/database must be equal to one of the allowed values/,
    );
    expect(() => checker.check('GET', '/api/auth/me', answer(401, { success: false, code: 'UNAUTHORIZED' }))).toThrow(OpenApiMismatch);
  });

  it('fails an error code the operation does not document', () => {
    // 409 is documented nowhere for the health probe, and ALREADY_CLAIMED is no 401 code.
    expect(() => checker.check('GET', '/api/health', answer(409, { success: false, code: 'CONFLICT', message: 'x' }))).toThrow(/status 409 is not in the OpenAPI document/);
    expect(() => checker.check('GET', '/api/auth/me', answer(401, { success: false, code: 'ALREADY_CLAIMED', message: 'x' }))).toThrow(/code/);
  });

  it('matches a literal path segment before a parameter', () => {
    const url = '/api/bonus/projects/1/requests/export?format=csv';
    expect(() => checker.check('GET', url, answer(200, 'a;b\n', { 'content-type': 'text/csv; charset=utf-8' }))).not.toThrow();
  });

  it('catches a document whose schema drifted from what the server sends', () => {
    const drifted = openApiDocument();
    const health = drifted.paths['/api/health']!.get!.responses as Record<string, { content: Record<string, { schema: { required: string[] } }> }>;
    health['200']!.content['application/json']!.schema.required.push('uptime');
    expect(() => new AnswerChecker(drifted).check('GET', '/api/health', answer(200, healthy))).toThrow(/must have required property 'uptime'/);
  });

  it('rejects the inject call of a wrapped app', async () => {
    const app = checkAnswers({ inject: async (_options: unknown) => ({ statusCode: 200, headers: JSON_HEADERS, body: JSON.stringify({ status: 'kaput' }) }) });
    await expect(app.inject({ method: 'GET', url: '/api/health' })).rejects.toThrow(OpenApiMismatch);
  });
});
