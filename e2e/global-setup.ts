import type { FullConfig } from '@playwright/test';

/**
 * The browser tests sign in as the demo staff and claim requests by hand, each expecting its
 * own moves. The demo's routing rules would hand waiting work to whoever comes online (issue 11),
 * so they are paused here, once, before any test: routing-rules.spec.ts makes and tests its own.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  await waitForHealth(baseURL);
  const token = await signIn(baseURL);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  for (const project of await call<{ id: number }[]>('GET', '/api/projects')) {
    const rules = await call<{ items: { id: number; isActive: boolean }[] }>('GET', `/api/projects/${project.id}/routing-rules?limit=500`);
    for (const rule of rules.items.filter((r) => r.isActive)) {
      await call('PATCH', `/api/projects/${project.id}/routing-rules/${rule.id}/toggle`, { isActive: false });
    }
  }
}

/** Playwright starts the server for the tests; this waits until it answers either way. */
async function waitForHealth(baseURL: string) {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the server did not answer /api/health within 240 s');
}

async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superadmin', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`global setup sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}
