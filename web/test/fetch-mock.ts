import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  authorization: string | null;
  /** The X-CSRF-Token header (refresh and logout). */
  csrf: string | null;
  body: unknown;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch with `respond`, recording every call (path, method, Bearer, body). */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      csrf: headers.get('X-CSRF-Token'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
