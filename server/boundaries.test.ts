import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs over the real tree. This
 * shows the same rules fail on what they forbid: a new import loop (through types too), a reach
 * into another module past its index, a web feature importing another.
 */
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: unknown[] };
const dirs: string[] = [];
const cwd = process.cwd();

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  process.chdir(root);
  try {
    const result = await cruise(['server', 'web'].filter((d) => Object.keys(files).some((f) => f.startsWith(d))), {
      validate: true,
      ruleSet: { forbidden: config.forbidden } as never,
      tsPreCompilationDeps: true,
    });
    const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
    return output.summary.violations.map((v) => v.rule.name).sort();
  } finally {
    process.chdir(cwd);
  }
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the boundaries lint keeps', () => {
  it('fails on an import loop between two modules, even through a type-only import', async () => {
    expect(
      await violations({
        'server/modules/a/index.ts': "export { x } from './x';\n",
        'server/modules/a/x.ts': "import { y } from '../b';\nexport const x = () => y;\n",
        'server/modules/b/index.ts': "export { y } from './y';\n",
        'server/modules/b/y.ts': "import type { X } from '../a';\nexport const y: X | number = 1;\n",
        'server/modules/a/types.ts': 'export type X = string;\n',
      }),
    ).toContain('no-circular');
  });

  it('fails on a module reaching past another module\'s index, and passes through it', async () => {
    const deep = await violations({
      'server/modules/a/index.ts': "export { x } from './x';\n",
      'server/modules/a/x.ts': "import { y } from '../b/y';\nexport const x = y;\n",
      'server/modules/b/index.ts': "export { y } from './y';\n",
      'server/modules/b/y.ts': 'export const y = 1;\n',
    });
    expect(deep).toEqual(['server-module-public-entry-between-modules']);
    const throughIndex = await violations({
      'server/modules/a/index.ts': "export { x } from './x';\n",
      'server/modules/a/x.ts': "import { y } from '../b';\nexport const x = y;\n",
      'server/modules/b/index.ts': "export { y } from './y';\n",
      'server/modules/b/y.ts': 'export const y = 1;\n',
    });
    expect(throughIndex).toEqual([]);
  });

  it('fails on a web feature importing another feature', async () => {
    expect(
      await violations({
        'web/features/one/page.ts': "import { two } from '../two/page';\nexport const one = two;\n",
        'web/features/two/page.ts': 'export const two = 2;\n',
      }),
    ).toEqual(['web-features-apart']);
  });
});
