import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchTrigramShares } from '../../db/schema';

/**
 * Which parts of a search term the trigram index should be asked for.
 *
 * A GIN scan for `LIKE '%oyuncu12340%'` intersects the posting lists of every trigram of the
 * pattern, and it decodes a frequent trigram's list over its whole length: 'oyu', 'yun', 'unc',
 * 'ncu' are in every username of a seeded project, so that rare term cost 22 ms (1,800 index
 * pages) to find 20 rows, against 1.9 ms for `LIKE '%u12340%'`. So the index is asked only for
 * the term's uncommon trigrams, and the whole term is checked on the rows it finds.
 *
 * "Common" is measured, not guessed: the statistics upkeep samples a few thousand requests'
 * `show_trgm(search_text)` into search_trigram_shares (refreshTrigramShares, db/statistics.ts). Extended
 * statistics on that expression would have let ANALYZE do it, but ANALYZE then evaluates it on
 * its whole 30,000-row sample every time (+0.65 s), and an import ends with one: 9% of a 100k
 * import.
 */

/** A trigram in at least this share of requests is left to the recheck of the whole term. */
export const COMMON_TRIGRAM_SHARE = 0.05;

/** What was sampled: the share of requests holding each listed trigram, and at most how common an unlisted one is. */
export interface TrigramShares {
  listed: ReadonlyMap<string, number>;
  unlisted: number;
}

export const NO_TRIGRAM_SHARES: TrigramShares = { listed: new Map(), unlisted: 0 };

/** How a search term is asked of the indexes (see planSearch). */
export interface SearchPlan {
  /** The trigrams the index is given, each as its own `LIKE '%abc%'`, or null for the whole term's pattern. */
  parts: readonly string[] | null;
  /**
   * The term holds a trigram the sample found uncommon: the trigram index then has few candidates
   * to offer, fewer than the project's own key (see SEARCH_PROJECT in list-requests.ts).
   */
  rare: boolean;
  /**
   * About what share of requests hold the whole term, from the sample: each plain word holds at most
   * as often as its least common trigram, and words are taken as independent ('ahmet yılmaz' is far
   * rarer than either name). 0 when nothing is known. Read by the walk (see search-walk.ts).
   */
  share: number;
}

export const NO_SEARCH_PLAN: SearchPlan = { parts: null, rare: false, share: 0 };

/**
 * At most this many trigrams are asked of the index: every one costs it another posting list to
 * walk, and two or three uncommon ones (each in about 1% of requests) already leave a handful of
 * candidates in a million rows.
 */
export const MAX_TRIGRAM_PARTS = 3;

/**
 * One pass over the term's trigrams. `parts` is null to keep the whole term's pattern, which
 * is the plan PostgreSQL already chooses well:
 * - every trigram is common ('yılmaz', 7% of requests): the planner walks the date index and
 *   filters, stopping after a page, which no trigram subset would beat;
 * - nothing is known yet (no statistics), or the term has no plain trigram.
 * Otherwise the index is asked for a few of the term's uncommon trigrams, each as a condition of
 * its own, and the whole term is checked on the rows they find: the rarest as sampled first,
 * skipping one that overlaps a taken one by two letters (it is found in nearly the same rows, so it
 * narrows little) unless that leaves fewer than two, at most MAX_TRIGRAM_PARTS. 'oyuncu12340' gives '123', '340', and 'B-987650'
 * gives '987', '765' (pg_trgm pads the lone 'b' into trigrams that every external id holds).
 * A condition per trigram, not one pattern: a GIN scan key holding several trigrams costs it about
 * twice as much as that many keys of one. 1,000,000 rows, one caller: `LIKE '%u12340%'` 0.92 ms,
 * its four trigrams as four keys 0.54–0.59 ms; an exact external id 1.00 ms, four keys 0.76,
 * two apart 0.60–0.65 ms. Parts are taken only from runs of ASCII letters and digits, where
 * JavaScript's lower case and PostgreSQL's `lower()` agree and pg_trgm extracts exactly the part as
 * its one trigram; every part is a substring of the folded term, so a row that holds the term holds
 * every part, and the result is the same. Nothing is rare while nothing is sampled.
 */
export function planSearch(term: string, shares: TrigramShares): SearchPlan {
  if (shares.listed.size === 0) return NO_SEARCH_PLAN;
  const uncommon: { trigram: string; share: number; run: number; at: number }[] = [];
  const seen = new Set<string>();
  const runs = asciiRuns(term);
  // See SearchPlan.share: the product over the words of each one's least common trigram.
  let termShare = runs.length > 0 ? 1 : 0;
  runs.forEach((text, run) => {
    let least = 1;
    for (let at = 0; at + 3 <= text.length; at++) {
      const trigram = text.slice(at, at + 3);
      const share = shareOf(trigram, shares);
      least = Math.min(least, share);
      if (share >= COMMON_TRIGRAM_SHARE || seen.has(trigram)) continue;
      seen.add(trigram);
      uncommon.push({ trigram, share, run, at });
    }
    termShare *= least;
  });
  if (uncommon.length === 0) return { ...NO_SEARCH_PLAN, share: termShare };
  // Rarest first; equal shares keep the term's order (a sort is stable).
  const byRarity = uncommon.sort((a, b) => a.share - b.share);
  const taken: typeof uncommon = [];
  for (const candidate of byRarity) {
    if (taken.length === MAX_TRIGRAM_PARTS) break;
    if (!taken.some((t) => t.run === candidate.run && Math.abs(t.at - candidate.at) === 1)) taken.push(candidate);
  }
  // A term whose uncommon trigrams all overlap still gets two: one alone can leave thousands of candidates.
  for (const candidate of byRarity) {
    if (taken.length >= 2) break;
    if (!taken.includes(candidate)) taken.push(candidate);
  }
  return { parts: taken.map((t) => t.trigram), rare: true, share: termShare };
}

/**
 * Runs of the term's own ASCII letters and digits, lower-cased: a character outside ASCII ends a
 * run whatever JavaScript would lower-case it to (the Kelvin sign becomes 'k' here, maybe not there).
 */
function asciiRuns(term: string): string[] {
  return (term.match(/[A-Za-z0-9]{3,}/g) ?? []).map((run) => run.toLowerCase());
}

/** The sampled share of requests holding the trigram; an unlisted one is as common as the least common listed. */
function shareOf(trigram: string, shares: TrigramShares): number {
  return shares.listed.get(trigram) ?? shares.unlisted;
}

/** The shares last sampled (refreshTrigramShares in db/statistics.ts), as `planSearch` reads them. */
export async function readTrigramShares(db: DbOrTx): Promise<TrigramShares> {
  const [row] = await db.select({ shares: searchTrigramShares.shares, cutoff: searchTrigramShares.cutoff }).from(searchTrigramShares).where(eq(searchTrigramShares.id, 1));
  if (!row) return NO_TRIGRAM_SHARES;
  return { listed: new Map(Object.entries(row.shares).map(([trigram, share]) => [trigram, Number(share)])), unlisted: row.cutoff };
}

/** How long read shares are used before they are read again (the upkeep samples at most once a minute). */
export const TRIGRAM_SHARES_TTL_MS = 60_000;

/** The shares per database, read at most once per TTL; callers asking at once share one read. */
export class TrigramSharesCache {
  private value: Promise<TrigramShares> | undefined;
  private readAt = 0;

  constructor(
    private readonly read: () => Promise<TrigramShares>,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<TrigramShares> {
    if (!this.value || this.now() - this.readAt >= TRIGRAM_SHARES_TTL_MS) {
      this.readAt = this.now();
      // A failed read is not kept: the next call tries again, and this one searches without it.
      this.value = this.read().catch(() => {
        this.value = undefined;
        return NO_TRIGRAM_SHARES;
      });
    }
    return this.value;
  }
}
