import { createContext, useContext } from 'react'

/**
 * First paint in one round trip: on a browser's first visit the document carries the
 * stylesheet inline (under the CSP nonce) and hints the stylesheet file as a low-priority prefetch
 * at the end of the body; later documents link the file, which the browser then has in its cache
 * (hashed name, immutable). Whether to inline is decided on the server (stylesheet.server.ts, by a
 * cookie holding the stylesheet's hash) and handed to the document through this context.
 */
export type StylesheetChoice = { inline: string | null }

const StylesheetContext = createContext<StylesheetChoice>({ inline: null })
export const StylesheetProvider = StylesheetContext.Provider

const INLINE_ID = 'app-css'

/** The inline text the server wrote, read once on the client so hydration renders the same element. */
let hydratedInline: string | null | undefined
function inlineText(choice: StylesheetChoice): string | null {
  if (typeof document === 'undefined') return choice.inline
  if (hydratedInline === undefined) hydratedInline = document.getElementById(INLINE_ID)?.textContent ?? null
  return hydratedInline
}

/** In <head>: the inline stylesheet, or the link to the (cached) file. */
export function AppStylesheet({ href, nonce }: { href: string; nonce: string }) {
  const inline = inlineText(useContext(StylesheetContext))
  if (inline === null) return <link rel="stylesheet" href={href} />
  return <style id={INLINE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: inline }} suppressHydrationWarning />
}

/** At the end of <body>: after an inline first visit, fetch the file for the next documents (never blocks). */
export function StylesheetPrefetch({ href }: { href: string }) {
  const inline = inlineText(useContext(StylesheetContext))
  return inline === null ? null : <link rel="prefetch" href={href} />
}
