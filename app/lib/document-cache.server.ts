import { createHash } from 'node:crypto'
import type { EntryContext } from '@remix-run/node'

/**
 * Rendered documents, kept by what they were rendered from (issue 11): a page is a pure function of
 * its URL, the data its loaders returned, the status, and whether the stylesheet is inlined. When a
 * request's loaders return the same data as an earlier one (the same list version, page, sort and
 * user), React does not render it again: the kept HTML is sent with this response's own CSP nonce
 * put in place of the one it was rendered with.
 *
 * Nothing is kept for a render with errors or action data, or whose data cannot be written as JSON.
 * The loaders always run (the upstream still decides what this user may see); only the rendering is
 * saved. Bounded in bytes (DOCUMENT_CACHE_MB; 0 turns it off), least recently used first out.
 */
type Entry = { html: string; nonce: string }

export class DocumentCache {
  private entries = new Map<string, Entry>()
  bytes = 0

  constructor(readonly maxBytes: number) {}

  /** The key of this render, or null when it must not be kept. */
  keyOf(url: string, status: number, variant: string, context: EntryContext): string | null {
    if (this.maxBytes <= 0 || status !== 200) return null
    const state = context.staticHandlerContext
    if (state.errors || state.actionData) return null
    let data: string
    try {
      data = JSON.stringify(state.loaderData)
    } catch {
      return null
    }
    if (data === undefined) return null
    return createHash('sha256').update(`${url}\n${variant}\n`).update(data).digest('base64url')
  }

  /** The kept document for this key, with `nonce` in place of the nonce it was rendered with. */
  get(key: string, nonce: string): string | null {
    const e = this.entries.get(key)
    if (!e) return null
    this.entries.delete(key)
    this.entries.set(key, e)
    return e.html.replaceAll(e.nonce, nonce)
  }

  set(key: string, html: string, nonce: string) {
    const size = html.length * 2
    if (size > this.maxBytes / 4) return
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.bytes -= old.html.length * 2
    }
    this.entries.set(key, { html, nonce })
    this.bytes += size
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= v.html.length * 2
    }
  }

  get size() {
    return this.entries.size
  }
}
