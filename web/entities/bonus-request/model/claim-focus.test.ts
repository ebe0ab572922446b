import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { focusClaimedWhenReady } from './claim-focus';

/** The board as the browser has it right after the claim's answer, before React re-renders. */
function board() {
  document.body.innerHTML = `
    <ul data-request-list="waiting"><li tabindex="0" data-request-card="7" aria-label="GOLD-7">GOLD-7</li><li tabindex="0" data-request-card="8">GOLD-8</li></ul>
    <ul data-request-list="mine"></ul>
    <button type="button">Başka bir şey</button>`;
  const claimedFrom = document.querySelector<HTMLElement>('[data-request-card="7"]')!;
  claimedFrom.focus();
  return {
    claimedFrom,
    /** React's re-render: the card held in place (same element), then the card in 'Üzerimde'. */
    hold: () => {
      claimedFrom.removeAttribute('data-request-card');
      claimedFrom.setAttribute('data-claimed-card', '7');
      claimedFrom.tabIndex = -1;
    },
    showMine: () => {
      const li = document.createElement('li');
      li.tabIndex = 0;
      li.dataset.requestCard = '7';
      document.querySelector('[data-request-list="mine"]')!.append(li);
      return li;
    },
  };
}
const frames = (n: number) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
  step(n);
});

describe('focus after a claim', () => {
  beforeEach(() => {
    // jsdom lays nothing out; every connected element counts as shown.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
      return (this.isConnected ? [{}] : []) as unknown as DOMRectList;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("reaches the card in 'Üzerimde' even when the first frame still shows the card in 'Bekleyen' it was claimed from", async () => {
    const scene = board();
    focusClaimedWhenReady(7, true);
    await frames(2);
    expect(scene.claimedFrom).toHaveFocus();
    scene.hold();
    await frames(2);
    const mine = scene.showMine();
    await waitFor(() => expect(mine).toHaveFocus());
  });

  it('rests on the held card when the one it was claimed from is replaced, then moves on', async () => {
    const scene = board();
    focusClaimedWhenReady(7, true);
    // A re-render that replaces the element: focus falls to <body>, the held card takes it.
    scene.claimedFrom.remove();
    const held = document.createElement('li');
    held.tabIndex = -1;
    held.dataset.claimedCard = '7';
    document.querySelector('[data-request-list="waiting"]')!.prepend(held);
    await waitFor(() => expect(held).toHaveFocus());
    const mine = scene.showMine();
    await waitFor(() => expect(mine).toHaveFocus());
  });

  it('leaves focus where the person put it meanwhile', async () => {
    const scene = board();
    focusClaimedWhenReady(7, true);
    scene.hold();
    const elsewhere = document.querySelector('button')!;
    elsewhere.focus();
    const mine = scene.showMine();
    await frames(3);
    expect(elsewhere).toHaveFocus();
    expect(mine).not.toHaveFocus();
  });
});
