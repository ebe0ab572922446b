import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { openApiDocument, type OpenApiDocument } from '../lib/openapi';

/**
 * Every JSON answer a server test receives is checked against the OpenAPI document: the response
 * schema of its operation and status. A schema that drifts from what the server sends, or a
 * status the document does not list, fails the test that met it. Files (xlsx, CSV) are skipped.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
type Route = { method: string; pattern: RegExp; params: number; path: string; operation: Operation };

export class OpenApiMismatch extends Error {
  override name = 'OpenApiMismatch';
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/i;

/** Validates answers against one document; compiles each operation's schema the first time it is met. */
export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, formats: { 'date-time': (s: string) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) } });
    this.routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        return { method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), params: (path.match(/\{/g) ?? []).length, path, operation: operation as Operation };
      }),
    );
    // A literal segment wins over a parameter ('/requests/export' before '/requests/{requestId}').
    this.routes.sort((a, b) => a.params - b.params);
  }

  private routeOf(method: string, url: string): Route | undefined {
    const path = url.split('?')[0]!;
    return this.routes.find((r) => r.method === method && r.pattern.test(path));
  }

  private validatorOf(route: Route, status: string, schema: object): ValidateFunction {
    const key = `${route.method} ${route.path} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // The document's components travel with the schema, so its `#/components/…` references resolve.
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /**
   * Throws OpenApiMismatch when a JSON answer to a documented operation is not what the document
   * says for its status. Answers to paths the API does not have (404 of an unknown route) pass.
   */
  check(method: string, url: string, response: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
    const route = this.routeOf(method.toUpperCase(), url);
    if (!route) return;
    const where = `${method.toUpperCase()} ${url} → ${response.statusCode} (${route.path})`;
    const contentType = String(response.headers['content-type'] ?? '');
    const documented = route.operation.responses[String(response.statusCode)];
    if (!documented) throw new OpenApiMismatch(`${where}: status ${response.statusCode} is not in the OpenAPI document (server/lib/openapi.ts). Body: ${response.body.slice(0, 300)}`);
    if (!JSON_TYPE.test(contentType)) return;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) throw new OpenApiMismatch(`${where}: answered JSON, but the document lists no JSON body for this status`);
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new OpenApiMismatch(`${where}: Content-Type says JSON but the body does not parse: ${response.body.slice(0, 200)}`);
    }
    const validate = this.validatorOf(route, String(response.statusCode), schema);
    if (!validate(body)) {
      throw new OpenApiMismatch(`${where}: the answer does not match the OpenAPI document:\n${describe(validate.errors ?? [])}\nBody: ${response.body.slice(0, 500)}`);
    }
  }
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 10)
    .map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)} (${e.schemaPath})`)
    .join('\n');
}

let shared: AnswerChecker | undefined;
/** One checker per test file (the document is built once, schemas compile as they are met). */
export const answerChecker = () => (shared ??= new AnswerChecker(openApiDocument()));

type InjectOptions = { method?: string; url?: string; path?: string | { pathname?: string } };

/**
 * Wraps `app.inject` so every answer to a call made with options is checked (the chained and
 * callback forms are left as they are; the tests do not use them).
 */
export function checkAnswers<A extends { inject: (...args: never[]) => unknown }>(app: A, checker: AnswerChecker = answerChecker()): A {
  const inject = (app.inject as (...args: unknown[]) => unknown).bind(app);
  const wrapped = (...args: unknown[]) => {
    const [options] = args;
    if (args.length !== 1 || typeof options !== 'object' || options === null) return inject(...args);
    const { method = 'GET', url, path } = options as InjectOptions;
    const target = url ?? (typeof path === 'string' ? path : path?.pathname) ?? '/';
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      checker.check(method, target, { statusCode: response.statusCode, headers: response.headers, body: response.body });
      return response;
    });
  };
  (app as { inject: unknown }).inject = wrapped;
  return app;
}
