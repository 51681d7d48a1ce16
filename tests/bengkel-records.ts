/**
 * The parts store for the work orders' app and end-to-end tests. The parts' own api (the extension
 * 'suku-cadang': GET/POST /api/suku-cadang, purchases) is built beside this one; until both are
 * merged, a test puts its parts and their stock straight into the database of the product it runs
 * against (scripts/e2e-server.mjs: a temporary SQLite file), through the api's own stock ledger
 * (api/stock.ts `move`), so stok, nilai_stok and the Kartu Stok agree as the api's movements leave them.
 *
 * The database is found by the server's port: the e2e server that serves `appPort` keeps it in its
 * temporary folder (fleet-e2e-*, its pid in owner.pid, its PORT in its environment).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../api/db.ts'
import { move } from '../api/stock.ts'
import { today } from '../api/http.ts'
import type { DB } from '../api/types.ts'

const opened = new Map<number, Promise<DB>>()

/** The database of the e2e server serving `appPort` (opened once per port). */
export function bengkelDb(appPort: number): Promise<DB> {
  let db = opened.get(appPort)
  if (!db) {
    db = (async () => {
      for (const name of readdirSync(tmpdir())) {
        if (!name.startsWith('fleet-e2e-')) continue
        const dir = join(tmpdir(), name)
        try {
          const pid = Number(readFileSync(join(dir, 'owner.pid'), 'utf8'))
          const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
          if (env.includes(`PORT=${appPort}`) && existsSync(join(dir, 'e2e.db'))) return await openDatabase(`file:${join(dir, 'e2e.db')}`)
        } catch {
          // not ours, or gone
        }
      }
      throw new Error(`no e2e server's database for port ${appPort}`)
    })()
    opened.set(appPort, db)
  }
  return db
}

let unique = 0

/** A new part named `nama` with `stok` units worth `nilai` in stock (an opening count through the ledger). Answers its id. */
export async function partWithStock(db: DB, o: { nama: string; satuan: string; stok: number; nilai: number }) {
  const kode = `SCT${process.pid}${Date.now().toString(36)}${++unique}`.toUpperCase()
  return await db.tx(async () => {
    const { id } = await db.q
      .insertInto('suku_cadang')
      .values({ kode_suku_cadang: kode, nama: o.nama, satuan: o.satuan })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (o.stok > 0) {
      await move(db, {
        partId: id,
        tanggal: today(),
        jenis: 'opname',
        dokumenId: 0,
        kodeDokumen: 'SO-UJI',
        jumlah: o.stok,
        nilai: o.nilai,
      })
    }
    return id
  })
}

/** A part's stock and value as stored. */
export async function stockOf(db: DB, partId: number) {
  const r = await db.q.selectFrom('suku_cadang').select(['stok', 'nilai_stok']).where('id', '=', partId).executeTakeFirstOrThrow()
  return { stok: Number(r.stok), nilai_stok: Number(r.nilai_stok) }
}
