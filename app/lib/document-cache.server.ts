import { createHash } from 'node:crypto'
import type { EntryContext } from '@remix-run/node'
import { gzipJoined, precompress, type DocumentBody, type Precompressed } from './document-encoding.server'

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
/**
 * A kept document: its text cut at every place of the nonce it was rendered with (everything else is
 * the same in every response), and those parts gzip'd once each, made on the first gzip'd answer.
 */
type Entry = { parts: string[]; length: number; size: number; gz?: Precompressed }


const UNDEFINED = '\u0000undefined'

/**
 * JSON.stringify's replacer for the key: the data must be plain JSON values, so that equal text means
 * an equal render. `undefined` is written (a missing key and an undefined one stay apart); anything
 * that JSON would flatten or drop — a promise (deferred data), Date, Map, Set, class instance,
 * function, BigInt — makes the page one that is not kept (the throw is caught by keyOf).
 */
function plainOnly(this: unknown, key: string, value: unknown): unknown {
  const original = key === '' ? value : (this as Record<string, unknown>)[key]
  if (original === undefined) return UNDEFINED
  if (original === null || typeof original === 'string' || typeof original === 'number' || typeof original === 'boolean') return value
  if (typeof original === 'object') {
    const proto = Object.getPrototypeOf(original)
    if (Array.isArray(original) || proto === Object.prototype || proto === null) return value
  }
  throw new TypeError('not plain data')
}

export class DocumentCache {
  private entries = new Map<string, Entry>()
  bytes = 0

  constructor(readonly maxBytes: number) {}

  /** The key of this render, or null when it must not be kept. */
  keyOf(url: string, status: number, variant: string, context: EntryContext): string | null {
    if (this.maxBytes <= 0 || status !== 200) return null
    const state = context.staticHandlerContext
    if (state.errors || state.actionData) return null
    let data: string | undefined
    try {
      data = JSON.stringify(state.loaderData, plainOnly)
    } catch {
      return null
    }
    if (data === undefined) return null
    return createHash('sha256').update(`${url}\n${variant}\n`).update(data).digest('base64url')
  }

  /**
   * The kept document for this key, with `nonce` in every place of the nonce it was rendered with.
   * Gzip'd, nothing is compressed per response: the parts between the nonces were compressed once.
   */
  get(key: string, nonce: string): DocumentBody | null {
    const e = this.entries.get(key)
    if (!e) return null
    this.entries.delete(key)
    this.entries.set(key, e)
    return {
      length: e.length + (e.parts.length - 1) * nonce.length,
      html: () => e.parts.join(nonce),
      gzip: () => {
        if (!e.gz) {
          e.gz = precompress(e.parts)
          const deflated = e.gz.deflated.reduce((sum, b) => sum + b.length, 0)
          this.bytes += deflated
          e.size += deflated
        }
        return gzipJoined(e.gz, nonce)
      },
    }
  }

  set(key: string, html: string, nonce: string) {
    const size = html.length * 2
    if (size > this.maxBytes / 4) return
    this.remove(key)
    const parts = html.split(nonce)
    this.entries.set(key, { parts, length: html.length - (parts.length - 1) * nonce.length, size })
    this.bytes += size
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(k)
    }
  }

  private remove(key: string) {
    const e = this.entries.get(key)
    if (!e) return
    this.entries.delete(key)
    this.bytes -= e.size
  }

  get size() {
    return this.entries.size
  }
}
