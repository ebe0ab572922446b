import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app shows screens and buttons by the abilities the server answers (login,
 * /api/auth/me), never by reading the role matrix itself: no file under web/ may import
 * common/permissions (its `can`, `Permission`, the role sets). Role labels for display
 * live in common/enums and stay allowed.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = join(ROOT, 'web');
const MATRIX = join(ROOT, 'common/permissions');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Module names a file imports, re-exports or loads dynamically, that lead to the permissions module. */
function matrixImports(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => {
      const target = name.startsWith('@common/') ? join(ROOT, 'common', name.slice('@common/'.length)) : name.startsWith('.') ? resolve(dirname(file), name) : null;
      return target !== null && target.replace(/\.(ts|tsx|js)$/, '') === MATRIX;
    });
}

describe('web never reads the role matrix', () => {
  it('no file under web/ imports common/permissions', () => {
    const files = sourceFiles(WEB);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => matrixImports(file, readFileSync(file, 'utf8')).map((name) => `${relative(ROOT, file)}: ${name}`));
    expect(offenders, 'read the server abilities from @web/stores/abilities instead').toEqual([]);
  });

  it('spots every way of importing it', () => {
    const file = join(WEB, 'features/x/pages/x-page.tsx');
    expect(matrixImports(file, "import { can } from '@common/permissions';")).toHaveLength(1);
    expect(matrixImports(file, "import type { Permission } from '@common/permissions.ts';")).toHaveLength(1);
    expect(matrixImports(file, "import { can } from '../../../../common/permissions';")).toHaveLength(1);
    expect(matrixImports(file, "export { can } from '@common/permissions';")).toHaveLength(1);
    expect(matrixImports(file, "const m = await import('@common/permissions');")).toHaveLength(1);
    expect(matrixImports(file, "import { ROLE_LABELS } from '@common/enums';")).toEqual([]);
  });
});
