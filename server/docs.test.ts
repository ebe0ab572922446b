import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The product's docs speak to users and operators: README stays a short front page, and neither it nor
 * docs/ carries the project's history (issue numbers, commit ids, work sessions). History lives in git.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_BYTES = 10 * 1024;

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const HISTORY_PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'an issue number', pattern: /\bissues? \d+/gi },
  { what: 'an issue reference', pattern: /#\d{2,}/g },
  // 7 to 40 hex digits holding both a letter and a digit: a commit id, not a plain number.
  { what: 'a commit id', pattern: /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/gi },
  { what: 'a work session', pattern: /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|later|earlier|this|that) session\b/gi },
];

/** Every line of `text` where `pattern` matches, as "line: match". */
export function historyFindings(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of HISTORY_PATTERNS) {
      for (const match of line.matchAll(pattern)) found.push(`${index + 1}: ${what} '${match[0]}'`);
    }
  });
  return found;
}

describe('product docs', () => {
  const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

  it('README.md is at most 10 KB', () => {
    expect(statSync(path.join(root, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('README and docs/ carry no issue numbers, commit ids or work sessions', () => {
    const findings = files.flatMap((file) => historyFindings(readFileSync(file, 'utf8')).map((f) => `${path.relative(root, file)}:${f}`));
    expect(findings).toEqual([]);
  });

  it('the history check catches what it is meant to', () => {
    expect(historyFindings('as issue 16 asked')).toHaveLength(1);
    expect(historyFindings('see #123')).toHaveLength(1);
    expect(historyFindings('the code before, `98936eb`')).toHaveLength(1);
    expect(historyFindings('sixth session: faster')).toHaveLength(1);
    expect(historyFindings('1,000,000 rows, id 4595004, 2,571 req/s')).toEqual([]);
  });

  it('every docs/ link in README points to a file that exists', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\((docs\/[^)#]+)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(statSync(path.join(root, link)).isFile(), link).toBe(true);
  });
});
