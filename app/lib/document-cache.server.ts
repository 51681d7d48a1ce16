import { createHash } from 'node:crypto'
import type { EntryContext } from '@remix-run/node'
import { gzipAfter, precompress, type Precompressed } from './document-encoding.server'

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
 * A kept document: its text, the nonce it was rendered with, where that nonce first occurs (all
 * before it is the same in every response: head, stylesheet link, the page's markup), and that
 * part already gzip'd, made on the first gzip'd answer.
 */
type Entry = { html: string; nonce: string; cut: number; size: number; gz?: Precompressed }

/** A kept document for one response: its text with this response's nonce, and the same gzip'd. */
export type KeptDocument = { html: string; gzip: () => Buffer }

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
   * The kept document for this key, with `nonce` in place of the nonce it was rendered with. Only the
   * part from the first nonce on is compressed per response; the part before it was compressed once.
   */
  get(key: string, nonce: string): KeptDocument | null {
    const e = this.entries.get(key)
    if (!e) return null
    this.entries.delete(key)
    this.entries.set(key, e)
    const head = e.html.slice(0, e.cut)
    const rest = e.html.slice(e.cut).replaceAll(e.nonce, nonce)
    return {
      html: head + rest,
      gzip: () => {
        if (!e.gz) {
          e.gz = precompress(head)
          this.bytes += e.gz.deflated.length
          e.size += e.gz.deflated.length
        }
        return gzipAfter(e.gz, rest)
      },
    }
  }

  set(key: string, html: string, nonce: string) {
    const size = html.length * 2
    if (size > this.maxBytes / 4) return
    this.remove(key)
    const cut = html.indexOf(nonce)
    this.entries.set(key, { html, nonce, cut: cut < 0 ? html.length : cut, size })
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
