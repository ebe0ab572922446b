/**
 * A ref for a box that scrolls sideways (a wide table on a phone): it must be reachable by
 * keyboard to be scrolled without a mouse, so it joins the tab order while, and only while, its
 * content overflows. A React 19 ref callback: the returned function is its clean-up.
 * Recomputed when the box or a child changes size, and when content comes or goes inside it: a
 * board's cards arriving with its data can widen it without resizing anything watched.
 */
export function focusableWhenScrollable(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined;
  const update = () => {
    if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
    else el.removeAttribute('tabindex');
  };
  update();
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
  resized?.observe(el);
  for (const child of el.children) resized?.observe(child);
  const changed =
    typeof MutationObserver === 'undefined'
      ? undefined
      : new MutationObserver((records) => {
          for (const record of records) if (record.target === el) for (const node of record.addedNodes) if (node instanceof Element) resized?.observe(node);
          update();
        });
  changed?.observe(el, { childList: true, subtree: true });
  return () => {
    resized?.disconnect();
    changed?.disconnect();
  };
}
