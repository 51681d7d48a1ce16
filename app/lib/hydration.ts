/**
 * A route whose document carries no JavaScript: app/root.tsx leaves out <Scripts> (the app's
 * modules and the loader data for hydration) when a matched route's `handle` is WITHOUT_SCRIPTS.
 * For pages that are printed, never changed: a report's print page of a long period would
 * otherwise send its rows twice, as HTML and as hydration data, and hold both in the server's
 * memory while it renders. Such a page is reached by a document load (a new window, a plain link),
 * never by a client-side navigation.
 */
export const WITHOUT_SCRIPTS = { hydrate: false } as const

/** Whether the matched routes' document loads the app's JavaScript. */
export const hydrates = (matches: readonly { handle?: unknown }[]) =>
  !matches.some((m) => typeof m.handle === 'object' && m.handle !== null && (m.handle as { hydrate?: unknown }).hydrate === false)
