import http from 'node:http';

/**
 * The load generator's HTTP client. It connects from 127.0.0.2 (any 127/8 address is this machine)
 * so the audit log can tell the user's address from nginx's (127.0.0.1). No retries: a failed
 * request is a failed request.
 */
export const CLIENT_ADDRESS = '127.0.0.2';

export interface Answer {
  status: number;
  body: unknown;
  requestId: string | undefined;
}

/**
 * A new connection per request. On `nginx -s reload` (the rolling restart's first step) old
 * workers close their idle keep-alive connections; a browser resends a request whose reused
 * connection closed before any answer, Node's client reports it instead. Not reusing
 * connections keeps that nginx race out without any retry here.
 */
const agent = new http.Agent({ keepAlive: false, maxSockets: 32 });

export function request(base: string, method: string, path: string, options: { token?: string; body?: unknown; fromAddress?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        localAddress: options.fromAddress ?? CLIENT_ADDRESS,
        headers: {
          accept: 'application/json',
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON (an nginx error page): kept as text
          }
          const rid = res.headers['x-request-id'];
          resolve({ status: res.statusCode ?? 0, body, requestId: typeof rid === 'string' ? rid : undefined });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function closeClients(): void {
  agent.destroy();
}
