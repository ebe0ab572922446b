import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type Statement } from 'pgsql-ast-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A request's status and its companion columns are written by the one move operation alone
 * (move-requests.ts over request-state-machine.ts). This test parses every SQL text of the server
 * (template literals in .ts files, .sql files and the statements inside their functions) and every
 * Drizzle `.update(…).set({…})`, and fails when anything else writes one of those columns.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The columns a move owns, per table. */
const MOVE_COLUMNS: Record<string, string[]> = {
  bonus_requests: [
    'status',
    'assigned_user_id',
    'assigned_by_user_id',
    'assigned_at',
    'completed_at',
    'completed_by_user_id',
    'completion_notes',
    'requeue_reason',
    'reserved_for_user_id',
    'reserved_at',
  ],
  project_members: ['last_assigned_at'],
};
/** Drizzle's names for the same tables and columns. */
const DRIZZLE_TABLES: Record<string, string> = { bonusRequests: 'bonus_requests', projectMembers: 'project_members' };
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Who may write them, and how. */
const MOVE_MODULE = ['modules/bonus/request-state-machine.ts', 'modules/bonus/move-requests.ts'];
/** A request enters with the status of the entry table (create-request.ts); the demo seed writes its history the same way. */
const ENTRY_INSERTS = ['modules/bonus/create-request.ts', 'db/seed/demo-requests.ts'];
/** Not our requests: the demo's stand-in for a project's own system, whose table has the same name. */
const OTHER_SYSTEMS = ['modules/bridge-sync/demo/demo-external-system.ts'];
const isTestCode = (file: string) => /\.test\.ts$|-test-kit\.ts$|(^|\/)(test|test-support)\//.test(file);

interface Write {
  file: string;
  kind: 'update' | 'insert';
  table: string;
  columns: string[];
}

/** The writes to watched tables in one SQL text; a text that mentions such a write but does not parse is reported too. */
export function sqlWrites(file: string, text: string): (Write | { file: string; unparsed: string })[] {
  if (!/\b(update|insert\s+into)\s+("?)(bonus_requests|project_members)\b/i.test(text)) return [];
  let statements: Statement[];
  try {
    statements = parse(text);
  } catch {
    return lexicalWrites(file, text);
  }
  const found: Write[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.type === 'update' && typeof (n.table as { name?: string })?.name === 'string') {
      const table = (n.table as { name: string }).name;
      const columns = ((n.sets as { column: { name: string } }[]) ?? []).map((s) => s.column.name);
      if (MOVE_COLUMNS[table]) found.push({ file, kind: 'update', table, columns });
    }
    if (n.type === 'insert' && typeof (n.into as { name?: string })?.name === 'string') {
      const table = (n.into as { name: string }).name;
      const columns = ((n.columns as { name: string }[]) ?? []).map((c) => c.name);
      if (MOVE_COLUMNS[table]) found.push({ file, kind: 'insert', table, columns });
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  statements.forEach(visit);
  return found;
}

/**
 * For the few statements the parser does not know (named function arguments, ROWS FROM … WITH
 * ORDINALITY): the target and the columns read from the statement's own shape — an UPDATE's SET
 * list up to its FROM or WHERE, an INSERT's column list. A write that has neither is reported.
 */
function lexicalWrites(file: string, text: string): (Write | { file: string; unparsed: string })[] {
  const found: (Write | { file: string; unparsed: string })[] = [];
  for (const m of text.matchAll(/\b(update|insert\s+into)\s+"?(bonus_requests|project_members)"?\b/gi)) {
    const rest = text.slice(m.index + m[0].length);
    const table = m[2]!.toLowerCase();
    if (/^update/i.test(m[1]!)) {
      const setPart = /^\s*(?:\w+\s+)?set\b([\s\S]*?)(?:\bfrom\b|\bwhere\b|\breturning\b|$)/i.exec(rest);
      if (!setPart) found.push({ file, unparsed: text.replace(/\s+/g, ' ').slice(0, 160) });
      else found.push({ file, kind: 'update', table, columns: [...setPart[1]!.matchAll(/(?:^|,)\s*"?(\w+)"?\s*=/g)].map((c) => c[1]!) });
    } else {
      const list = /^\s*\(([^)]*)\)/.exec(rest);
      if (!list) found.push({ file, unparsed: text.replace(/\s+/g, ' ').slice(0, 160) });
      else found.push({ file, kind: 'insert', table, columns: list[1]!.split(',').map((c) => c.trim().replace(/"/g, '')) });
    }
  }
  return found;
}

/** The SQL texts of a TypeScript file: every template literal, each `${…}` read as a parameter. */
function sqlTextsOfTs(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) texts.push(node.text);
    if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text + node.templateSpans.map((span, i) => `$${i + 1}${span.literal.text}`).join(''));
      return;
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return texts;
}

/** Drizzle writes: `.update(table).set({ … })` and `.insert(table)` of a watched table. */
function drizzleWrites(file: string, source: ts.SourceFile): Write[] {
  const found: Write[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'set') {
      const target = node.expression.expression;
      if (ts.isCallExpression(target) && ts.isPropertyAccessExpression(target.expression) && target.expression.name.text === 'update') {
        const table = DRIZZLE_TABLES[target.arguments[0]?.getText(source) ?? ''];
        const object = node.arguments[0];
        if (table && object && ts.isObjectLiteralExpression(object)) {
          const keys = object.properties.map((p) => (p.name ? p.name.getText(source) : '...'));
          found.push({ file, kind: 'update', table, columns: keys.map((k) => MOVE_COLUMNS[table]!.find((c) => camel(c) === k) ?? k) });
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'insert') {
      const table = DRIZZLE_TABLES[node.arguments[0]?.getText(source) ?? ''];
      if (table === 'bonus_requests') found.push({ file, kind: 'insert', table, columns: ['status'] });
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return found;
}

/** The SQL texts of a .sql file: its statements, and the statements inside its function bodies. */
function sqlTextsOfSqlFile(text: string): string[] {
  const bodies = [...text.matchAll(/\$\$([\s\S]*?)\$\$/g)].map((m) => m[1]!);
  const inBodies = bodies.flatMap((b) => [...b.matchAll(/\b(?:update|insert\s+into)\s+[\s\S]*?;/gi)].map((m) => m[0]));
  return [...text.split(/--> statement-breakpoint/), ...inBodies];
}

function writesIn(file: string, text: string) {
  if (file.endsWith('.sql')) return sqlTextsOfSqlFile(text).flatMap((t) => sqlWrites(file, t));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return [...sqlTextsOfTs(source).flatMap((t) => sqlWrites(file, t)), ...drizzleWrites(file, source)];
}

/** What a write may not do from where it stands: undefined when it is allowed. */
function offence(write: Write | { file: string; unparsed: string }): string | undefined {
  if ('unparsed' in write) return MOVE_MODULE.includes(write.file) ? undefined : `${write.file}: a write that cannot be checked: ${write.unparsed}`;
  const owned = write.columns.filter((c) => MOVE_COLUMNS[write.table]!.includes(c));
  if (owned.length === 0 || MOVE_MODULE.includes(write.file)) return undefined;
  if (write.kind === 'insert' && write.table === 'bonus_requests' && ENTRY_INSERTS.includes(write.file)) return undefined;
  return `${write.file}: ${write.kind} of ${write.table} writes ${owned.join(', ')}`;
}

function serverFiles(): string[] {
  return (readdirSync(SERVER, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => (f.endsWith('.ts') || f.endsWith('.sql')) && !isTestCode(f) && !OTHER_SYSTEMS.includes(f));
}

describe('request status and companion column writes', () => {
  it('are made only by the move operation (and a request enters through the entry insert)', () => {
    const offences = serverFiles().flatMap((f) => writesIn(f, readFileSync(path.join(SERVER, f), 'utf8')).flatMap((w) => offence(w) ?? []));
    expect(offences).toEqual([]);
  });

  it('the move module is seen writing them (the scan reads what it should)', () => {
    const writes = MOVE_MODULE.flatMap((f) => writesIn(f, readFileSync(path.join(SERVER, f), 'utf8')));
    expect(writes.some((w) => 'table' in w && w.table === 'project_members' && w.columns.includes('last_assigned_at'))).toBe(true);
    expect(writes.some((w) => 'unparsed' in w || ('table' in w && w.table === 'bonus_requests'))).toBe(true);
  });

  it('catches a status or companion write anywhere else, in SQL, in a function body or through Drizzle', () => {
    const elsewhere = 'modules/routing/anything.ts';
    const cases = [
      "await tx.execute(sql`update bonus_requests set status = 'queued' where id = ${id}`);",
      'await tx.execute(sql`update bonus_requests b set amount = u.amount, assigned_user_id = null from unnest(${ids}) as u(id) where b.id = u.id`);',
      "await tx.update(bonusRequests).set({ status: 'queued' }).where(eq(bonusRequests.id, id));",
      'await tx.update(bonusRequests).set({ reservedForUserId: null }).where(eq(bonusRequests.id, id));',
      'await tx.execute(sql`update project_members set last_assigned_at = now() where user_id = ${id}`);',
      'await tx.execute(sql`insert into bonus_requests (project_id, status) values (${p}, ${s})`);',
    ];
    for (const code of cases) expect(writesIn(elsewhere, code).flatMap((w) => offence(w) ?? []), code).toHaveLength(1);
    // Also in a statement the parser does not know (read by its shape).
    const unparsable = 'await tx.execute(sql`update bonus_requests b set reserved_at = make_interval(hours => ${h}) where b.id = 1`);';
    expect(writesIn(elsewhere, unparsable).flatMap((w) => offence(w) ?? [])).toHaveLength(1);
    const migration = "create function f() returns trigger as $$ begin update bonus_requests set requeue_reason = null where id = new.id; return new; end $$ language plpgsql;";
    expect(writesIn('db/migrations/9999_x.sql', migration).flatMap((w) => offence(w) ?? [])).toHaveLength(1);
    // Other columns, and reads, are anyone's.
    expect(writesIn(elsewhere, 'await tx.execute(sql`update bonus_requests set amount = 1 where status = ${s}`);').flatMap((w) => offence(w) ?? [])).toEqual([]);
    expect(writesIn(elsewhere, 'await tx.update(bonusRequests).set({ possibleDuplicateOfId: 3 });').flatMap((w) => offence(w) ?? [])).toEqual([]);
  });
});
