import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every status change of a request, single or bulk, goes through the transition table
 * (request-state-machine.ts). This scan keeps it so: an UPDATE of bonus_requests that writes
 * `status` anywhere else in the server's code fails here.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATE_MACHINE = 'modules/bonus/request-state-machine.ts';
/** Not our requests: the demo's stand-in for a project's own system, whose table has the same name. */
const OTHER_SYSTEMS = ['modules/bridge-sync/demo/demo-external-system.ts'];
const isTestCode = (file: string) => /\.test\.ts$|-test-kit\.ts$|(^|\/)(test|test-support)\//.test(file);

/** The status writes in a source text: each UPDATE of bonus_requests whose SET part (up to its WHERE) names status. */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  for (const update of source.matchAll(/\.update\(bonusRequests\)|\bupdate\s+bonus_requests\b/gi)) {
    const rest = source.slice(update.index);
    const setPart = rest.slice(0, rest.search(/\bwhere\b/i) >>> 0);
    if (/\bstatus\s*[:=,}]/.test(setPart)) found.push(setPart.slice(0, 120).replace(/\s+/g, ' '));
  }
  return found;
}

function serverFiles(): string[] {
  return (readdirSync(SERVER, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !isTestCode(f));
}

describe('request status writes', () => {
  it('are made only by the state machine', () => {
    const outside = serverFiles()
      .filter((f) => f !== STATE_MACHINE && !OTHER_SYSTEMS.includes(f))
      .flatMap((f) => statusWrites(readFileSync(path.join(SERVER, f), 'utf8')).map((w) => `${f}: ${w}`));
    expect(outside).toEqual([]);
  });

  it('the scan recognises a status write (the state machine has one)', () => {
    expect(statusWrites(readFileSync(path.join(SERVER, STATE_MACHINE), 'utf8'))).not.toEqual([]);
    expect(statusWrites("await tx.update(bonusRequests).set({ status: 'queued' }).where(eq(bonusRequests.id, id));")).toHaveLength(1);
    expect(statusWrites('update bonus_requests b set amount = 1, status = case when 1 = 1 then x end where b.id = 1')).toHaveLength(1);
    expect(statusWrites('update bonus_requests set amount = 1 where status = $1')).toEqual([]);
  });
});
