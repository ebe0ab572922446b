import { describe, expect, it } from 'vitest';
import { SearchCountCache } from './search-count-cache';

describe('SearchCountCache', () => {
  it('answers only while the project status counts are unchanged and for at most 5 s', async () => {
    let now = 0;
    let counted = 0;
    const cache = new SearchCountCache(() => now);
    const count = (n: number) => () => (counted++, Promise.resolve(n));
    expect(await cache.count('k', '{"new":3}', count(42))).toBe(42);
    expect(await cache.count('k', '{"new":3}', count(99))).toBe(42);
    expect(counted).toBe(1);
    // Another status count: counted again.
    expect(await cache.count('k', '{"new":4}', count(43))).toBe(43);
    now = 5_001;
    expect(await cache.count('k', '{"new":4}', count(44))).toBe(44);
    expect(await cache.count('other', '{"new":4}', count(7))).toBe(7);
    expect(counted).toBe(4);
  });

  it('callers at once share one count; a failed count is not kept', async () => {
    const cache = new SearchCountCache();
    let counted = 0;
    let finish: (n: number) => void = () => undefined;
    const slow = () => (counted++, new Promise<number>((r) => (finish = r)));
    const both = Promise.all([cache.count('k', 's', slow), cache.count('k', 's', slow)]);
    finish(5);
    expect(await both).toEqual([5, 5]);
    expect(counted).toBe(1);

    await expect(cache.count('bad', 's', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.count('bad', 's', () => Promise.resolve(3))).toBe(3);
  });
});
