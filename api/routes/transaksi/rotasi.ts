import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { conflict, idParam, invalid, notFound, requiredText, today } from '../../http.ts'
import { jsonBody, optionalId, positionsFor, raiseVehicleKm, requiredId, whenJoined } from './common.ts'
import { kmRule, wholeField } from '../../numbers.ts'
import { detailJson, detailRows } from './pemasangan.ts'
import { vehicleDocument, type LinesOf } from './vehicle-document.ts'
import { col } from './paging.ts'
import { formatKm } from './pelepasan.ts'
import { lockKendaraan, positionHolder, type PositionHolder } from './posisi.ts'
import { writeRiwayat, type Actor } from './riwayat.ts'
import { read } from '../../grants.ts'
import { forUpdate, jsonAgg, jsonBuild, nowMoment, type JsonText } from '../../sql.ts'

/** Locks a rotasi's row until the transaction ends (before its vehicle's): its changes run one at a time. */
const lockRotasi = async (db: DB, id: number) =>
  await db.q.selectFrom('rotasi_ban').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()

/**
 * Rotasi Ban (the extension 'rotasi-ban'; docs/upstream-contract.md): a fitted ban moves to
 * another position of the same vehicle; when that position holds a ban, the two swap. A move changes
 * the position of the pemasangan line holding the ban, so the ban's km run since its pemasangan goes on
 * across positions (neither lost nor counted twice) and who holds a position stays one rule
 * (posisi.ts). Moves are staged by vehicle and take effect at once, like pelepasan lines; a document
 * (RT000001 …) registers them, and posting locks it.
 */

// ---- output ----------------------------------------------------------------------------------------

/** A ban of a move (`b` its alias, `u`, `m`, `t` its size, brand and type's). */
const banJson = (db: DB, b: 'b' | 'b2', u: 'u' | 'u2', m: 'm' | 'm2', t: 't' | 't2') =>
  jsonBuild(db, {
    id: col(`${b}.id`),
    kode_ban: col(`${b}.kode_ban`),
    no_seri: col(`${b}.no_seri`),
    kondisi_ban: col(`${b}.kondisi_ban`),
    ukuran: whenJoined(col(`${u}.id`), jsonBuild(db, { id: col(`${u}.id`), nama: col(`${u}.nama`) })),
    merek: whenJoined(col(`${m}.id`), jsonBuild(db, { id: col(`${m}.id`), nama_merek: col(`${m}.nama_merek`) })),
    typeban: whenJoined(col(`${t}.id`), jsonBuild(db, { id: col(`${t}.id`), nama_type: col(`${t}.nama_type`) })),
  })

/** A move with its ban and the ban it swapped with (null: the position was empty). */
const lineJson = (db: DB) =>
  jsonBuild(db, {
    id: col('l.id'),
    rotasi_ban_id: col('l.rotasi_ban_id'),
    kendaraan_id: col('l.kendaraan_id'),
    posisi_asal: col('l.posisi_asal'),
    posisi_tujuan: col('l.posisi_tujuan'),
    km: col('l.km'),
    ban_id: col('l.ban_id'),
    ban_tukar_id: col('l.ban_tukar_id'),
    ban: banJson(db, 'b', 'u', 'm', 't'),
    ban_tukar: whenJoined(col('b2.id'), banJson(db, 'b2', 'u2', 'm2', 't2')),
  })

/** The order of a document's (or a vehicle's staged) moves: as staged. */
const LINE_ORDER = [col('l.id')]

/** Moves as the api answers them (vehicle-document.ts `lines`): JSON text, in LINE_ORDER. */
async function rotasiLines(db: DB, of: LinesOf) {
  const row = await db.q
    .selectFrom('detail_rotasi_ban as l')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('typeban as t', 't.id', 'b.typeban_id')
    .leftJoin('ban as b2', 'b2.id', 'l.ban_tukar_id')
    .leftJoin('ukuran as u2', 'u2.id', 'b2.ukuran_id')
    .leftJoin('merek as m2', 'm2.id', 'b2.merek_id')
    .leftJoin('typeban as t2', 't2.id', 'b2.typeban_id')
    .select(jsonAgg(db, lineJson(db), sql.join(LINE_ORDER)).as('json'))
    .where((eb) =>
      'lineId' in of
        ? eb('l.id', '=', of.lineId)
        : 'documentId' in of
          ? eb('l.rotasi_ban_id', '=', of.documentId)
          : eb.and([eb('l.kendaraan_id', '=', of.stagedOn), eb('l.rotasi_ban_id', 'is', null)]),
    )
    .executeTakeFirstOrThrow()
  return row.json as JsonText<unknown[]>
}

/**
 * The last km of the ban on pemasangan line `d` (a query's alias): the highest of its pemasangan km
 * and the km of every move of that line (as the moved ban or as the one swapped).
 */
export const kmTerakhir = () =>
  sql<number>`(SELECT CASE WHEN MAX(x.km) > d.km_pemasangan THEN MAX(x.km) ELSE d.km_pemasangan END
  FROM detail_rotasi_ban x WHERE x.detail_pemasangan_ban_id = d.id OR x.detail_pemasangan_ban_tukar_id = d.id)`

// ---- rules -----------------------------------------------------------------------------------------

const notFoundDoc = () => notFound('Rotasi ban')
const notFoundVehicle = () => notFound('Kendaraan')
export const POSTED = 'Rotasi ban sudah diposting dan tidak dapat diubah.'

const vehicleOf = async (db: DB, id: number) =>
  await db.q
    .selectFrom('kendaraan as k')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['k.id', 'k.km', 'j.total_ban'])
    .where('k.id', '=', id)
    .executeTakeFirst()

const stageSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  posisi_asal: requiredText('Posisi asal harus dipilih.'),
  posisi_tujuan: requiredText('Posisi tujuan harus dipilih.'),
  // The vehicle of the target position, when the caller names it: it must be the same vehicle.
  kendaraan_tujuan_id: optionalId('Kendaraan posisi tujuan tidak valid.'),
  km: wholeField(kmRule('Km Rotasi'), { notNumber: 'Km Rotasi harus diisi.', blank: { required: 'Km Rotasi harus diisi.' } }),
  rotasi_ban_id: optionalId('Rotasi ban tidak valid.'),
})
export type StageInput = z.infer<typeof stageSchema>

/** The registered pemasangan line holding a position now, with its ban's last km. */
type Held = { id: number; ban_id: number; posisi_ban: string; km_terakhir: number }

async function heldAt(db: DB, holder: PositionHolder | undefined): Promise<Held | undefined> {
  if (!holder) return undefined
  return await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .select(['d.id', 'd.ban_id', 'd.posisi_ban', kmTerakhir().as('km_terakhir')])
    .where('d.id', '=', holder.detail_id)
    .executeTakeFirstOrThrow()
}

/** Moves the pemasangan line `id` from `from` to `to`; 409 when it no longer holds `from`. */
async function moveLine(db: DB, id: number, from: string, to: string) {
  const moved = await db.q
    .updateTable('detail_pemasangan_ban')
    .set({ posisi_ban: to, updated_at: nowMoment(db) })
    .where('id', '=', id)
    .where('posisi_ban', '=', from)
    .where('dilepas', '=', 0)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) === 0) throw conflict('Posisi ban baru saja berubah. Muat ulang halaman lalu coba lagi.')
}

/**
 * Moves (or swaps) the ban of two positions, one transaction (the caller's): the pemasangan line of
 * `a` goes to `b` and, when `swapped` is given, that line (on `b`) goes to `a`. One position holds
 * one ban (a unique index): the first line waits on a position no line can hold.
 */
async function movePositions(db: DB, line: number, a: string, b: string, swapped: number | null) {
  if (swapped == null) return moveLine(db, line, a, b)
  const parked = `${a}~`
  await moveLine(db, line, a, parked)
  await moveLine(db, swapped, b, a)
  await moveLine(db, line, parked, b)
}

/**
 * Stages a move (one transaction, the caller's): the ban of posisi_asal goes to posisi_tujuan; a
 * ban there comes to posisi_asal. Answers the new line's id.
 */
export async function stageRotasi(db: DB, actor: Actor, v: StageInput, opts: { tanggal?: string } = {}): Promise<number> {
  // Its rotasi (when the move goes into one) and then its vehicle locked: a posting or another change
  // of the rotasi waits, and the vehicle's positions stay as read until the move is written.
  if (v.rotasi_ban_id != null) await lockRotasi(db, v.rotasi_ban_id)
  if (!(await lockKendaraan(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const vehicle = (await vehicleOf(db, v.kendaraan_id))!
  const doc = v.rotasi_ban_id != null ? await rotasi.docState(db, v.rotasi_ban_id) : null
  if (v.rotasi_ban_id != null) {
    if (!doc) throw notFoundDoc()
    if (doc.status === 'posting') throw invalid({ rotasi_ban_id: [POSTED] })
    if (doc.kendaraan_id !== v.kendaraan_id) throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan rotasi ban.'] })
  }
  const asal = v.posisi_asal.trim().toUpperCase()
  const tujuan = v.posisi_tujuan.trim().toUpperCase()
  if (v.kendaraan_tujuan_id != null && v.kendaraan_tujuan_id !== v.kendaraan_id) {
    throw invalid({ posisi_tujuan: ['Posisi tujuan harus posisi kendaraan yang sama.'] })
  }
  const positions = positionsFor(vehicle.total_ban)
  if (!positions.includes(asal)) throw invalid({ posisi_asal: ['Posisi asal bukan posisi kendaraan ini.'] })
  if (!positions.includes(tujuan)) throw invalid({ posisi_tujuan: ['Posisi tujuan harus posisi kendaraan yang sama.'] })
  if (asal === tujuan) throw invalid({ posisi_tujuan: ['Posisi tujuan harus berbeda dari posisi asal.'] })

  const fromHolder = await positionHolder(db, v.kendaraan_id, asal)
  if (!fromHolder) throw invalid({ posisi_asal: ['Tidak ada ban terpasang di posisi ini.'] })
  if (fromHolder.pemasangan_ban_id == null) throw invalid({ posisi_asal: ['Pemasangan ban di posisi ini belum disimpan.'] })
  const toHolder = await positionHolder(db, v.kendaraan_id, tujuan)
  if (toHolder && toHolder.pemasangan_ban_id == null) throw invalid({ posisi_tujuan: ['Pemasangan ban di posisi tujuan belum disimpan.'] })
  const from = (await heldAt(db, fromHolder))!
  const to = await heldAt(db, toHolder)
  const last = Math.max(from.km_terakhir, to?.km_terakhir ?? 0)
  if (v.km < last) throw invalid({ km: [`Km Rotasi tidak boleh di bawah km terakhir ban (${formatKm(last)}).`] })

  await movePositions(db, from.id, asal, tujuan, to?.id ?? null)
  const { id: lineId } = await db.q
    .insertInto('detail_rotasi_ban')
    .values({
      rotasi_ban_id: doc?.id ?? null,
      kendaraan_id: v.kendaraan_id,
      posisi_asal: asal,
      posisi_tujuan: tujuan,
      km: v.km,
      ban_id: from.ban_id,
      detail_pemasangan_ban_id: from.id,
      ban_tukar_id: to?.ban_id ?? null,
      detail_pemasangan_ban_tukar_id: to?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const step = {
    jenis: 'rotasi' as const,
    tanggal: doc?.tanggal_awal ?? opts.tanggal ?? today(),
    dokumen: doc ? { jenis: 'rotasi' as const, id: doc.id, kode: doc.kode } : null,
    kendaraan_id: v.kendaraan_id,
    km: v.km,
    detail_rotasi_ban_id: lineId,
  }
  await writeRiwayat(db, actor, {
    ...step,
    ban_id: from.ban_id,
    posisi_ban: asal,
    posisi_tujuan: tujuan,
    detail_pemasangan_ban_id: from.id,
  })
  if (to)
    await writeRiwayat(db, actor, { ...step, ban_id: to.ban_id, posisi_ban: tujuan, posisi_tujuan: asal, detail_pemasangan_ban_id: to.id })
  if (doc) {
    await rotasi.recomputeDoc(db, doc.id)
    await raiseVehicleKm(db, doc.kendaraan_id, v.km)
  }
  return lineId
}

const UNDO_BLOCKED = 'Ban atau posisinya sudah berubah sejak rotasi ini; rotasi tidak dapat dibatalkan.'

/**
 * Undoes a move: the ban go back to where they were, the line is deleted, history batal_rotasi.
 * 409 when a ban has left the place the move put it (moved again, removed) or, for a move to an
 * empty position, its former position holds a ban now.
 */
async function undoRotasi(db: DB, actor: Actor, lineId: number) {
  const readLine = () =>
    db.q
      .selectFrom('detail_rotasi_ban as l')
      .leftJoin('rotasi_ban as p', 'p.id', 'l.rotasi_ban_id')
      .select([
        'l.id',
        'l.rotasi_ban_id',
        'l.kendaraan_id',
        'l.posisi_asal',
        'l.posisi_tujuan',
        'l.km',
        'l.ban_id',
        'l.detail_pemasangan_ban_id',
        'l.ban_tukar_id',
        'l.detail_pemasangan_ban_tukar_id',
        'p.kode_rotasi',
      ])
      .where('l.id', '=', lineId)
      .executeTakeFirst()
  const first = await readLine()
  if (!first) throw notFound('Detail rotasi ban')
  // Its rotasi, then its vehicle (the positions) locked, then the line read again: what is checked
  // below stays true until the undo is written.
  if (first.rotasi_ban_id != null) await lockRotasi(db, first.rotasi_ban_id)
  await lockKendaraan(db, first.kendaraan_id)
  const l = await readLine()
  if (!l) throw notFound('Detail rotasi ban')
  const lines = [l.detail_pemasangan_ban_id, l.detail_pemasangan_ban_tukar_id ?? 0]
  const newer = await db.q
    .selectFrom('detail_rotasi_ban as x')
    .select('x.id')
    .where('x.id', '>', l.id)
    .where((eb) => eb.or([eb('x.detail_pemasangan_ban_id', 'in', lines), eb('x.detail_pemasangan_ban_tukar_id', 'in', lines)]))
    .limit(1)
    .executeTakeFirst()
  if (newer) throw conflict(UNDO_BLOCKED)
  const holder = await positionHolder(db, l.kendaraan_id, l.posisi_tujuan)
  if (holder?.detail_id !== l.detail_pemasangan_ban_id) throw conflict(UNDO_BLOCKED)
  const back = await positionHolder(db, l.kendaraan_id, l.posisi_asal)
  if ((back?.detail_id ?? null) !== l.detail_pemasangan_ban_tukar_id) {
    throw conflict(back ? `Posisi ${l.posisi_asal} sudah dipakai ban ${back.no_seri}; rotasi ini tidak dapat dibatalkan.` : UNDO_BLOCKED)
  }
  await movePositions(db, l.detail_pemasangan_ban_id, l.posisi_tujuan, l.posisi_asal, l.detail_pemasangan_ban_tukar_id)
  await db.q.deleteFrom('detail_rotasi_ban').where('id', '=', l.id).execute()
  const step = {
    jenis: 'batal_rotasi' as const,
    tanggal: today(),
    dokumen: l.rotasi_ban_id != null ? { jenis: 'rotasi' as const, id: l.rotasi_ban_id, kode: l.kode_rotasi } : null,
    kendaraan_id: l.kendaraan_id,
    km: l.km,
  }
  await writeRiwayat(db, actor, {
    ...step,
    ban_id: l.ban_id,
    posisi_ban: l.posisi_tujuan,
    posisi_tujuan: l.posisi_asal,
    detail_pemasangan_ban_id: l.detail_pemasangan_ban_id,
  })
  if (l.ban_tukar_id != null) {
    await writeRiwayat(db, actor, {
      ...step,
      ban_id: l.ban_tukar_id,
      posisi_ban: l.posisi_asal,
      posisi_tujuan: l.posisi_tujuan,
      detail_pemasangan_ban_id: l.detail_pemasangan_ban_tukar_id,
    })
  }
  if (l.rotasi_ban_id != null) await rotasi.recomputeDoc(db, l.rotasi_ban_id)
}

/** Rotasi documents: what they share with the other documents of lines on a vehicle (vehicle-document.ts). */
export const rotasi = vehicleDocument({
  table: 'rotasi_ban',
  kode: 'kode_rotasi',
  lineKm: 'km',
  jumlah: 'jumlah_rotasi',
  label: 'Rotasi ban',
  lineLabel: 'Detail rotasi ban',
  path: '/rotasi-ban',
  detailPath: '/detail-rotasi',
  registerPath: 'add-rotasi',
  riwayat: { jenis: 'rotasi', dokumen: 'rotasi' },
  lines: rotasiLines,
  stageSchema,
  stagedInto: (input) => input.rotasi_ban_id ?? null,
  stage: (db, actor, input) => stageRotasi(db, actor, input),
  undo: undoRotasi,
  menu: '/admin/rotasi-ban',
  messages: {
    lineSaved: 'Rotasi ban berhasil disimpan.',
    lineUndone: 'Rotasi ban dibatalkan; ban kembali ke posisi semula.',
    nothingStaged: 'Belum ada ban yang dipindahkan.',
    registered: 'Data rotasi ban berhasil disimpan.',
    deleted: 'Data Rotasi telah dihapus.',
    posted: (change) => invalid({ rotasi_ban_id: [change === 'delete' ? 'Rotasi ban sudah diposting dan tidak dapat dihapus.' : POSTED] }),
  },
})

/** Registers a vehicle's staged moves as a new document. Answers its id. */
export const registerRotasi = rotasi.register

// ---- routes ----------------------------------------------------------------------------------------

export function rotasiRoutes() {
  const r = new Hono<ApiEnv>()
  rotasi.routes(r)

  // The ban on the vehicle now (registered pemasangan), each with its last km (km_terakhir).
  r.get('/rotasi-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleOf(db, kendaraanId))) throw notFoundVehicle()
    const rows = await detailRows(db)
      .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
      .select(['f.kode_pemasangan', kmTerakhir().as('km_terakhir')])
      .where('d.kendaraan_id', '=', kendaraanId)
      .where('d.dilepas', '=', 0)
      .orderBy('d.posisi_ban')
      .orderBy('d.id')
      .execute()
    const text = JSON.stringify(rows.map((r) => ({ kode_pemasangan: r.kode_pemasangan, km_terakhir: r.km_terakhir, ...detailJson(r) })))
    return jsonBody(c, `{"data":${text}}`)
  })

  return r
}

/** Its routes and their grants (api/routes/transaksi.ts EXTENSION_ROUTES): the kind's, and its vehicle's ban on its menu. */
export const ROTASI_EXTENSION = {
  routes: rotasiRoutes,
  grants: { ...rotasi.grants.grants, 'GET /api/rotasi-ban/terpasang/:kendaraanId': read('/admin/rotasi-ban') },
  readers: rotasi.grants.readers,
}
