import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusableWhenScrollable } from './focusable-when-scrollable';

/** jsdom has no layout: the box's widths are set by hand, as the browser would lay them out. */
function box(widths: { scroll: number; client: number }) {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollWidth', { get: () => widths.scroll });
  Object.defineProperty(el, 'clientWidth', { get: () => widths.client });
  document.body.append(el);
  return el;
}

describe('focusableWhenScrollable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is in the tab order only while its content overflows', () => {
    const widths = { scroll: 800, client: 400 };
    const el = box(widths);
    const cleanUp = focusableWhenScrollable(el);
    expect(el.getAttribute('tabindex')).toBe('0');
    cleanUp?.();
    widths.scroll = 400;
    focusableWhenScrollable(el)?.();
    expect(el.hasAttribute('tabindex')).toBe(false);
  });

  it('joins the tab order when content added after mount makes it overflow, with no resize to tell', async () => {
    // No ResizeObserver callback ever comes (as when only the content widened, not the watched boxes).
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    const widths = { scroll: 400, client: 400 };
    const el = box(widths);
    const cleanUp = focusableWhenScrollable(el);
    expect(el.hasAttribute('tabindex')).toBe(false);
    widths.scroll = 900;
    el.append(document.createElement('section'));
    await vi.waitFor(() => expect(el.getAttribute('tabindex')).toBe('0'));
    cleanUp?.();
  });
});
