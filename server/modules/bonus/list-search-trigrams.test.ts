import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables, refreshTrigramShares } from '../../db/statistics';
import { agentsOwnProject, bonusTestBed, get, listAsAgent, requestsUrl } from './bonus-test-kit';
import { searchPlanFor } from './list-requests';

/**
 * A project where every username starts 'oyuncu' (as in a seeded or imported one): once the
 * statistics upkeep has sampled the trigrams, a search for one username asks the trigram index
 * only for its uncommon part and checks the whole term on what that finds. The answer must be
 * exactly the substring matches.
 */
let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;
const ROWS = 2_000;

beforeAll(async () => {
  bed = await bonusTestBed();
  projectId = await agentsOwnProject(bed);
  const query = (text: string, params: unknown[] = []) => bed.app.ctx.database.query(text, params);
  await query(
    `insert into bonus_requests (project_id, external_id, customer_username, customer_id, status, created_at, updated_at)
     select $1, 'T-' || g, 'oyuncu' || g, (5000000 + g)::text, case when g % 2 = 0 then 'completed' else 'new' end,
            timestamptz '2026-10-01' + g * interval '1 minute', timestamptz '2026-10-01' + g * interval '1 minute'
       from generate_series(1, $2::int) g`,
    [projectId, ROWS],
  );
  // Holds the part '1234' but not the term: the whole-term check must leave it out.
  await query(`insert into bonus_requests (project_id, external_id, customer_username, customer_id) values ($1, 'DECOY-1', 'başka', '912345')`, [projectId]);
  // Holds the term in other letter cases and inside a longer name: substring, case-insensitive.
  await query(`insert into bonus_requests (project_id, external_id, customer_username, customer_name) values ($1, 'UPPER-1', 'OYUNCU1234X', 'Oyuncu Bir'), ($1, 'DESC-1', 'kimse', 'eski oyuncu1234 hesabı')`, [projectId]);
  // The same term in a project the caller is not in: the trigram scan is not keyed by project
  // (see SEARCH_PROJECT in list-requests.ts), so these are among its candidates and must be dropped.
  await query(`insert into bonus_requests (project_id, external_id, customer_username) select $1, 'FOREIGN-' || g, 'oyuncu1234' from generate_series(1, 30) g`, [bed.foreign.id]);
  await analyzeStaleTables(bed.app.ctx.database);
  expect(await refreshTrigramShares(bed.app.ctx.database)).toBe(true);
}, 120_000);
afterAll(async () => {
  await bed?.close();
});

const search = async (query: string) => {
  const data = await listAsAgent(bed, projectId, `${query}&limit=100`);
  return { ids: data.items.map((i) => i.externalId).sort(), total: data.total, items: data.items };
};

/** What a plain substring match over the folded text finds, in the database. */
const substringMatches = async (term: string) =>
  (
    await bed.app.ctx.database.query<{ external_id: string }>(
      `select external_id from bonus_requests where project_id = $1 and strpos(search_text, translate(lower($2), 'ıçğöşüâîû', 'icgosuaiu')) > 0`,
      [projectId, term],
    )
  )
    .map((r) => r.external_id)
    .sort();

describe('GET …/requests?search= where part of the term is in every request', () => {
  it('samples the trigram shares once, and again only when forced or when the requests have changed by a tenth', async () => {
    const [row] = await bed.app.ctx.database.query<{ shares: Record<string, number>; sampled_rows: number }>('select shares, sampled_rows from search_trigram_shares');
    expect(row!.sampled_rows).toBeGreaterThan(ROWS / 2);
    expect(row!.shares.oyu).toBeGreaterThan(0.95);
    expect(row!.shares['234'] ?? 0).toBeLessThan(0.05);
    expect(await refreshTrigramShares(bed.app.ctx.database)).toBe(false);
    expect(await refreshTrigramShares(bed.app.ctx.database, { force: true })).toBe(true);
  });

  it('asks the index only for the uncommon part, as sampled', async () => {
    const { parts, rare } = await searchPlanFor(bed.app.ctx.database.db, 'oyuncu1234');
    expect(rare).toBe(true);
    expect((await searchPlanFor(bed.app.ctx.database.db, 'oyuncu')).rare).toBe(false);
    expect(parts).not.toBeNull();
    expect(parts!.join(' ')).not.toMatch(/oyu|yun|unc|ncu/);
  });

  it('finds exactly the requests holding the whole term, in any letter case, and not one holding only the part', async () => {
    const { ids, total } = await search('search=oyuncu1234');
    expect(ids).toEqual(['DESC-1', 'T-1234', 'UPPER-1']);
    expect(ids).toEqual(await substringMatches('oyuncu1234'));
    expect(total).toBe(3);
    expect((await search('search=OYUNCU1234')).ids).toEqual(ids);
  });

  it('fifty searches at once answer alike, hostile terms included', async () => {
    // As sent: a lone surrogate cannot be percent-encoded from a JavaScript string, so its bytes are written out.
    const terms = ['oyuncu1234', 'OYUNCU12', '%_\\', 'oyuncu\u212A1234', 'a'.repeat(100)].map(encodeURIComponent).concat('%ED%A0%80oyuncu1234');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(bed.app, `${requestsUrl(projectId)}?search=${terms[i % terms.length]}&limit=100`, bed.tokens.agent)),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, terms[i % terms.length]).toBeLessThan(500);
      expect(res.json(), terms[i % terms.length]).toEqual(answers[i % terms.length]!.json());
    }
    expect(answers[0]!.json().data.total).toBe(3);
  });

  it('a rare term combined with a status, and a term found nowhere', async () => {
    const completed = await search('search=oyuncu12&status=completed');
    expect(completed.ids).toEqual((await substringMatches('oyuncu12')).filter((id) => Number(id.slice(2)) % 2 === 0 && id.startsWith('T-')));
    expect(completed.items.every((i) => i.status === 'completed')).toBe(true);
    expect(completed.total).toBe(completed.ids.length);
    expect(await search('search=oyuncu99999')).toMatchObject({ ids: [], total: 0 });
  });

  it('an external id with a separator finds its request by its digits', async () => {
    expect((await search('search=T-1234')).ids).toEqual(await substringMatches('t-1234'));
    expect((await search('search=DECOY-1')).ids).toEqual(['DECOY-1']);
  });

  it('samples again once the requests have grown by more than a tenth', async () => {
    await bed.app.ctx.database.query(
      `insert into bonus_requests (project_id, external_id, customer_username) select $1, 'NEW-' || g, 'yeni' || g from generate_series(1, $2::int) g`,
      [projectId, ROWS / 4],
    );
    await analyzeStaleTables(bed.app.ctx.database);
    expect(await refreshTrigramShares(bed.app.ctx.database)).toBe(true);
  });
});
