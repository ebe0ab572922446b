import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, SPEC_TEXTS, type AvoidedWord } from './glossary';

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['web', 'common', 'server'];
const SELF = ['common/glossary.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !SELF.includes(path) ? [path] : [];
  });
}

/** Every text a person may read: string literals, template parts and JSX text (comments are not read). */
function textsOf(path: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      // Import paths and object keys are code, not text.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) {
        texts.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const fold = (s: string) => s.toLocaleLowerCase('tr');

function uses(text: string, word: AvoidedWord): boolean {
  let rest = text;
  for (const spec of SPEC_TEXTS) rest = rest.split(spec).join(' ');
  if (word.whole) return rest.trim() === word.phrase;
  const escaped = fold(word.phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\p{L})${escaped}`, 'u').test(fold(rest));
}

export function glossaryViolations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const { text, line } of textsOf(file)) {
      for (const entry of GLOSSARY) {
        for (const word of entry.avoid) {
          if (word.allowIn?.includes(file) || !uses(text, word)) continue;
          found.push(`${file}:${line} "${text.trim().slice(0, 80)}" says '${word.phrase}' for ${entry.concept}; say '${entry.word}'`);
        }
      }
    }
  }
  return found;
}

describe('one word per concept (common/glossary.ts)', () => {
  const files = SCANNED.flatMap(sourceFiles);

  it('reads the web and common sources', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.map((f) => relative(ROOT, join(ROOT, f)))).toContain('web/features/bonus/model/table-url-state.ts');
  });

  it('no screen text uses a synonym the glossary avoids', () => {
    expect(glossaryViolations(files)).toEqual([]);
  });

  it('catches a synonym in a string, a template and JSX text, but not the spec’s own texts or a comment', () => {
    expect(uses('Ajana ata', { phrase: 'ajan' })).toBe(true);
    expect(uses('Yeni', { phrase: 'Yeni', whole: true })).toBe(true);
    expect(uses('Yeni Kullanıcı', { phrase: 'Yeni', whole: true })).toBe(false);
    expect(uses('Talep tekrar kuyruğa alındı', { phrase: 'kuyruğa' })).toBe(false);
    expect(uses('Talep kuyruğa alındı', { phrase: 'kuyruğa' })).toBe(true);
    expect(uses('Aktif Atamalar', { phrase: 'aktif atama' })).toBe(false);
    expect(uses('İŞLEMDE', { phrase: 'işlemde' })).toBe(true);
  });
});
