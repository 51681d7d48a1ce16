import { Hono } from 'hono'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { idParam, invalid, notFound, optionalText, readBody, requiredText, validate } from '../../http.ts'
import { saveImage } from '../../uploads.ts'
import { dueFilter, pagedJsonList, pageQuery, type PagedColumns } from '../../paged.ts'
import {
  existingIds,
  jsonArray,
  jsonBody,
  jsonObject,
  nestedJson,
  optionalCalendarDate,
  optionalChoice,
  optionalId,
  WARNA,
  YEAR_MAX,
  YEAR_MIN,
} from './common.ts'

const yearMessage = (label: string) => `${label} harus tahun antara ${YEAR_MIN} dan ${YEAR_MAX}.`
const optionalYear = (label: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
      const n = Number(s)
      if (!/^\d{4}$/.test(s) || n < YEAR_MIN || n > YEAR_MAX) {
        ctx.addIssue({ code: 'custom', message: yearMessage(label) })
        return z.NEVER
      }
      return n
    })

const stnkSchema = z.object({
  nama_pemilik: requiredText('Nama Stnk tidak boleh kosong!'),
  alamat: optionalText,
  merek: optionalText,
  type: optionalText,
  model: optionalText,
  kendaraan_id: optionalId('Kendaraan tidak valid.'),
  no_pol: optionalText,
  no_rangka: optionalText,
  no_mesin: optionalText,
  jenis_kendaraan_id: optionalId('Jenis kendaraan tidak valid.'),
  tahun_pembuatan: optionalYear('Tahun pembuatan'),
  warna: optionalChoice(WARNA, `Warna harus salah satu dari: ${WARNA.join(', ')}.`),
  warna_tnkb: optionalChoice(WARNA, `Warna TNKB harus salah satu dari: ${WARNA.join(', ')}.`),
  tahun_registrasi: optionalYear('Tahun registrasi'),
  nomor_bpkb: optionalText,
  expired_stnk: optionalCalendarDate('Expired STNK harus berupa tanggal (YYYY-MM-DD).'),
})
type StnkInput = z.infer<typeof stnkSchema>

const FIELDS = [
  'nama_pemilik',
  'alamat',
  'merek',
  'type',
  'model',
  'kendaraan_id',
  'no_pol',
  'no_rangka',
  'no_mesin',
  'jenis_kendaraan_id',
  'tahun_pembuatan',
  'warna',
  'warna_tnkb',
  'tahun_registrasi',
  'nomor_bpkb',
  'expired_stnk',
] as const

/**
 * An STNK as the list answers it: every column, kendaraan {id, no_kabin, no_pol, no_rangka, no_mesin}|null,
 * jenis_kendaraan {id, nama_jenis_kendaraan}|null.
 */
const STNK_JSON = `json_object(
    'id', s.id, 'kode_stnk', s.kode_stnk, 'qrcode_stnk', s.qrcode_stnk, 'nama_pemilik', s.nama_pemilik, 'alamat', s.alamat,
    'merek', s.merek, 'type', s.type, 'model', s.model, 'kendaraan_id', s.kendaraan_id, 'no_pol', s.no_pol,
    'no_rangka', s.no_rangka, 'no_mesin', s.no_mesin, 'jenis_kendaraan_id', s.jenis_kendaraan_id,
    'tahun_pembuatan', s.tahun_pembuatan, 'warna', s.warna, 'warna_tnkb', s.warna_tnkb, 'tahun_registrasi', s.tahun_registrasi,
    'nomor_bpkb', s.nomor_bpkb, 'expired_stnk', s.expired_stnk, 'gambar', s.gambar,
    'created_at', s.created_at, 'updated_at', s.updated_at,
    'kendaraan', ${nestedJson('k.id', "'id', k.id, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol, 'no_rangka', k.no_rangka, 'no_mesin', k.no_mesin")},
    'jenis_kendaraan', ${nestedJson('j.id', "'id', j.id, 'nama_jenis_kendaraan', j.nama_jenis_kendaraan")})`

const STNK_FROM = `FROM stnk s
  LEFT JOIN kendaraan k ON k.id = s.kendaraan_id
  LEFT JOIN jenis_kendaraan j ON j.id = s.jenis_kendaraan_id`

/** The list paged (the extension 'paged-lists'): the STNK screen's search (the owner's name) and its sort keys. */
const PAGED: PagedColumns = {
  search: ['s.nama_pemilik'],
  sort: { id: { expr: 's.id' }, kode_stnk: { expr: 's.kode_stnk', text: true }, nama_pemilik: { expr: 's.nama_pemilik', text: true } },
  order: 's.id',
}

const loadStnk = (db: DB, id: number) => jsonObject(db, STNK_JSON, `${STNK_FROM} WHERE s.id = ?`, [id])

/** Checks the ids of the body and copies no_pol / no_rangka / no_mesin from the chosen vehicle. */
async function resolve(db: DB, input: StnkInput): Promise<StnkInput> {
  const errors: Record<string, string[]> = {}
  const out = { ...input }
  if (input.kendaraan_id != null) {
    const k = (await db.prepare('SELECT no_pol, no_rangka, no_mesin FROM kendaraan WHERE id = ?').get(input.kendaraan_id)) as
      { no_pol: string | null; no_rangka: string | null; no_mesin: string | null } | undefined
    if (!k) errors.kendaraan_id = ['Kendaraan tidak ditemukan.']
    else Object.assign(out, { no_pol: k.no_pol, no_rangka: k.no_rangka, no_mesin: k.no_mesin })
  }
  if (input.jenis_kendaraan_id != null && !(await existingIds(db, 'jenis_kendaraan', [input.jenis_kendaraan_id])).size) {
    errors.jenis_kendaraan_id = ['Jenis kendaraan tidak ditemukan.']
  }
  if (Object.keys(errors).length) throw invalid(errors)
  return out
}

function removeUpload(uploadsDir: string, name: string | null | undefined) {
  if (!name || !/^[\w.-]+$/.test(name)) return
  try {
    rmSync(join(uploadsDir, name), { force: true })
  } catch {
    // best effort: a stray file does no harm
  }
}

/** GET /api/stnk, POST /api/stnk/add, POST /api/stnk/{id}/update, DELETE /api/stnk/{id}. */
export function stnkRoutes() {
  const r = new Hono<ApiEnv>()

  r.get('/stnk', async (c) => {
    const query = pageQuery(c, PAGED)
    // Jatuh Tempo reads only the records expiring in its window.
    const due = dueFilter(c, ['s.expired_stnk'])
    const db = c.get('db')
    if (!query)
      return jsonBody(c, await jsonArray(db, STNK_JSON, `${STNK_FROM} ${due ? `WHERE ${due.condition}` : ''}`, 's.id', due?.params ?? []))
    const conditions = due ? [due.condition] : []
    const params = due?.params ?? []
    return jsonBody(
      c,
      await pagedJsonList(db, {
        columns: PAGED,
        query,
        json: STNK_JSON,
        from: STNK_FROM,
        countFrom: 'FROM stnk s',
        id: 's.id',
        conditions,
        params,
      }),
    )
  })

  r.post('/stnk/add', async (c) => {
    const db = c.get('db')
    const body = await readBody(c)
    const input = await resolve(db, validate(stnkSchema, body))
    const gambar = await saveImage(body.gambar, 'gambar', c.get('uploadsDir'))
    try {
      const id = await db.tx(async () => {
        const kode = await nextCode(db, 'stnk')
        const cols = ['kode_stnk', 'qrcode_stnk', ...FIELDS, 'gambar']
        return db
          .prepare(`INSERT INTO stnk (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
          .insert(kode, kode, ...FIELDS.map((f) => input[f]), gambar)
      })
      return c.json({ message: 'Stnk berhasil ditambahkan!', data: await loadStnk(db, id) }, 201)
    } catch (err) {
      removeUpload(c.get('uploadsDir'), gambar)
      throw err
    }
  })

  r.post('/stnk/:id/update', async (c) => {
    const id = idParam(c, 'id', 'Stnk')
    const db = c.get('db')
    const old = (await db.prepare('SELECT gambar FROM stnk WHERE id = ?').get(id)) as { gambar: string | null } | undefined
    if (!old) throw notFound('Stnk')
    const body = await readBody(c)
    const input = await resolve(db, validate(stnkSchema, body))
    const gambar = await saveImage(body.gambar, 'gambar', c.get('uploadsDir'))
    try {
      const changes = (
        await db
          .prepare(
            `UPDATE stnk SET ${FIELDS.map((f) => `${f} = ?`).join(', ')}, gambar = COALESCE(?, gambar), updated_at = datetime('now')
           WHERE id = ?`,
          )
          .run(...FIELDS.map((f) => input[f]), gambar, id)
      ).changes
      if (!changes) throw notFound('Stnk')
    } catch (err) {
      removeUpload(c.get('uploadsDir'), gambar)
      throw err
    }
    if (gambar && old.gambar) removeUpload(c.get('uploadsDir'), old.gambar)
    return c.json({ message: 'Stnk berhasil diperbarui!', data: await loadStnk(db, id) })
  })

  r.delete('/stnk/:id', async (c) => {
    const id = idParam(c, 'id', 'Stnk')
    const row = (await c.get('db').prepare('DELETE FROM stnk WHERE id = ? RETURNING gambar').get(id)) as
      { gambar: string | null } | undefined
    if (!row) throw notFound('Stnk')
    removeUpload(c.get('uploadsDir'), row.gambar)
    return c.json({ message: 'Stnk berhasil dihapus!' })
  })

  return r
}
