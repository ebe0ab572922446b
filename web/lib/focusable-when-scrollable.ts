/**
 * A ref for a box that scrolls sideways (a wide table on a phone): it must be reachable by
 * keyboard to be scrolled without a mouse, so it joins the tab order while, and only while, its
 * content overflows. A React 19 ref callback: the returned function is its clean-up.
 */
export function focusableWhenScrollable(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined;
  const update = () => {
    if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
    else el.removeAttribute('tabindex');
  };
  update();
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(update);
  observer.observe(el);
  for (const child of el.children) observer.observe(child);
  return () => observer.disconnect();
}
