import type { Database } from './database.ts'

/**
 * The types the api's modules share. Kept apart from `app.ts` and `db.ts` so that a route module or
 * `versions.ts` can name them without importing what imports it (no import cycles in `api/`).
 */

/** An open database (SQLite or PostgreSQL, api/database.ts); `openDatabase` in `db.ts` makes one. */
export type DB = Database

/** The caller a valid bearer token belongs to (set by `requireToken`). */
export type AuthUser = { id: number; kode_user: string }

/** The Hono env of every api route: what the middlewares of `createApi` put on the context. */
export type ApiEnv = {
  Variables: {
    db: DB
    uploadsDir: string
    user: AuthUser
    tokenId: number
    /**
     * A list that is also a lookup of other screens (api/routes/grants.ts `fullWith`): 'full' for a
     * holder of Select on the record's own menu, 'lookup' (the fields a choice needs) for the others.
     */
    listView?: 'full' | 'lookup'
    /** The extension 'paged-lists' is on: a list asked with `page` answers one page (api/paged.ts). */
    paged: boolean
  }
}
