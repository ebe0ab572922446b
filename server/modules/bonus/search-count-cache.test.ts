import { describe, expect, it } from 'vitest';
import { SearchCountCache } from './search-count-cache';

describe('SearchCountCache', () => {
  it('answers only while the project status counts are unchanged and for at most 5 s', () => {
    let now = 0;
    const cache = new SearchCountCache(() => now);
    cache.set('k', '{"new":3}', 42);
    expect(cache.get('k', '{"new":3}')).toBe(42);
    expect(cache.get('k', '{"new":4}')).toBeUndefined();
    // The mismatch dropped it.
    expect(cache.get('k', '{"new":3}')).toBeUndefined();
    cache.set('k', '{"new":3}', 42);
    now = 5_001;
    expect(cache.get('k', '{"new":3}')).toBeUndefined();
    expect(cache.get('other', '{"new":3}')).toBeUndefined();
  });
});
