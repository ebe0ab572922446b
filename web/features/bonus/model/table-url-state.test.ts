import { describe, expect, it } from 'vitest';
import { changeTableState, DEFAULT_TABLE_STATE, defaultSort, nextSort, readTableState, toListParams, writeTableState } from './table-url-state';

const read = (query: string) => readTableState(new URLSearchParams(query));

describe('table state in the URL', () => {
  it('defaults: all statuses, page 1, 20 rows, newest first', () => {
    expect(read('')).toEqual(DEFAULT_TABLE_STATE);
    expect(DEFAULT_TABLE_STATE).toMatchObject({ limit: 20, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('reads every field back from what it wrote', () => {
    const state = { status: 'completed', search: 'Çelik', page: 3, limit: 50, sortBy: 'amount', sortOrder: 'asc', mine: true } as const;
    const url = writeTableState(state);
    expect(url.toString()).toBe('status=completed&search=%C3%87elik&page=3&limit=50&sortBy=amount&sortOrder=asc&mine=true');
    expect(readTableState(url)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(writeTableState(DEFAULT_TABLE_STATE).toString()).toBe('');
    expect(writeTableState({ ...DEFAULT_TABLE_STATE, search: '   ' }).toString()).toBe('');
  });

  it('falls back to defaults for values a hand-edited URL may hold', () => {
    expect(read('status=deleted&page=-2&limit=7&sortBy=password&sortOrder=up')).toEqual(DEFAULT_TABLE_STATE);
    expect(read('page=2.5').page).toBe(1);
    expect(read(`search=${'x'.repeat(300)}`).search).toHaveLength(100);
  });

  it('accepts only the page sizes 10, 20, 50 and 100', () => {
    expect([10, 20, 50, 100].map((n) => read(`limit=${n}`).limit)).toEqual([10, 20, 50, 100]);
    expect(read('limit=30').limit).toBe(20);
  });
});

describe('changeTableState', () => {
  const onPage4 = { ...DEFAULT_TABLE_STATE, page: 4 };
  it('goes back to page 1 when the filter, search, size or sort changes', () => {
    expect(changeTableState(onPage4, { status: 'waiting' }).page).toBe(1);
    expect(changeTableState(onPage4, { search: 'abc' }).page).toBe(1);
    expect(changeTableState(onPage4, { limit: 50 }).page).toBe(1);
    expect(changeTableState(onPage4, nextSort(onPage4, 'amount')).page).toBe(1);
  });
  it('keeps the page when nothing else changes, and moves it when asked', () => {
    expect(changeTableState(onPage4, { status: 'all' }).page).toBe(4);
    expect(changeTableState(onPage4, { page: 5 })).toEqual({ ...onPage4, page: 5 });
  });
});

describe('nextSort', () => {
  it('flips the order of the current column', () => {
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'desc' }, 'createdAt')).toEqual({ sortBy: 'createdAt', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'amount', sortOrder: 'asc' }, 'amount')).toEqual({ sortBy: 'amount', sortOrder: 'desc' });
  });
  it('starts numbers and dates largest first, text A→Z', () => {
    expect(nextSort(DEFAULT_TABLE_STATE, 'amount')).toEqual({ sortBy: 'amount', sortOrder: 'desc' });
    expect(nextSort(DEFAULT_TABLE_STATE, 'priority')).toEqual({ sortBy: 'priority', sortOrder: 'desc' });
    expect(nextSort(DEFAULT_TABLE_STATE, 'customerUsername')).toEqual({ sortBy: 'customerUsername', sortOrder: 'asc' });
  });
});

describe('toListParams', () => {
  it('sends no status for all and no empty search', () => {
    expect(toListParams({ ...DEFAULT_TABLE_STATE, search: '  ' })).toEqual({ status: undefined, search: undefined, page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(toListParams({ ...DEFAULT_TABLE_STATE, status: 'waiting', search: ' ayşe ' })).toMatchObject({ status: 'waiting', search: 'ayşe' });
  });
});

describe('completed work in completion order', () => {
  it("the 'Tamamlanan' filter lists by completion time, newest first, and keeps it out of the URL", () => {
    expect(defaultSort('completed')).toEqual({ sortBy: 'completedAt', sortOrder: 'desc' });
    const completed = changeTableState(DEFAULT_TABLE_STATE, { status: 'completed' });
    expect(completed).toMatchObject({ sortBy: 'completedAt', sortOrder: 'desc' });
    expect(toListParams(completed)).toMatchObject({ status: 'completed', sortBy: 'completedAt', sortOrder: 'desc' });
    expect(writeTableState(completed).toString()).toBe('status=completed');
    expect(read('status=completed')).toEqual(completed);
    // Back to all: newest created first again.
    expect(changeTableState(completed, { status: 'all' })).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('a sort the user chose stays when the filter changes, and survives the URL', () => {
    const byAmount = changeTableState(DEFAULT_TABLE_STATE, nextSort(DEFAULT_TABLE_STATE, 'amount'));
    expect(changeTableState(byAmount, { status: 'completed' })).toMatchObject({ sortBy: 'amount', sortOrder: 'desc' });
    const createdUnderCompleted = { ...DEFAULT_TABLE_STATE, status: 'completed' as const };
    expect(readTableState(writeTableState(createdUnderCompleted))).toEqual(createdUnderCompleted);
  });
});
