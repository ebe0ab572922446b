/**
 * A search's capped match count, kept briefly per instance. Counting a common name (10,000 of a
 * project's rows, each read from the heap and checked) costs ~100 times what finding its page
 * does, and the same search is asked again for every page turn, refresh and live update.
 *
 * An entry is used only while the project's per-status counts (read in the page's own statement)
 * are exactly what they were when it was counted: any request created, deleted or moved between
 * statuses makes it unusable at once. What it can miss is an edit of a request's text that moves it
 * in or out of the search; that shows in the total within TTL_MS (the page's items never lag).
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface Entry {
  n: Promise<number>;
  stamp: string;
  at: number;
}

export class SearchCountCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The kept count, or `count()`'s (kept for the next callers). Callers asking at once share one
   * count: twenty clients paging the same search start one count, not twenty.
   */
  count(key: string, stamp: string, count: () => Promise<number>): Promise<number> {
    const kept = this.get(key, stamp);
    if (kept) return kept;
    const n = count();
    this.set(key, stamp, n);
    // A failed count is not kept.
    n.catch(() => {
      if (this.entries.get(key)?.n === n) this.entries.delete(key);
    });
    return n;
  }

  private get(key: string, stamp: string): Promise<number> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || this.now() - entry.at > TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.n;
  }

  private set(key: string, stamp: string, n: Promise<number>): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.delete(key);
    this.entries.set(key, { n, stamp, at: this.now() });
  }
}
