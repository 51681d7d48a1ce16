import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { conflict, idParam, invalid, notFound, requiredText, today } from '../../http.ts'
import { jsonArray, jsonBody, nestedJson, optionalId, raiseVehicleKm, requiredId, TEBAL_TAPAK, vehicleExists } from './common.ts'
import { kmRule, optionalDecimalField, wholeField } from '../../numbers.ts'
import { DETAIL_FROM, DETAIL_JSON } from './pemasangan.ts'
import { vehicleDocument } from './vehicle-document.ts'
import { holderName, holds, positionHolder, removedFlag } from './posisi.ts'
import { writeRiwayat, type Actor } from './riwayat.ts'
import { read } from '../../grants.ts'

/**
 * Tyre removal (an extension of the spec; docs/upstream-contract.md): removal lines are
 * staged by vehicle, like fitting lines, and registered as a document (PL000001 …). A removal ends a
 * fitting line (dilepas = 1) at once, so the position is free for a new fitting, and sends the tyre
 * to stock (BEKAS), to the retreader or to the scrap heap.
 */

export const ALASAN = ['Habis', 'Pecah', 'Klaim Garansi', 'Rotasi/Pindah', 'Ke Vulkanisir', 'Afkir'] as const
export const TUJUAN = ['stok', 'vulkanisir', 'afkir'] as const
export type Tujuan = (typeof TUJUAN)[number]

/** What a removal does to the tyre: its status, and its kondisi (null: unchanged). */
const EFFECT: Record<Tujuan, { status: Tujuan; kondisi: string | null }> = {
  stok: { status: 'stok', kondisi: 'BEKAS' },
  vulkanisir: { status: 'vulkanisir', kondisi: null },
  afkir: { status: 'afkir', kondisi: 'AFKIR' },
}

// ---- output ----------------------------------------------------------------------------------------

/** A removal line with its tyre {id, kode_ban, no_seri, kondisi_ban, harga, status, ukuran|null, merek|null, typeban|null}. */
const LINE_JSON = `json_object(
    'id', l.id, 'pelepasan_ban_id', l.pelepasan_ban_id, 'kendaraan_id', l.kendaraan_id, 'ban_id', l.ban_id,
    'detail_pemasangan_ban_id', l.detail_pemasangan_ban_id, 'posisi_ban', l.posisi_ban, 'km_pemasangan', l.km_pemasangan,
    'km_pelepasan', l.km_pelepasan, 'km_tempuh', l.km_tempuh, 'alasan', l.alasan, 'tujuan', l.tujuan,
    'tebal_tapak', l.tebal_tapak, 'keterangan', l.keterangan,
    'ban', json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'kondisi_ban', b.kondisi_ban, 'harga', b.harga,
      'status', b.status,
      'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
      'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
      'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")}))`

const LINE_FROM = `FROM detail_pelepasan_ban l
  JOIN ban b ON b.id = l.ban_id
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

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

type FittedLine = {
  id: number
  ban_id: number
  kendaraan_id: number
  posisi_ban: string
  km_pemasangan: number
  dilepas: number
  kondisi_ban: string | null
}

/**
 * Takes the tyre on a position off (one transaction, the caller's). The fitting line is marked
 * removed by a conditional UPDATE, so of two removals of the same tyre exactly one wins (409 for the
 * other). Answers the new removal line's id.
 */
export async function stageRemoval(db: DB, actor: Actor, v: StageInput, opts: { tanggal?: string } = {}): Promise<number> {
  if (!(await vehicleExists(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const doc = v.pelepasan_ban_id != null ? await pelepasan.docState(db, v.pelepasan_ban_id) : null
  if (v.pelepasan_ban_id != null) {
    if (!doc) throw notFoundDoc()
    if (doc.status === 'posting') throw conflict('Pelepasan ban sudah diposting dan tidak dapat diubah.')
    if (doc.kendaraan_id !== v.kendaraan_id) {
      throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pelepasan ban.'] })
    }
  }
  const posisi = v.posisi_ban.toUpperCase()
  // The latest line of a registered fitting on that position: fitted now (dilepas = 0) or removed already.
  const line = (await db
    .prepare(
      `SELECT d.id, d.ban_id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, ${removedFlag('d')} AS dilepas, b.kondisi_ban
       FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id
       WHERE d.kendaraan_id = ? AND d.posisi_ban = ? AND d.pemasangan_ban_id IS NOT NULL
       ORDER BY ${removedFlag('d')}, d.id DESC LIMIT 1`,
    )
    .get(v.kendaraan_id, posisi)) as FittedLine | undefined
  if (!line) throw invalid({ posisi_ban: ['Tidak ada ban terpasang di posisi ini.'] })
  if (line.dilepas === 1) throw conflict('Ban ini sudah dilepas.')
  if (v.km_pelepasan < line.km_pemasangan) {
    throw invalid({ km_pelepasan: [`Km Pelepasan tidak boleh di bawah Km Pemasangan (${formatKm(line.km_pemasangan)}).`] })
  }
  const taken = await db
    .prepare("UPDATE detail_pemasangan_ban SET dilepas = 1, updated_at = datetime('now') WHERE id = ? AND dilepas = 0")
    .run(line.id)
  if (taken.changes === 0) throw conflict('Ban ini sudah dilepas.')
  const kmTempuh = v.km_pelepasan - line.km_pemasangan
  const lineId = await db
    .prepare(
      `INSERT INTO detail_pelepasan_ban (pelepasan_ban_id, kendaraan_id, ban_id, detail_pemasangan_ban_id, posisi_ban, km_pemasangan,
           km_pelepasan, km_tempuh, alasan, tujuan, tebal_tapak, keterangan, kondisi_sebelum)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .insert(
      doc?.id ?? null,
      line.kendaraan_id,
      line.ban_id,
      line.id,
      line.posisi_ban,
      line.km_pemasangan,
      v.km_pelepasan,
      kmTempuh,
      v.alasan,
      v.tujuan,
      v.tebal_tapak,
      v.keterangan,
      line.kondisi_ban,
    )
  const effect = EFFECT[v.tujuan]
  await db
    .prepare(`UPDATE ban SET status = ?, kondisi_ban = COALESCE(?, kondisi_ban), updated_at = datetime('now') WHERE id = ?`)
    .run(effect.status, effect.kondisi, line.ban_id)
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
 * Undoes a removal line: the fitting line holds its tyre and position again, the tyre is `terpasang`
 * with its kondisi of before, the line is deleted, history batal_lepas. 409 when the position is held
 * by a newer fitting line ('Posisi 1A sudah dipakai pemasangan PM000012; pelepasan ini tidak dapat
 * dibatalkan.'), or the tyre has been used since (fitted again, received from the retreader).
 */
async function undoRemoval(db: DB, actor: Actor, lineId: number) {
  const l = (await db
    .prepare(
      `SELECT l.id, l.pelepasan_ban_id, l.kendaraan_id, l.ban_id, l.detail_pemasangan_ban_id, l.posisi_ban, l.km_pelepasan,
         l.tujuan, l.kondisi_sebelum, b.status, p.kode_pelepasan
       FROM detail_pelepasan_ban l JOIN ban b ON b.id = l.ban_id LEFT JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
       WHERE l.id = ?`,
    )
    .get(lineId)) as
    | {
        id: number
        pelepasan_ban_id: number | null
        kendaraan_id: number
        ban_id: number
        detail_pemasangan_ban_id: number
        posisi_ban: string
        km_pelepasan: number
        tujuan: Tujuan
        kondisi_sebelum: string | null
        status: string
        kode_pelepasan: string | null
      }
    | undefined
  if (!l) throw notFound('Detail pelepasan ban')
  // A claim raised from this line keeps its figures from it: the claim goes first.
  const klaim = (await db.prepare('SELECT kode_klaim FROM klaim_ban WHERE detail_pelepasan_ban_id = ?').get(l.id)) as
    { kode_klaim: string } | undefined
  if (klaim) throw conflict(`Pelepasan ini sudah diklaim (${klaim.kode_klaim}); hapus klaimnya dahulu.`)
  const holder = await positionHolder(db, l.kendaraan_id, l.posisi_ban)
  if (holder) throw conflict(`Posisi ${l.posisi_ban} sudah dipakai ${holderName(holder)}; pelepasan ini tidak dapat dibatalkan.`)
  const usedSince =
    l.status !== EFFECT[l.tujuan].status ||
    !!(await db.prepare('SELECT 1 FROM vulkanisir_ban WHERE detail_pelepasan_ban_id = ?').get(l.id)) ||
    !!(await db.prepare('SELECT 1 FROM detail_pemasangan_ban WHERE ban_id = ? AND id > ?').get(l.ban_id, l.detail_pemasangan_ban_id))
  if (usedSince) throw conflict(UNDO_BLOCKED)
  const back = await db
    .prepare("UPDATE detail_pemasangan_ban SET dilepas = 0, updated_at = datetime('now') WHERE id = ? AND dilepas = 1")
    .run(l.detail_pemasangan_ban_id)
  if (back.changes === 0) throw conflict(UNDO_BLOCKED)
  await db
    .prepare("UPDATE ban SET status = 'terpasang', kondisi_ban = ?, updated_at = datetime('now') WHERE id = ?")
    .run(l.kondisi_sebelum, l.ban_id)
  await db.prepare('DELETE FROM detail_pelepasan_ban WHERE id = ?').run(l.id)
  await writeRiwayat(db, actor, {
    ban_id: l.ban_id,
    jenis: 'batal_lepas',
    tanggal: today(),
    dokumen: l.pelepasan_ban_id != null ? { jenis: 'pelepasan', id: l.pelepasan_ban_id, kode: l.kode_pelepasan } : null,
    kendaraan_id: l.kendaraan_id,
    posisi_ban: l.posisi_ban,
    km: l.km_pelepasan,
    tujuan: l.tujuan,
    detail_pemasangan_ban_id: l.detail_pemasangan_ban_id,
  })
  if (l.pelepasan_ban_id != null) await pelepasan.recomputeDoc(db, l.pelepasan_ban_id)
}

/** Removal documents: what they share with the other documents of lines on a vehicle (vehicle-document.ts). */
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
  lineOrder: 'l.posisi_ban, l.id',
  lineJson: LINE_JSON,
  lineFrom: LINE_FROM,
  stageSchema,
  stagedInto: (input) => input.pelepasan_ban_id ?? null,
  stage: (db, actor, input) => stageRemoval(db, actor, input),
  undo: undoRemoval,
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

/** Registers a vehicle's staged removal lines as a new document. Answers its id. */
export const registerRemoval = pelepasan.register

// ---- routes ----------------------------------------------------------------------------------------

export function pelepasanRoutes() {
  const r = new Hono<ApiEnv>()
  pelepasan.routes(r)

  r.get('/pelepasan-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
    const json = DETAIL_JSON.replace(/^json_object\(/, "json_object('kode_pemasangan', f.kode_pemasangan, 'status_pemasangan', f.status, ")
    const text = await jsonArray(
      db,
      json,
      `${DETAIL_FROM} JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id WHERE d.kendaraan_id = ? AND ${holds('d')}`,
      'd.posisi_ban, d.id',
      [kendaraanId],
    )
    return jsonBody(c, `{"data":${text}}`)
  })

  return r
}

/** Its routes and their grants (api/routes/transaksi.ts EXTENSION_ROUTES): the kind's, and its vehicle's tyres on its menu. */
export const PELEPASAN_EXTENSION = {
  routes: pelepasanRoutes,
  grants: { ...pelepasan.grants.grants, 'GET /api/pelepasan-ban/terpasang/:kendaraanId': read('/admin/pelepasan-ban') },
  readers: pelepasan.grants.readers,
}
