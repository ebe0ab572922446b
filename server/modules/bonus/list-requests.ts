import { and, count, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '@common/enums';
import { SEARCH_COUNT_CAP, type RequestListQuery, type RequestListResponse, type RequestSortColumn } from '@common/schemas/bonus';
import type { Database, DbOrTx } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { pageCount } from '../../lib/paging';
import { bonusRequests, bonusRequestStatusCounts, searchFold } from '../../db/schema';
import { abilitiesShape, type RequestActorRef } from '../../policies/request-policy';
import { selectViewedRequests } from './present-request';
import { pageAnchor } from './page-anchor';
import { countsFrom, sumStatuses, toRequestStats } from './request-stats';
import { SearchCountCache } from './search-count-cache';
import { NO_SEARCH_PLAN, planSearch, readTrigramShares, TrigramSharesCache, type SearchPlan } from './search-trigrams';
import { readWalk, walkFinds, walkStatement, type WalkRow } from './search-walk';

/** The whitelist of sortable columns; `notNull` columns sort in index order both ways. */
const SORT_COLUMNS: Record<RequestSortColumn, { column: PgColumn; notNull: boolean }> = {
  createdAt: { column: bonusRequests.createdAt, notNull: true },
  updatedAt: { column: bonusRequests.updatedAt, notNull: true },
  priority: { column: bonusRequests.priority, notNull: true },
  amount: { column: bonusRequests.amount, notNull: true },
  status: { column: bonusRequests.status, notNull: true },
  bonusType: { column: bonusRequests.bonusType, notNull: true },
  externalId: { column: bonusRequests.externalId, notNull: false },
  customerUsername: { column: bonusRequests.customerUsername, notNull: false },
  customerName: { column: bonusRequests.customerName, notNull: false },
  completedAt: { column: bonusRequests.completedAt, notNull: false },
  id: { column: bonusRequests.id, notNull: true },
  queue: { column: bonusRequests.priority, notNull: true },
};

/**
 * ORDER BY for a whitelisted column, with id as tie-breaker so pages never overlap. Not-null
 * columns use DESC NULLS LAST / ASC NULLS FIRST, the exact orders the (…, created_at DESC,
 * id DESC) indexes give forwards and backwards; empty values of nullable columns go last.
 */
export function requestOrder(sortBy: RequestSortColumn, sortOrder: 'asc' | 'desc'): SQL[] {
  // Waiting work: priority, then oldest first (the partial waiting_queue index gives this order).
  if (sortBy === 'queue') return [sql`${bonusRequests.priority} desc`, sql`${bonusRequests.createdAt} asc`, sql`${bonusRequests.id} asc`];
  const { column, notNull } = SORT_COLUMNS[sortBy];
  const direction = (col: PgColumn, nn: boolean) =>
    sortOrder === 'desc' ? sql`${col} desc nulls last` : nn ? sql`${col} asc nulls first` : sql`${col} asc nulls last`;
  return sortBy === 'id' ? [direction(column, true)] : [direction(column, notNull), direction(bonusRequests.id, true)];
}

/** A value read back as text (`requestSortKeys`) in its column's own type, so it compares as the column sorts. */
const asColumn = (value: string, column: PgColumn) => sql`cast(${value} as ${sql.raw(column.getSQLType().replace(/^serial$/, 'integer'))})`;

/**
 * The sort keys of a row in the list's order, besides the id, as text: exact (timestamps to the
 * microsecond, amounts to every digit), so a reader can continue right after that row.
 */
export function requestSortKeys(sortBy: RequestSortColumn): SQL<string | null>[] {
  if (sortBy === 'id') return [];
  const columns = sortBy === 'queue' ? [bonusRequests.priority, bonusRequests.createdAt] : [SORT_COLUMNS[sortBy].column];
  return columns.map((column) => sql<string | null>`${column}::text`);
}

/**
 * The rows after one (its `requestSortKeys` and id) in `requestOrder`: the next page of a keyset
 * reader, which holds no transaction or cursor between pages. Not-null keys compare as a row
 * value, which the (…, id) indexes answer as a range.
 */
export function requestsAfter(sortBy: RequestSortColumn, sortOrder: 'asc' | 'desc', keys: readonly (string | null)[], id: number): SQL {
  const lastId = asColumn(String(id), bonusRequests.id);
  if (sortBy === 'queue') {
    const [priority, createdAt] = keys as [string, string];
    const p = asColumn(priority, bonusRequests.priority);
    return sql`(${bonusRequests.priority} < ${p} or (${bonusRequests.priority} = ${p} and (${bonusRequests.createdAt}, ${bonusRequests.id}) > (${asColumn(createdAt, bonusRequests.createdAt)}, ${lastId})))`;
  }
  const op = sql.raw(sortOrder === 'desc' ? '<' : '>');
  if (sortBy === 'id') return sql`${bonusRequests.id} ${op} ${lastId}`;
  const { column, notNull } = SORT_COLUMNS[sortBy];
  const [key = null] = keys;
  // Empty values come last either way: after one of them, only empty ones further by id.
  if (key === null) return sql`(${column} is null and ${bonusRequests.id} ${op} ${lastId})`;
  const after = sql`(${column}, ${bonusRequests.id}) ${op} (${asColumn(key, column)}, ${lastId})`;
  return notNull ? after : sql`(${after} or ${column} is null)`;
}

/**
 * A search's condition: the folded text holds the term. With `partPatterns` (`LIKE` patterns of
 * the trigrams planSearch chose, or placeholders for them) the trigram index is asked only for
 * those and the whole term is checked on each row they find (`strpos`, which the index cannot
 * take): the same rows, without decoding the posting lists of the term's common trigrams.
 */
export function searchCondition(pattern: SQL, term: SQL, partPatterns: readonly unknown[] | null): SQL {
  if (!partPatterns) return sql`${bonusRequests.searchText} like ${searchFold(pattern)}`;
  const narrowed = partPatterns.map((part) => sql`${bonusRequests.searchText} like ${part}`);
  return and(...narrowed, sql`strpos(${bonusRequests.searchText}, ${searchFold(term)}) > 0`)!;
}

/** The `LIKE` pattern of a part planSearch chose: ASCII letters and digits only, nothing in them is special to LIKE. */
const partPattern = (part: string) => `%${part}%`;

/**
 * The list's filter (status, search, assignee) with its values bound, for reading every
 * matching row in the list's order (`requestOrder`) — the export — rather than a page.
 */
export function requestListFilter(projectId: number, query: Pick<RequestListQuery, 'status' | 'search' | 'agentId'>): SQL {
  const statuses = query.status ?? [];
  return and(
    eq(bonusRequests.projectId, projectId),
    statuses.length > 0 ? inArray(bonusRequests.status, statuses) : undefined,
    query.search ? searchCondition(sql`${likePattern(query.search)}::text`, sql`${query.search}::text`, null) : undefined,
    query.agentId !== undefined ? eq(bonusRequests.assignedUserId, query.agentId) : undefined,
  )!;
}

/** What decides the SQL text of a list call; the values themselves are parameters. */
interface ListShape {
  sortBy: RequestSortColumn;
  sortOrder: 'asc' | 'desc';
  status: 'all' | 'one' | 'many';
  search: boolean;
  /** The substrings of the search term the trigram index is asked for, or null for the whole term (see planSearch). */
  searchParts: readonly string[] | null;
  /** The term holds an uncommon trigram (see planSearch): its statements compare the project as SEARCH_PROJECT does. */
  searchRare: boolean;
  /** The first page of a common term with one status or none, in date order, is walked for first (see search-walk.ts). */
  searchWalks: boolean;
  agent: boolean;
  /** Page size (1–100, validated) and whether it is the first page: both go into the SQL text, see listRequestQueries. */
  limit: number;
  firstPage: boolean;
  /** A search counts its matches up to this many (at least up to the asked page's end), then stops. */
  countCap: number;
  /** The viewer's role, as far as it decides the abilities' SQL text (their id is a parameter). */
  viewerRole: Role;
  abilities: string;
}

/** Who asks for the list: each item carries their abilities. */
export interface ListViewer {
  id: number;
  role: Role;
}

export function shapeOf(query: RequestListQuery, viewer: Pick<ListViewer, 'role'>, plan: SearchPlan = NO_SEARCH_PLAN): ListShape {
  const n = query.status?.length ?? 0;
  return {
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    // One status is an equality, so the (project, status, created_at) index gives the order.
    status: n === 0 ? 'all' : n === 1 ? 'one' : 'many',
    search: Boolean(query.search),
    searchParts: query.search ? plan.parts : null,
    searchRare: Boolean(query.search) && plan.rare,
    searchWalks:
      Boolean(query.search) && !plan.rare && walkFinds(plan.share, query.limit) && n <= 1 && query.sortBy === 'createdAt' && query.agentId === undefined && query.page === 1,
    agent: query.agentId !== undefined,
    limit: query.limit,
    firstPage: query.page === 1,
    countCap: Math.max(SEARCH_COUNT_CAP, query.page * query.limit),
    viewerRole: viewer.role,
    abilities: abilitiesShape(viewer.role),
  };
}

/** The values of a call's placeholders; a search's parts are `part0`, `part1`, … (see filterOf). */
export function valuesOf(projectId: number, query: RequestListQuery, viewer: Pick<ListViewer, 'id'>, shape: Pick<ListShape, 'searchParts'>) {
  const parts = Object.fromEntries((shape.searchParts ?? []).map((part, i) => [`part${i}`, partPattern(part)]));
  return {
    ...parts,
    projectId,
    viewerId: viewer.id,
    status: query.status?.[0] ?? '',
    statuses: query.status ?? [],
    pattern: query.search ? likePattern(query.search) : '',
    term: query.search ?? '',
    agentId: query.agentId ?? 0,
    offset: (query.page - 1) * query.limit,
  };
}

const p = sql.placeholder;

/**
 * The SQL of one list call shape: one row holding the page's requests as the JSON text the
 * client receives (in page order, presented by `selectViewedRequests` with the viewer's abilities) and the project's per-status
 * counts; plus the match count when a search or an assignee filter makes the per-status
 * counts unusable for the total. Being an aggregate, the statement answers one row even
 * for an empty page.
 */
export function listRequestQueries(db: DbOrTx, shape: ListShape) {
  const { page, matchCount } = pageQueries(db, shape);
  const search = searchQueries(db, shape);
  return { walk: search.walk, ids: search.ids, page, matchCount: search.matchCount ?? matchCount };
}

/** The list's status filter over a table's status column, its values placeholders. */
function statusFilter(shape: ListShape) {
  return (column: PgColumn): SQL | undefined =>
    shape.status === 'one' ? eq(column, p('status')) : shape.status === 'many' ? sql`${column} = any(${p('statuses')}::text[])` : undefined;
}

/** The list's conditions and order, every value a placeholder. */
function filterOf(shape: ListShape, project: SQL = eq(bonusRequests.projectId, p('projectId'))) {
  const where = and(
    project,
    statusFilter(shape)(bonusRequests.status),
    shape.search ? searchCondition(sql`${p('pattern')}::text`, sql`${p('term')}::text`, shape.searchParts?.map((_, i) => sql`${p(`part${i}`)}::text`) ?? null) : undefined,
    shape.agent ? eq(bonusRequests.assignedUserId, p('agentId')) : undefined,
  );
  return { where, order: requestOrder(shape.sortBy, shape.sortOrder) };
}

/** The page size as SQL text (see pageQueries for why it is not a placeholder). */
function limitOf(shape: ListShape): number {
  if (!Number.isInteger(shape.limit) || shape.limit < 1 || shape.limit > 100) throw new Error(`limit out of range: ${shape.limit}`);
  return sql.raw(String(shape.limit)) as unknown as number; // Drizzle inlines an SQL chunk, but makes a number a parameter.
}

/**
 * The project condition of a rare term's search, compared as bigint: the btree indexes use that
 * comparison, the trigram index does not (btree_gin has no int4 = int8 operator), so a trigram
 * scan no longer intersects its few candidates with the project's key, whose posting list it
 * decoded over its whole length (a fifth of a million rows here): a rare term or an exact id then
 * read 37 index pages instead of 131, and its statement took 2.1–2.3 ms instead of 3.5–4.0
 * (1,000,000 rows, 5 projects). The other projects' candidates are dropped by this same condition
 * on the heap; a term holding an uncommon trigram has few of them. A term of common trigrams keeps
 * the plain condition: without the key, the planner chose a trigram scan of every project's
 * matches for 'yılmaz' with a rare status (24 ms instead of 1.6).
 */
const SEARCH_PROJECT = sql`${bonusRequests.projectId} = ${p('projectId')}::bigint`;

/**
 * A search's own statements: the page's ids (one table, cheap to plan), the match count and, for
 * a common term with one status, the walk that comes first (see search-walk.ts). Which of them are
 * prepared, and which are planned with their pattern on every call, see searchTextsOf. The page
 * itself is then presented by `pageQueries`' prepared statement over those ids: planning the
 * presenting joins for every search cost more than running them.
 */
function searchQueries(db: DbOrTx, shape: ListShape) {
  if (!shape.search) return {};
  const { where, order } = filterOf(shape, shape.searchRare ? SEARCH_PROJECT : undefined);
  const ordered = db.select({ id: bonusRequests.id }).from(bonusRequests).where(where).orderBy(...order).limit(limitOf(shape));
  return {
    walk: shape.searchWalks
      ? walkStatement(db, { projectId: p('projectId'), ...(shape.status === 'one' ? { status: p('status') } : {}), term: p('term') }, order, limitOf(shape))
      : undefined,
    ids: shape.firstPage ? ordered : ordered.offset(p('offset')),
    // Counted up to one past the cap: enough to know there is more, without visiting every match.
    matchCount: db
      .select({ n: sql<number>`count(*)::int`.as('n') })
      .from(db.select({ one: sql`1` }).from(bonusRequests).where(where).limit(sql.raw(String(shape.countCap + 1)) as unknown as number).as('m')),
  };
}

/** The statements of one page (see listRequestQueries); a search's page presents the ids its `ids` statement found. */
function pageQueries(db: DbOrTx, shape: ListShape) {
  const { where, order } = filterOf(shape);
  // LIMIT is written into the text and the first page has no OFFSET: with both known, the
  // generic plan PostgreSQL caches for the prepared statement is the same as a custom one, so
  // it stops re-planning on every call (planning cost more than running). A LIMIT or OFFSET
  // placeholder makes the planner assume 10% of the rows are wanted and keep re-planning.
  const limit = limitOf(shape);
  // The caller's abilities on each item: plain boolean expressions over the row, the viewer's id a parameter.
  const viewer: RequestActorRef = { id: p('viewerId'), role: shape.viewerRole };
  let rows;
  if (shape.search) {
    const found = and(eq(bonusRequests.projectId, p('projectId')), sql`${bonusRequests.id} = any(${p('ids')}::int[])`);
    rows = selectViewedRequests(db, viewer).where(found).orderBy(...order);
  } else if (shape.firstPage && shape.sortBy === 'createdAt') {
    // The first page in date order walks the (project[, status], created_at) index and stops
    // after `limit` rows: present them as they come.
    rows = selectViewedRequests(db, viewer).where(where).orderBy(...order).limit(limit);
  } else if (!shape.firstPage && shape.sortBy === 'createdAt' && !shape.agent) {
    // A later page in date order starts at the edge of the local day that holds it, found from
    // the daily roll-ups (see page-anchor.ts), instead of walking every row before it.
    const anchor = pageAnchor(db, { projectId: p('projectId'), offset: p('offset'), newestFirst: shape.sortOrder === 'desc', status: statusFilter(shape) });
    const pageIds = db
      .with(anchor.cte)
      .select({ id: bonusRequests.id })
      .from(bonusRequests)
      .where(and(where, anchor.fromEdge))
      .orderBy(...order)
      .limit(limit)
      .offset(anchor.skip)
      .as('page_ids');
    rows = selectViewedRequests(db, viewer).innerJoin(pageIds, eq(pageIds.id, bonusRequests.id)).orderBy(...order);
  } else {
    // Otherwise the page's ids first (an index-only range when the order has an index, and no
    // row is presented or read from the heap before the page is known), then their rows.
    const ordered = db.select({ id: bonusRequests.id }).from(bonusRequests).where(where).orderBy(...order).limit(limit);
    const pageIds = (shape.firstPage ? ordered : ordered.offset(p('offset'))).as('page_ids');
    rows = selectViewedRequests(db, viewer).innerJoin(pageIds, eq(pageIds.id, bonusRequests.id)).orderBy(...order);
  }
  const page = rows.as('t');
  return {
    // json_agg keeps the order the page's rows arrive in.
    page: db
      .select({
        items: sql<string>`coalesce(json_agg(t), '[]')::text`.as('items'),
        counts: sql<string | null>`(select json_object_agg(c.status, c.n) from ${bonusRequestStatusCounts} c where c.project_id = ${p('projectId')})::text`.as('counts'),
      })
      .from(page),
    matchCount: shape.agent && !shape.search ? db.select({ n: count() }).from(bonusRequests).where(where) : undefined,
  };
}

/** One value per database (or transaction), made when it is first asked for. */
function perDatabase<K extends object, V>(make: (db: K) => V): (db: K) => V {
  const values = new WeakMap<K, V>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = make(db)));
    return value;
  };
}

const searchCountCacheFor = perDatabase((_db: DbOrTx) => new SearchCountCache());
const trigramSharesFor = perDatabase((db: DbOrTx) => new TrigramSharesCache(() => readTrigramShares(db)));

/** How a search term is asked of the indexes, from the trigram shares (read again at most once a minute per database). */
export async function searchPlanFor(db: DbOrTx, term: string): Promise<SearchPlan> {
  return planSearch(term, await trigramSharesFor(db).get());
}

/** Statement text with its parameters (placeholders among them), as Drizzle writes it, and its name when prepared. */
type StatementText = { sql: string; params: unknown[]; name?: string };
/** A search shape's two statements; more shapes than this are not kept (deep pages each add a count cap). */
const SEARCH_SHAPES_KEPT = 200;
const searchTextsFor = perDatabase((_database: Database) => new Map<string, { walk?: StatementText; ids: StatementText; matchCount: StatementText }>());
/** The name of each search statement text prepared on a database: one text, one name, however often its shape is built again. */
const searchNamesFor = perDatabase((_database: Database) => new Map<string, string>());
function prepared(database: Database, statement: StatementText): StatementText {
  const names = searchNamesFor(database);
  let name = names.get(statement.sql);
  if (!name) names.set(statement.sql, (name = `bonus_search_${names.size}`));
  return { ...statement, name };
}

/**
 * A search shape's statements as text, written once per shape: building them with Drizzle cost
 * the API ~90 µs of its thread per search. Those whose plan does not depend on the term are
 * prepared, as planning them cost more than running them (1,000,000 rows, one caller): the walk,
 * an index scan whatever the term (0.52 ms a call unnamed, 0.29 prepared), and a rare term's ids
 * asked of two or three trigrams, a bitmap scan of the trigram index whatever they are (0.47 →
 * 0.32 ms; the generic plan takes each `LIKE` as matching 0.5% of rows, so their conjunction as a
 * handful). The others are sent unnamed, so the database plans each call with its own pattern
 * (see searchQueries): a common term's plan, and a term asked of one trigram, depend on it.
 */
function searchTextsOf(database: Database, shape: ListShape) {
  const byShape = searchTextsFor(database);
  const key = JSON.stringify([shape.sortBy, shape.sortOrder, shape.status, shape.searchParts?.length ?? -1, shape.searchRare, shape.searchWalks, shape.agent, shape.limit, shape.firstPage, shape.countCap]);
  let found = byShape.get(key);
  if (!found) {
    const search = searchQueries(database.db, shape);
    const ids = search.ids!.toSQL();
    found = {
      walk: search.walk && prepared(database, search.walk.toSQL()),
      ids: shape.searchRare && (shape.searchParts?.length ?? 0) >= 2 ? prepared(database, ids) : ids,
      matchCount: search.matchCount!.toSQL(),
    };
    // Oldest first out: a Map iterates in insertion order.
    if (byShape.size >= SEARCH_SHAPES_KEPT) byShape.delete(byShape.keys().next().value!);
    byShape.set(key, found);
  }
  return found;
}

type PageQueries = ReturnType<typeof pageQueries>;
type PageRow = { items: string; counts: string | null };
type PreparedList = {
  page: { execute: (values: Record<string, unknown>) => Promise<PageRow[]> };
  matchCount?: ReturnType<NonNullable<PageQueries['matchCount']>['prepare']>;
};
const preparedFor = perDatabase((_database: Database) => new Map<string, PreparedList>());

/**
 * Each page shape is built and prepared once per database: the SQL text is not rebuilt per
 * call, and the database plans each named statement once per connection (PostgreSQL) or once
 * (PGlite, which otherwise plans every query anew: see pglite-raw-statements.ts). A search's own
 * statements are kept apart (see searchTextsOf); the page presenting what it found is prepared.
 */
function preparedPageFor(database: Database, shape: ListShape): PreparedList {
  const db = database.db;
  const byShape = preparedFor(database);
  // A search's page depends only on its order and the viewer (its ids are a parameter). Roles
  // whose abilities are written alike share a statement (`abilities`); the role itself is not part of the text.
  const key = shape.search
    ? `search:${shape.sortBy}:${shape.sortOrder}:${shape.abilities}`
    : `${shape.sortBy}:${shape.sortOrder}:${shape.status}:${shape.agent}:${shape.limit}:${shape.firstPage}:${shape.abilities}`;
  let found = byShape.get(key);
  if (!found) {
    const queries = pageQueries(db, shape);
    const name = `bonus_list_${byShape.size}`;
    const { sql: text, params } = queries.page.toSQL();
    found = {
      page: { execute: (values) => database.query<PageRow>(text, fillPlaceholders(params, values), { name }) },
      matchCount: queries.matchCount?.prepare(`${name}_n`),
    };
    byShape.set(key, found);
  }
  return found;
}

/** A list response whose items are already JSON text, as the database wrote them. */
export interface RequestListPage extends Omit<RequestListResponse, 'items'> {
  itemsJson: string;
}

/**
 * One page of a project's requests (spec §7.3). Totals come from the per-status counts kept
 * by triggers, read in the same statement as the rows, so the first page costs one round trip
 * and an index range of `limit` rows whatever the table's size; a search counts its matches.
 */
export async function listRequests(database: Database, projectId: number, query: RequestListQuery, viewer: ListViewer): Promise<RequestListPage> {
  const db = database.db;
  const shape = shapeOf(query, viewer, query.search ? await searchPlanFor(db, query.search) : NO_SEARCH_PLAN);
  const queries = preparedPageFor(database, shape);
  const values = valuesOf(projectId, query, viewer, shape);
  let page: { items: string; counts: string | null } | undefined;
  let matched: number | undefined;
  if (shape.search) {
    const search = searchTextsOf(database, shape);
    const run = <T>({ sql: text, params, name }: StatementText) => database.query<T>(text, fillPlaceholders(params, values), name ? { name } : undefined);
    const walk = search.walk ? readWalk((await run<WalkRow>(search.walk))[0]!, shape.limit) : null;
    const ids = walk ? walk.ids : (await run<{ id: number }>(search.ids)).map((r) => r.id);
    // The page first: its status counts tell whether a count kept from an earlier call still holds.
    [page] = await queries.page.execute({ ...values, ids });
    // A page that is not full ends the matches: its offset plus its rows is the exact total (a rare term's usual case).
    const endsHere = ids.length < shape.limit && (ids.length > 0 || shape.firstPage);
    const key = JSON.stringify([projectId, values.pattern, [...values.statuses].sort(), query.agentId ?? null, shape.countCap]);
    matched = walk?.total != null
      ? walk.total
      : endsHere
        ? values.offset + ids.length
        : await searchCountCacheFor(db).count(key, page?.counts ?? '', async () => (await run<{ n: number }>(search.matchCount))[0]?.n ?? 0);
  } else {
    const [pages, counted] = await Promise.all([queries.page.execute(values), queries.matchCount?.execute(values)]);
    page = pages[0];
    matched = counted?.[0]?.n;
  }
  const counts = countsFrom(page?.counts ? (JSON.parse(page.counts) as Record<string, number>) : null);
  const cap = shape.countCap;
  const counted = matched ?? sumStatuses(counts, query.status);
  const totalCapped = Boolean(query.search) && counted > cap;
  const total = totalCapped ? cap : counted;
  return {
    itemsJson: page?.items ?? '[]',
    total,
    page: query.page,
    limit: query.limit,
    // Capped: the counted pages and at least one more, so 'next' stays open past them.
    totalPages: pageCount(total, query.limit) + (totalCapped ? 1 : 0),
    ...(totalCapped ? { totalCapped } : {}),
    ...(query.stats ? { stats: toRequestStats(counts) } : {}),
  };
}

/** The `{ success, data }` envelope of a page, with the database's items text spliced in unparsed. */
export function serializeRequestListPage({ itemsJson, ...rest }: RequestListPage): string {
  // `rest` always holds total, page, limit and totalPages: its text minus the opening brace follows the items.
  return `{"success":true,"data":{"items":${itemsJson},${JSON.stringify(rest).slice(1)}}`;
}
