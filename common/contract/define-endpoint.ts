import type { z } from 'zod';
import type { ApiErrorCode } from '../error-codes';
import type { Permission } from '../permissions';
import type { ApiTokenAbility } from '../schemas/api-tokens';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: a permission of the matrix, any signed-in user, or anyone. */
export type EndpointAccess = Permission | 'authenticated' | 'public';

/**
 * One endpoint of the API, defined once and read by both sides: the server registers its
 * route from it (permission, validation, OpenAPI, the success envelope), the web app calls
 * it through `apiCall` with the types inferred from the same schemas.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify path syntax, e.g. '/api/bonus/projects/:projectId/requests/:requestId'. */
  path: `/api/${string}`;
  access: EndpointAccess;
  /** Turkish one-line description for the OpenAPI document. */
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the `{ success: true, data }` envelope (for a `raw` endpoint: the whole answer, if JSON). */
  response?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: 200 | 201 | 202;
  /** A machine's API token with this ability may call it too, in its own project (schemas/api-tokens.ts). */
  apiToken?: ApiTokenAbility;
  /** The answer is not the JSON envelope (a file download, the health probe): the handler sends it. */
  raw?: boolean;
  /** For a `raw` file download: the content types it may send (the OpenAPI document lists them). */
  produces?: readonly string[];
  /** For a `raw` probe: the same body also comes with 503 when the instance is not fit for traffic. */
  unavailableBody?: boolean;
  /**
   * The failure codes the endpoint's own work may answer, beyond those every route gets from its
   * declaration (validation, session, role, project membership, server errors). The OpenAPI
   * document lists each with its status; the server tests fail on an answer the document lacks.
   */
  errors?: readonly ApiErrorCode[];
}

/** Identity at runtime; keeps the literal types so the schemas' types reach both sides. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** Parsed (server-side) parts of a call. */
export type EndpointParams<E extends EndpointDefinition> = Out<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = Out<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = Out<E['body']>;
/** What a successful call answers (the envelope's `data`). */
export type EndpointData<E extends EndpointDefinition> = E['response'] extends z.ZodType ? z.output<E['response']> : unknown;

/** What a caller passes: each part the endpoint declares, in its input (pre-parse) form. */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: undefined });

/** The concrete URL path of a call: each `:name` replaced by its encoded value. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Method and path, the key the route table and tests use ('GET /api/health'). */
export const endpointKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
