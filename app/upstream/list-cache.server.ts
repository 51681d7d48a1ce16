import { createHash } from 'node:crypto'

/**
 * Recently fetched upstream lists, already parsed and normalised, bounded in bytes (the size of the
 * JSON text each came from; least recently used first out). The upstream stays the judge of who may
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

const MAX_WRITERS = 10_000

export class ListCache {
  private entries = new Map<string, Entry>()
  private writes = new Map<string, number>()
  private seq = 0
  bytes = 0

  constructor(readonly options: CacheOptions) {}

  static owner(token: string | null): string {
    return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : '-'
  }

  /** The validated body of a list, when the caller may revalidate it (not stored before its own write). */
  sharedFor(key: string, owner: string): Shared | null {
    const e = this.entries.get(`s ${key}`)
    if (!e || e.kind !== 'shared') return null
    const wrote = this.writes.get(owner)
    return wrote !== undefined && e.seq < wrote ? null : e
  }

  /** A fresh private body of this token, or null. */
  privateFor(key: string, owner: string, now = Date.now()): unknown | null {
    const k = `p ${owner} ${key}`
    const e = this.entries.get(k)
    if (!e || e.kind !== 'private') return null
    if (e.expires <= now) {
      this.remove(k)
      return null
    }
    this.touch(k, e)
    return e.data
  }

  /** Marks a shared entry as used (least recently used goes first). */
  hit(key: string) {
    const k = `s ${key}`
    const e = this.entries.get(k)
    if (e) this.touch(k, e)
  }

  storeShared(key: string, etag: string, data: unknown, bytes: number) {
    this.put(`s ${key}`, { kind: 'shared', etag, data, bytes, seq: ++this.seq })
  }

  storePrivate(key: string, owner: string, data: unknown, bytes: number, now = Date.now()) {
    if (this.options.ttlMs <= 0) return
    this.put(`p ${owner} ${key}`, { kind: 'private', data, bytes, expires: now + this.options.ttlMs, owner })
  }

  /** A write by this token: its private lists go, and its next read of a stored list is unconditional. */
  wrote(owner: string) {
    for (const [k, e] of this.entries) if (e.kind === 'private' && e.owner === owner) this.remove(k)
    this.writes.delete(owner)
    this.writes.set(owner, ++this.seq)
    if (this.writes.size > MAX_WRITERS) this.writes.delete(this.writes.keys().next().value as string)
  }

  /** Drops everything of a token the upstream refused. */
  refused(owner: string) {
    for (const [k, e] of this.entries) if (e.kind === 'private' && e.owner === owner) this.remove(k)
  }

  get size() {
    return this.entries.size
  }

  clear() {
    this.entries.clear()
    this.writes.clear()
    this.bytes = 0
  }

  private put(k: string, e: Entry) {
    this.remove(k)
    if (e.bytes > this.options.maxBytes) return
    this.entries.set(k, e)
    this.bytes += e.bytes
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break
      this.remove(oldKey)
    }
  }

  private touch(k: string, e: Entry) {
    this.entries.delete(k)
    this.entries.set(k, e)
  }

  private remove(k: string) {
    const e = this.entries.get(k)
    if (!e) return
    this.entries.delete(k)
    this.bytes -= e.bytes
  }
}
