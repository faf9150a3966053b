/** The id of every page's <main>, where the skip link leads. */
export const MAIN_CONTENT_ID = "main-content";

/** First in the tab order: keyboard users jump over the top bar and sidebar to the page itself. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link fixed left-2 top-2 z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow-lg ring-1 ring-slate-200"
    >
      Skip to content
    </a>
  );
}
