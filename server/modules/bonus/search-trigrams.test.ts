import { describe, expect, it } from 'vitest';
import { COMMON_TRIGRAM_SHARE, MAX_TRIGRAM_PARTS, planSearch, TRIGRAM_SHARES_TTL_MS, TrigramSharesCache } from './search-trigrams';

const common = COMMON_TRIGRAM_SHARE;
/** Shares as a seeded project has them: every username starts 'oyuncu', digits are rare. */
const listed = new Map([
  ['oyu', 1],
  ['yun', 1],
  ['unc', 1],
  ['ncu', 1],
  ['cu1', 0.22],
  ['u12', 0.02],
  ['123', 0.0096],
  ['234', 0.0103],
  ['340', 0.0103],
  ['yil', 0.14],
  ['ilm', common],
  ['lma', 0.068],
  ['maz', 0.068],
]);
const shares = { listed, unlisted: 0.002 };

describe('planSearch().rare: whether the trigram index has few candidates for the term', () => {
  it('is true when one trigram of the term is uncommon, also when every one is (an exact id)', () => {
    expect(planSearch('oyuncu12340', shares).rare).toBe(true);
    expect(planSearch('12340', shares).rare).toBe(true);
    expect(planSearch('B-987650', shares).rare).toBe(true);
  });

  it('is false for a term of common trigrams, a term without one, and before anything is sampled', () => {
    expect(planSearch('Yılmaz', shares).rare).toBe(false);
    expect(planSearch('oyuncu', shares).rare).toBe(false);
    expect(planSearch('ab', shares).rare).toBe(false);
    expect(planSearch('şğü', shares).rare).toBe(false);
    expect(planSearch('oyuncu12340', { listed: new Map(), unlisted: 0 }).rare).toBe(false);
  });
});

describe('planSearch().parts: what the trigram index is asked for', () => {
  it('asks for uncommon trigrams of a rare term each on its own, rarest first, and leaves the common ones to the recheck', () => {
    // '234' and 'u12' overlap the rarer '123' by two letters: they would narrow little.
    expect(planSearch('oyuncu12340', shares).parts).toEqual(['123', '340']);
    expect(planSearch('OYUNCU12340', shares).parts).toEqual(['123', '340']);
  });

  it('asks for a trigram once, whichever runs hold it; equal shares keep the term order', () => {
    // 'oyuncu' (common) splits the runs of digits.
    expect(planSearch('12340 oyuncu 12340', shares).parts).toEqual(['123', '340']);
    expect(planSearch('987 oyuncu 6543', shares).parts).toEqual(['987', '654']);
  });

  it(`asks for at most ${MAX_TRIGRAM_PARTS}, the rarest, none overlapping a taken one by two letters`, () => {
    // '409' and '098' are unlisted (rarer than any listed trigram); '098' and '340' overlap '409', '234' overlaps '123'.
    expect(planSearch('1234098', shares).parts).toEqual(['409', '123']);
    expect(planSearch('a'.repeat(10) + '1234567890', shares).parts).toHaveLength(MAX_TRIGRAM_PARTS);
  });

  it('keeps the whole term when every trigram is common: the planner walks the date index', () => {
    expect(planSearch('yilmaz', shares).parts).toBeNull();
    expect(planSearch('oyuncu', shares).parts).toBeNull();
  });

  it('drops what is outside the plain runs: the padded trigrams of a lone letter are in every external id', () => {
    expect(planSearch('B-987650', shares).parts).toEqual(['987', '765']);
  });

  it('counts an unlisted trigram as common as the least common listed one', () => {
    expect(planSearch('oyuncu98', { listed, unlisted: common }).parts).toBeNull();
    // Its only uncommon trigrams overlap: both are asked for, one alone would narrow too little.
    expect(planSearch('oyuncu98', shares).parts).toEqual(['cu9', 'u98']);
  });

  it('keeps the whole term without statistics, or without a plain three-character run', () => {
    expect(planSearch('oyuncu12340', { listed: new Map(), unlisted: 0 }).parts).toBeNull();
    expect(planSearch('ab', shares).parts).toBeNull();
    expect(planSearch('ça-ğö', shares).parts).toBeNull();
  });

  it('takes parts only from ASCII letters and digits: a Turkish letter ends a run', () => {
    // 'yılmaz' folds to 'yilmaz' in the database; here only 'lmaz12340' is plain ASCII ('lma', 'maz' common).
    expect(planSearch('yılmaz12340', shares).parts).toEqual(['az1', '123', '340']);
    for (const part of planSearch('Işık oyuncu12340 %_\\', shares).parts ?? []) expect(part).toMatch(/^[a-z0-9]{3}$/);
    // U+212A KELVIN SIGN lower-cases to an ASCII 'k' in JavaScript: it must end the run, not join it.
    expect(planSearch('oyuncu\u212A12340', shares).parts).toEqual(['123', '340']);
  });
});

describe('planSearch().share: about what share of requests hold the whole term', () => {
  it('takes a word as common as its least common trigram, and words as independent', () => {
    expect(planSearch('yilmaz', shares).share).toBe(common);
    expect(planSearch('oyuncu yilmaz', shares).share).toBe(common);
    expect(planSearch('yilmaz 987', shares).share).toBeCloseTo(common * 0.002);
  });

  it('is 0 when nothing is known: no sample, or no plain three-character run', () => {
    expect(planSearch('yilmaz', { listed: new Map(), unlisted: 0 }).share).toBe(0);
    expect(planSearch('ab', shares).share).toBe(0);
    expect(planSearch('şğü', shares).share).toBe(0);
  });
});

describe('TrigramSharesCache', () => {
  it('reads once per TTL, shares a read between callers, and does not keep a failed read', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const cache = new TrigramSharesCache(async () => {
      reads++;
      if (fail) throw new Error('boom');
      return { listed: new Map([['abc', reads]]), unlisted: 0 };
    }, () => now);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    expect(a.listed.get('abc')).toBe(1);
    now += TRIGRAM_SHARES_TTL_MS - 1;
    await cache.get();
    expect(reads).toBe(1);
    now += 1;
    fail = true;
    expect((await cache.get()).listed.size).toBe(0);
    fail = false;
    expect((await cache.get()).listed.get('abc')).toBe(3);
  });
});
