import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

/**
 * Recently fetched upstream lists, already parsed and normalised, in an lru-cache bounded in bytes
 * (the size of the JSON text each came from; least recently used first out). The upstream stays the judge of who may
 * see what, so the cache never answers on its own for a list that has validators:
 *
 * - `shared` entries (the upstream sent an `ETag`): one parsed body per list and version, for every
 *   user. Each use is a conditional GET with the requesting user's own token; only a `304` for that
 *   very ETag hands the body out. Fifty users of one list hold one copy; a refused token gets
 *   the upstream's refusal, never the body.
 * - `private` entries (no validators): belong to one token and live `ttlMs` (a few seconds), which
 *   bounds staleness against an upstream that cannot revalidate.
 * - A write through the app (any non-GET call, see client.server.ts) drops the writer's private
 *   entries at once, and the writer's next read of any list stored before the write goes out
 *   unconditionally, so users always see their own changes even from an upstream with weak validators.
 *
 * Correctness never depends on this process: another instance simply starts with an empty cache.
 */
export type CacheOptions = { maxBytes: number; ttlMs: number }

type Shared = { kind: 'shared'; etag: string; data: unknown; bytes: number; seq: number }
type Private = { kind: 'private'; data: unknown; bytes: number; expires: number; owner: string }
type Entry = Shared | Private

/** How many tokens' last writes are remembered (least recently writing first out). */
const MAX_WRITERS = 10_000

export class ListCache {
  private entries: LRUCache<string, Entry>
  /** The sequence number of each token's last write. */
  private writes = new LRUCache<string, number>({ max: MAX_WRITERS })
  private seq = 0

  constructor(readonly options: CacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, options.maxBytes),
      // An entry larger than the whole bound is not kept (and drops an older one at its key).
      sizeCalculation: (e) => Math.max(1, e.bytes),
      // Private entries carry their own time to live (set()'s ttl); lru-cache drops them once stale.
      ttlAutopurge: true,
    })
  }

  static owner(token: string | null): string {
    return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : '-'
  }

  /** The validated body of a list, when the caller may revalidate it (not stored before its own write). */
  sharedFor(key: string, owner: string): Shared | null {
    const e = this.entries.peek(`s ${key}`)
    if (!e || e.kind !== 'shared') return null
    const wrote = this.writes.peek(owner)
    return wrote !== undefined && e.seq < wrote ? null : e
  }

  /** A fresh private body of this token, or null. */
  privateFor(key: string, owner: string, now = Date.now()): unknown | null {
    const k = `p ${owner} ${key}`
    const e = this.entries.peek(k)
    if (!e || e.kind !== 'private') return null
    // Checked here too, against the caller's clock (tests give theirs), not only lru-cache's.
    if (e.expires <= now) {
      this.entries.delete(k)
      return null
    }
    this.entries.get(k) // most recently used
    return e.data
  }

  /** Marks a shared entry as used (least recently used goes first). */
  hit(key: string) {
    this.entries.get(`s ${key}`)
  }

  storeShared(key: string, etag: string, data: unknown, bytes: number) {
    this.entries.set(`s ${key}`, { kind: 'shared', etag, data, bytes, seq: ++this.seq })
  }

  storePrivate(key: string, owner: string, data: unknown, bytes: number, now = Date.now()) {
    if (this.options.ttlMs <= 0) return
    const entry: Private = { kind: 'private', data, bytes, expires: now + this.options.ttlMs, owner }
    this.entries.set(`p ${owner} ${key}`, entry, { ttl: this.options.ttlMs })
  }

  /** A write by this token: its private lists go, and its next read of a stored list is unconditional. */
  wrote(owner: string) {
    this.refused(owner)
    this.writes.set(owner, ++this.seq)
  }

  /** Drops everything of a token the upstream refused. */
  refused(owner: string) {
    const prefix = `p ${owner} `
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k)
  }

  get size() {
    return this.entries.size
  }

  /** Bytes held (the JSON text the entries came from). */
  get bytes() {
    return this.entries.calculatedSize
  }

  clear() {
    this.entries.clear()
    this.writes.clear()
  }
}
