/** First in the tab order: jumps past the sidebar and header to the page. */
export function SkipLink() {
  // Focus-only utilities come after not-sr-only (which resets padding), so the link keeps its shape.
  return (
    <a
      href="#main-content"
      className="sr-only rounded-lg bg-indigo-600 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-2 focus:outline-offset-2 focus:outline-indigo-400"
    >
      İçeriğe geç
    </a>
  );
}
