import http from 'node:http';

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  /** CPU seconds used during the measured window, per probe key. */
  cpuSeconds: Record<string, number>;
}

/** GET the paths with `concurrency` clients on keep-alive connections for `seconds`. */
export async function runLoad(opts: {
  name: string;
  port: number;
  token: string;
  paths: string[];
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  probe?: () => Record<string, number>;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: opts.port, path, method: 'GET', agent, headers: { authorization: `Bearer ${opts.token}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });

  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let running = true;
  let next = 0;
  const client = async () => {
    while (running) {
      const path = opts.paths[next++ % opts.paths.length]!;
      const start = process.hrtime.bigint();
      const status = await get(path).catch(() => 0);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (!measuring) continue;
      latencies.push(ms);
      if (status !== 200) errors++;
    }
  };
  const clients = Array.from({ length: opts.concurrency }, client);
  await new Promise((r) => setTimeout(r, opts.warmupSeconds * 1000));
  const cpuBefore = opts.probe?.() ?? {};
  measuring = true;
  const started = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  measuring = false;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = opts.probe?.() ?? {};
  const cpuSeconds = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, cpuAfter[k]! - (cpuBefore[k] ?? 0)]));
  running = false;
  await Promise.all(clients);
  agent.destroy();
  return { name: opts.name, requests: latencies.length, errors, seconds, latenciesMs: latencies, cpuSeconds };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarise(result: LoadResult) {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return {
    query: result.name,
    'req/s': Math.round(result.requests / result.seconds),
    'p50 ms': +percentile(sorted, 50).toFixed(2),
    'p95 ms': +percentile(sorted, 95).toFixed(2),
    'p99 ms': +percentile(sorted, 99).toFixed(2),
    'max ms': +(sorted[sorted.length - 1] ?? NaN).toFixed(2),
    requests: result.requests,
    'non-200': result.errors,
    ...Object.fromEntries(
      Object.entries(result.cpuSeconds).map(([k, v]) => [`${k} CPU µs/req`, result.requests ? Math.round((v * 1e6) / result.requests) : NaN]),
    ),
  };
}
