import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sideCard } from './shortcut-keys';

/** Three board columns: waiting with three cards, mine empty, completed with one. */
function board() {
  document.body.innerHTML = `
    <main>
      <ul data-request-list="waiting"><li data-request-card="1" tabindex="0"></li><li data-request-card="2" tabindex="0"></li><li data-request-card="3" tabindex="0"></li></ul>
      <ul data-request-list="mine"></ul>
      <ul data-request-list="completed"><li data-request-card="9" tabindex="0"></li></ul>
    </main>`;
  const card = (id: number) => document.querySelector<HTMLElement>(`[data-request-card="${id}"]`)!;
  return { card };
}

describe('sideCard: h/l between board columns', () => {
  beforeEach(() => {
    // jsdom lays nothing out; every element counts as shown.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  });
  afterEach(() => vi.restoreAllMocks());

  it('skips an empty column and lands on the last card when the place is past its end', () => {
    const { card } = board();
    expect(sideCard(card(3), 1)).toBe(card(9));
    expect(sideCard(card(1), 1)).toBe(card(9));
  });

  it('comes back to the card at the same place, and stops at the edges', () => {
    const { card } = board();
    expect(sideCard(card(9), -1)).toBe(card(1));
    expect(sideCard(card(1), -1)).toBeNull();
    expect(sideCard(card(9), 1)).toBeNull();
  });

  it('with no card focused, starts at the first card', () => {
    const { card } = board();
    expect(sideCard(document.body, 1)).toBe(card(1));
  });
});
