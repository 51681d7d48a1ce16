import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { conflict, idParam, invalid, notFound, requiredText, today } from '../../http.ts'
import { jsonBody, optionalId, raiseVehicleKm, requiredId, TEBAL_TAPAK, vehicleExists, whenJoined } from './common.ts'
import { kmRule, optionalDecimalField, wholeField } from '../../numbers.ts'
import { detailJson, detailRows } from './pemasangan.ts'
import { vehicleDocument, type LinesOf } from './vehicle-document.ts'
import { col } from './paging.ts'
import { holderName, lockKendaraan, positionHolder } from './posisi.ts'
import { writeRiwayat, type Actor } from './riwayat.ts'
import { read } from '../../grants.ts'
import { forUpdate, jsonAgg, jsonBuild, nowMoment, type JsonText } from '../../sql.ts'

/** Locks a pelepasan's row until the transaction ends (before its vehicle's): its changes run one at a time. */
const lockPelepasan = async (db: DB, id: number) =>
  await db.q.selectFrom('pelepasan_ban').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()

/**
 * Pelepasan Ban (an extension of the spec; docs/upstream-contract.md): pelepasan lines are
 * staged by vehicle, like pemasangan lines, and registered as a document (PL000001 …). A pelepasan ends a
 * pemasangan line (dilepas = 1) at once, so the position is free for a new pemasangan, and sends the ban
 * to stock (BEKAS), to the retreader or to the scrap heap.
 */

export const ALASAN = ['Habis', 'Pecah', 'Klaim Garansi', 'Rotasi/Pindah', 'Ke Vulkanisir', 'Afkir'] as const
export const TUJUAN = ['stok', 'vulkanisir', 'afkir'] as const
export type Tujuan = (typeof TUJUAN)[number]

/** What a pelepasan does to the ban: its status, and its kondisi (null: unchanged). */
const EFFECT: Record<Tujuan, { status: Tujuan; kondisi: string | null }> = {
  stok: { status: 'stok', kondisi: 'BEKAS' },
  vulkanisir: { status: 'vulkanisir', kondisi: null },
  afkir: { status: 'afkir', kondisi: 'AFKIR' },
}

// ---- output ----------------------------------------------------------------------------------------

/** A pelepasan line with its ban {id, kode_ban, no_seri, kondisi_ban, harga, status, ukuran|null, merek|null, typeban|null}. */
const lineJson = (db: DB) =>
  jsonBuild(db, {
    id: col('l.id'),
    pelepasan_ban_id: col('l.pelepasan_ban_id'),
    kendaraan_id: col('l.kendaraan_id'),
    ban_id: col('l.ban_id'),
    detail_pemasangan_ban_id: col('l.detail_pemasangan_ban_id'),
    posisi_ban: col('l.posisi_ban'),
    km_pemasangan: col('l.km_pemasangan'),
    km_pelepasan: col('l.km_pelepasan'),
    km_tempuh: col('l.km_tempuh'),
    alasan: col('l.alasan'),
    tujuan: col('l.tujuan'),
    tebal_tapak: col('l.tebal_tapak'),
    keterangan: col('l.keterangan'),
    ban: jsonBuild(db, {
      id: col('b.id'),
      kode_ban: col('b.kode_ban'),
      no_seri: col('b.no_seri'),
      kondisi_ban: col('b.kondisi_ban'),
      harga: col('b.harga'),
      status: col('b.status'),
      ukuran: whenJoined(col('u.id'), jsonBuild(db, { id: col('u.id'), nama: col('u.nama') })),
      merek: whenJoined(col('m.id'), jsonBuild(db, { id: col('m.id'), nama_merek: col('m.nama_merek') })),
      typeban: whenJoined(col('t.id'), jsonBuild(db, { id: col('t.id'), nama_type: col('t.nama_type') })),
    }),
  })

/** The order of a document's (or a vehicle's staged) lines: by position, then as staged. */
const LINE_ORDER = [col('l.posisi_ban'), col('l.id')]

/** Pelepasan lines as the api answers them (vehicle-document.ts `lines`): JSON text, in LINE_ORDER. */
async function pelepasanLines(db: DB, of: LinesOf) {
  const row = await db.q
    .selectFrom('detail_pelepasan_ban as l')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('typeban as t', 't.id', 'b.typeban_id')
    .select(jsonAgg(db, lineJson(db), sql.join(LINE_ORDER)).as('json'))
    .where((eb) =>
      'lineId' in of
        ? eb('l.id', '=', of.lineId)
        : 'documentId' in of
          ? eb('l.pelepasan_ban_id', '=', of.documentId)
          : eb.and([eb('l.kendaraan_id', '=', of.stagedOn), eb('l.pelepasan_ban_id', 'is', null)]),
    )
    .executeTakeFirstOrThrow()
  return row.json as JsonText<unknown[]>
}

// ---- rules -----------------------------------------------------------------------------------------

const notFoundDoc = () => notFound('Pelepasan ban')

/** 12345 → '12.345' (id-ID grouping, without depending on the runtime's locale data). */
export const formatKm = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** One of a fixed list, exactly or case-insensitively; blank or anything else → message. */
const choice = <T extends string>(choices: readonly T[], message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): T => {
      const s = typeof v === 'string' ? v.trim().toLowerCase() : ''
      const found = choices.find((c) => c.toLowerCase() === s)
      if (!found) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return found
    })

const stageSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  posisi_ban: requiredText('Posisi ban harus dipilih.'),
  km_pelepasan: wholeField(kmRule('Km Pelepasan'), {
    notNumber: 'Km Pelepasan harus diisi.',
    blank: { required: 'Km Pelepasan harus diisi.' },
  }),
  alasan: choice(ALASAN, 'Alasan pelepasan harus dipilih.'),
  tujuan: choice(TUJUAN, 'Tujuan ban harus dipilih.'),
  tebal_tapak: optionalDecimalField(TEBAL_TAPAK, {
    notNumber: 'Tebal tapak harus berupa angka 0–30 mm.',
    belowMin: 'Tebal tapak harus berupa angka 0–30 mm.',
    aboveMax: 'Tebal tapak harus berupa angka 0–30 mm.',
  }),
  keterangan: z
    .any()
    .optional()
    .transform((v, ctx): string | null => {
      if (blank(v)) return null
      const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null
      if (s === null || s.length > 255) {
        ctx.addIssue({ code: 'custom', message: 'Keterangan paling banyak 255 karakter.' })
        return z.NEVER
      }
      return s
    }),
  pelepasan_ban_id: optionalId('Pelepasan ban tidak valid.'),
})
export type StageInput = z.infer<typeof stageSchema>

/**
 * Takes the ban on a position off (one transaction, the caller's). The pemasangan line is marked
 * removed by a conditional UPDATE, so of two pelepasan of the same ban exactly one wins (409 for the
 * other). Answers the new pelepasan line's id.
 */
export async function stagePelepasan(db: DB, actor: Actor, v: StageInput, opts: { tanggal?: string } = {}): Promise<number> {
  if (!(await vehicleExists(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  // Its pelepasan (when the line goes into one) locked first: a posting or another change of it waits.
  if (v.pelepasan_ban_id != null) await lockPelepasan(db, v.pelepasan_ban_id)
  const doc = v.pelepasan_ban_id != null ? await pelepasan.docState(db, v.pelepasan_ban_id) : null
  if (v.pelepasan_ban_id != null) {
    if (!doc) throw notFoundDoc()
    if (doc.status === 'posting') throw conflict('Pelepasan ban sudah diposting dan tidak dapat diubah.')
    if (doc.kendaraan_id !== v.kendaraan_id) {
      throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pelepasan ban.'] })
    }
  }
  // The vehicle locked (after its document, the order of every write on a vehicle's positions): its
  // pemasangan lines stay as read until this pelepasan is written.
  await lockKendaraan(db, v.kendaraan_id)
  const posisi = v.posisi_ban.toUpperCase()
  // The latest line of a registered pemasangan on that position: fitted now (dilepas = 0) or taken off already.
  const line = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .select(['d.id', 'd.ban_id', 'd.kendaraan_id', 'd.posisi_ban', 'd.km_pemasangan', 'd.dilepas', 'b.kondisi_ban'])
    .where('d.kendaraan_id', '=', v.kendaraan_id)
    .where('d.posisi_ban', '=', posisi)
    .where('d.pemasangan_ban_id', 'is not', null)
    .orderBy(sql`CASE WHEN d.dilepas = 0 THEN 0 ELSE 1 END`)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!line) throw invalid({ posisi_ban: ['Tidak ada ban terpasang di posisi ini.'] })
  if (line.dilepas !== 0) throw conflict('Ban ini sudah dilepas.')
  if (v.km_pelepasan < line.km_pemasangan) {
    throw invalid({ km_pelepasan: [`Km Pelepasan tidak boleh di bawah Km Pemasangan (${formatKm(line.km_pemasangan)}).`] })
  }
  const taken = await db.q
    .updateTable('detail_pemasangan_ban')
    .set({ dilepas: 1, updated_at: nowMoment(db) })
    .where('id', '=', line.id)
    .where('dilepas', '=', 0)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) throw conflict('Ban ini sudah dilepas.')
  const kmTempuh = v.km_pelepasan - line.km_pemasangan
  const { id: lineId } = await db.q
    .insertInto('detail_pelepasan_ban')
    .values({
      pelepasan_ban_id: doc?.id ?? null,
      kendaraan_id: line.kendaraan_id,
      ban_id: line.ban_id,
      detail_pemasangan_ban_id: line.id,
      posisi_ban: line.posisi_ban,
      km_pemasangan: line.km_pemasangan,
      km_pelepasan: v.km_pelepasan,
      km_tempuh: kmTempuh,
      alasan: v.alasan,
      tujuan: v.tujuan,
      tebal_tapak: v.tebal_tapak,
      keterangan: v.keterangan,
      kondisi_sebelum: line.kondisi_ban,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const effect = EFFECT[v.tujuan]
  await db.q
    .updateTable('ban')
    .set((eb) => ({
      status: effect.status,
      kondisi_ban: effect.kondisi ?? eb.ref('kondisi_ban'),
      updated_at: nowMoment(db),
    }))
    .where('id', '=', line.ban_id)
    .execute()
  await writeRiwayat(db, actor, {
    ban_id: line.ban_id,
    jenis: 'lepas',
    tanggal: doc?.tanggal_awal ?? opts.tanggal ?? today(),
    dokumen: doc ? { jenis: 'pelepasan', id: doc.id, kode: doc.kode } : null,
    kendaraan_id: line.kendaraan_id,
    posisi_ban: line.posisi_ban,
    km: v.km_pelepasan,
    km_tempuh: kmTempuh,
    alasan: v.alasan,
    tujuan: v.tujuan,
    tebal_tapak: v.tebal_tapak,
    keterangan: v.keterangan,
    detail_pemasangan_ban_id: line.id,
    detail_pelepasan_ban_id: lineId,
  })
  if (doc) {
    await pelepasan.recomputeDoc(db, doc.id)
    await raiseVehicleKm(db, doc.kendaraan_id, v.km_pelepasan)
  }
  return lineId
}

const UNDO_BLOCKED = 'Ban atau posisinya sudah dipakai lagi; pelepasan tidak bisa dibatalkan.'

/**
 * Undoes a pelepasan line: the pemasangan line holds its ban and position again, the ban is `terpasang`
 * with its kondisi of before, the line is deleted, history batal_lepas. 409 when the position is held
 * by a newer pemasangan line ('Posisi 1A sudah dipakai pemasangan PM000012; pelepasan ini tidak dapat
 * dibatalkan.'), or the ban has been used since (fitted again, received from the retreader).
 */
async function undoPelepasan(db: DB, actor: Actor, lineId: number) {
  const readLine = () =>
    db.q
      .selectFrom('detail_pelepasan_ban as l')
      .innerJoin('ban as b', 'b.id', 'l.ban_id')
      .leftJoin('pelepasan_ban as p', 'p.id', 'l.pelepasan_ban_id')
      .select([
        'l.id',
        'l.pelepasan_ban_id',
        'l.kendaraan_id',
        'l.ban_id',
        'l.detail_pemasangan_ban_id',
        'l.posisi_ban',
        'l.km_pelepasan',
        'l.tujuan',
        'l.kondisi_sebelum',
        'b.status',
        'p.kode_pelepasan',
      ])
      .where('l.id', '=', lineId)
      .executeTakeFirst()
  const first = await readLine()
  if (!first) throw notFound('Detail pelepasan ban')
  // Its pelepasan, its vehicle (the positions) and its ban locked, in that order, then the line read
  // again: what is checked below stays true until the undo is written.
  if (first.pelepasan_ban_id != null) await lockPelepasan(db, first.pelepasan_ban_id)
  await lockKendaraan(db, first.kendaraan_id)
  await db.q.selectFrom('ban').select('id').where('id', '=', first.ban_id).$call(forUpdate(db)).executeTakeFirst()
  const l = await readLine()
  if (!l) throw notFound('Detail pelepasan ban')
  const tujuan = l.tujuan as Tujuan
  // A klaim raised from this line keeps its figures from it: the klaim goes first.
  const klaim = await db.q.selectFrom('klaim_ban').select('kode_klaim').where('detail_pelepasan_ban_id', '=', l.id).executeTakeFirst()
  if (klaim) throw conflict(`Pelepasan ini sudah diklaim (${klaim.kode_klaim}); hapus klaimnya dahulu.`)
  const holder = await positionHolder(db, l.kendaraan_id, l.posisi_ban)
  if (holder) throw conflict(`Posisi ${l.posisi_ban} sudah dipakai ${holderName(holder)}; pelepasan ini tidak dapat dibatalkan.`)
  const usedSince =
    l.status !== EFFECT[tujuan].status ||
    !!(await db.q.selectFrom('vulkanisir_ban').select('id').where('detail_pelepasan_ban_id', '=', l.id).executeTakeFirst()) ||
    !!(await db.q
      .selectFrom('detail_pemasangan_ban')
      .select('id')
      .where('ban_id', '=', l.ban_id)
      .where('id', '>', l.detail_pemasangan_ban_id)
      .executeTakeFirst())
  if (usedSince) throw conflict(UNDO_BLOCKED)
  const back = await db.q
    .updateTable('detail_pemasangan_ban')
    .set({ dilepas: 0, updated_at: nowMoment(db) })
    .where('id', '=', l.detail_pemasangan_ban_id)
    .where('dilepas', '=', 1)
    .executeTakeFirst()
  if (Number(back.numUpdatedRows) === 0) throw conflict(UNDO_BLOCKED)
  await db.q
    .updateTable('ban')
    .set({ status: 'terpasang', kondisi_ban: l.kondisi_sebelum, updated_at: nowMoment(db) })
    .where('id', '=', l.ban_id)
    .execute()
  await db.q.deleteFrom('detail_pelepasan_ban').where('id', '=', l.id).execute()
  await writeRiwayat(db, actor, {
    ban_id: l.ban_id,
    jenis: 'batal_lepas',
    tanggal: today(),
    dokumen: l.pelepasan_ban_id != null ? { jenis: 'pelepasan', id: l.pelepasan_ban_id, kode: l.kode_pelepasan } : null,
    kendaraan_id: l.kendaraan_id,
    posisi_ban: l.posisi_ban,
    km: l.km_pelepasan,
    tujuan,
    detail_pemasangan_ban_id: l.detail_pemasangan_ban_id,
  })
  if (l.pelepasan_ban_id != null) await pelepasan.recomputeDoc(db, l.pelepasan_ban_id)
}

/** Pelepasan documents: what they share with the other documents of lines on a vehicle (vehicle-document.ts). */
export const pelepasan = vehicleDocument({
  table: 'pelepasan_ban',
  kode: 'kode_pelepasan',
  lineKm: 'km_pelepasan',
  jumlah: 'jumlah_ban',
  label: 'Pelepasan ban',
  lineLabel: 'Detail pelepasan ban',
  path: '/pelepasan-ban',
  detailPath: '/detail-pelepasan',
  registerPath: 'add-pelepasan',
  riwayat: { jenis: 'lepas', dokumen: 'pelepasan' },
  lines: pelepasanLines,
  stageSchema,
  stagedInto: (input) => input.pelepasan_ban_id ?? null,
  stage: (db, actor, input) => stagePelepasan(db, actor, input),
  undo: undoPelepasan,
  menu: '/admin/pelepasan-ban',
  messages: {
    lineSaved: 'Detail pelepasan ban berhasil disimpan.',
    lineUndone: 'Pelepasan ban dibatalkan; ban kembali terpasang.',
    nothingStaged: 'Belum ada ban yang dilepas.',
    registered: 'Data pelepasan ban berhasil disimpan.',
    deleted: 'Data Pelepasan telah dihapus.',
    posted: (change) =>
      conflict(
        change === 'undo'
          ? 'Pelepasan ban sudah diposting, detail ban tidak dapat dihapus.'
          : change === 'delete'
            ? 'Pelepasan ban sudah diposting dan tidak dapat dihapus.'
            : 'Pelepasan ban sudah diposting dan tidak dapat diubah.',
      ),
  },
})

/** Registers a vehicle's staged pelepasan lines as a new document. Answers its id. */
export const registerPelepasan = pelepasan.register

// ---- routes ----------------------------------------------------------------------------------------

export function pelepasanRoutes() {
  const r = new Hono<ApiEnv>()
  pelepasan.routes(r)

  r.get('/pelepasan-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
    const rows = await detailRows(db)
      .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
      .select(['f.kode_pemasangan', 'f.status as status_pemasangan'])
      .where('d.kendaraan_id', '=', kendaraanId)
      .where('d.dilepas', '=', 0)
      .orderBy('d.posisi_ban')
      .orderBy('d.id')
      .execute()
    const text = JSON.stringify(
      rows.map((r) => ({ kode_pemasangan: r.kode_pemasangan, status_pemasangan: r.status_pemasangan, ...detailJson(r) })),
    )
    return jsonBody(c, `{"data":${text}}`)
  })

  return r
}

/** Its routes and their grants (api/routes/transaksi.ts EXTENSION_ROUTES): the kind's, and its vehicle's ban on its menu. */
export const PELEPASAN_EXTENSION = {
  routes: pelepasanRoutes,
  grants: { ...pelepasan.grants.grants, 'GET /api/pelepasan-ban/terpasang/:kendaraanId': read('/admin/pelepasan-ban') },
  readers: pelepasan.grants.readers,
}
