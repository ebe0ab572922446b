import type { TestApp } from './harness';

/**
 * Every registered method + path, read back from Fastify's own route tree. The tree
 * prints parameters at one position under every name used there (':id|:projectId');
 * one position is one route whatever its name, so a rule matches any of the names.
 */
export function registeredRoutes(t: TestApp): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const url = stack.join('') + m[2]!;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD' && method !== '-') out.push({ method, url });
    }
  }
  return out;
}

