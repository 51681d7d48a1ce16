import { Hono } from 'hono'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { idParam, invalid, notFound, optionalText, readBody, requiredText, validate } from '../../http.ts'
import { saveImage } from '../../uploads.ts'
import type { RawBuilder, SqlBool } from 'kysely'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment, parseJson } from '../../sql.ts'
import { askedPage, col, dueCondition, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { existingIds, jsonBody, optionalCalendarDate, optionalChoice, optionalId, whenJoined, WARNA, YEAR_MAX, YEAR_MIN } from './common.ts'

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

/** The body's columns of an STNK record. */
const fieldsOf = (input: StnkInput) => Object.fromEntries(FIELDS.map((f) => [f, input[f]])) as Pick<StnkInput, (typeof FIELDS)[number]>

/**
 * An STNK as the list answers it: every column, kendaraan {id, no_kabin, no_pol, no_rangka, no_mesin}|null,
 * jenis_kendaraan {id, nama_jenis_kendaraan}|null — over `stnkFrom`'s joins.
 */
const stnkJson = (db: DB) =>
  jsonBuild(db, {
    id: col('s.id'),
    kode_stnk: col('s.kode_stnk'),
    qrcode_stnk: col('s.qrcode_stnk'),
    nama_pemilik: col('s.nama_pemilik'),
    alamat: col('s.alamat'),
    merek: col('s.merek'),
    type: col('s.type'),
    model: col('s.model'),
    kendaraan_id: col('s.kendaraan_id'),
    no_pol: col('s.no_pol'),
    no_rangka: col('s.no_rangka'),
    no_mesin: col('s.no_mesin'),
    jenis_kendaraan_id: col('s.jenis_kendaraan_id'),
    tahun_pembuatan: col('s.tahun_pembuatan'),
    warna: col('s.warna'),
    warna_tnkb: col('s.warna_tnkb'),
    tahun_registrasi: col('s.tahun_registrasi'),
    nomor_bpkb: col('s.nomor_bpkb'),
    expired_stnk: col('s.expired_stnk'),
    gambar: col('s.gambar'),
    created_at: momentText(db, col('s.created_at')),
    updated_at: momentText(db, col('s.updated_at')),
    kendaraan: whenJoined(
      col('k.id'),
      jsonBuild(db, {
        id: col('k.id'),
        no_kabin: col('k.no_kabin'),
        no_pol: col('k.no_pol'),
        no_rangka: col('k.no_rangka'),
        no_mesin: col('k.no_mesin'),
      }),
    ),
    jenis_kendaraan: whenJoined(col('j.id'), jsonBuild(db, { id: col('j.id'), nama_jenis_kendaraan: col('j.nama_jenis_kendaraan') })),
  })

/** The STNK records with what their JSON reads. */
const stnkFrom = (db: DB) =>
  db.q
    .selectFrom('stnk as s')
    .leftJoin('kendaraan as k', 'k.id', 's.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 's.jenis_kendaraan_id')

/** The list paged (the extension 'paged-lists'): the STNK screen's search (the owner's name) and its sort keys. */
const PAGED: ListColumns = {
  search: [col('s.nama_pemilik')],
  sort: {
    id: { expr: col('s.id') },
    kode_stnk: { expr: col('s.kode_stnk'), text: true },
    nama_pemilik: { expr: col('s.nama_pemilik'), text: true },
  },
  order: [col('s.id')],
}

const loadStnk = async (db: DB, id: number) => {
  const row = await stnkFrom(db).select(stnkJson(db).as('json')).where('s.id', '=', id).executeTakeFirst()
  return row ? parseJson(row.json) : null
}

/** The JSON text of every STNK record (in the due window when asked), by id. */
async function stnkListJson(db: DB, due: RawBuilder<SqlBool> | null): Promise<string> {
  const row = await stnkFrom(db)
    .select(jsonAgg(db, stnkJson(db), col('s.id')).as('json'))
    .$if(due !== null, (qb) => qb.where(due!))
    .executeTakeFirstOrThrow()
  return row.json
}

/**
 * One page of the STNK records, `{"data":[…],"meta":{…}}`: the count reads the table alone, the page's
 * ids are picked in the list's order and only those rows are written out.
 */
async function stnkPageJson(db: DB, query: PageQuery, due: RawBuilder<SqlBool> | null): Promise<string> {
  const search = searchCondition(PAGED, query)
  const order = pageOrder(PAGED, query)
  const counted = await db.q
    .selectFrom('stnk as s')
    .select((eb) => eb.fn.countAll().as('total'))
    .$if(due !== null, (qb) => qb.where(due!))
    .$if(search !== null, (qb) => qb.where(search!))
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const ids = stnkFrom(db)
    .select('s.id')
    .$if(due !== null, (qb) => qb.where(due!))
    .$if(search !== null, (qb) => qb.where(search!))
    .orderBy(order)
    .limit(limit)
    .offset(offset)
  const rows = await stnkFrom(db)
    .select(jsonAgg(db, stnkJson(db), order).as('json'))
    .where('s.id', 'in', ids)
    .executeTakeFirstOrThrow()
  return `{"data":${rows.json},"meta":${JSON.stringify(pageMeta(query, Number(counted.total)))}}`
}

/** Checks the ids of the body and copies no_pol / no_rangka / no_mesin from the chosen vehicle. */
async function resolve(db: DB, input: StnkInput): Promise<StnkInput> {
  const errors: Record<string, string[]> = {}
  const out = { ...input }
  if (input.kendaraan_id != null) {
    const k = await db.q
      .selectFrom('kendaraan')
      .select(['no_pol', 'no_rangka', 'no_mesin'])
      .where('id', '=', input.kendaraan_id)
      .executeTakeFirst()
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
    const query = askedPage(c, PAGED)
    // Jatuh Tempo reads only the records expiring in its window.
    const due = dueCondition(c, col('s.expired_stnk'))
    const db = c.get('db')
    if (!query) return jsonBody(c, await stnkListJson(db, due))
    return jsonBody(c, await stnkPageJson(db, query, due))
  })

  r.post('/stnk/add', async (c) => {
    const db = c.get('db')
    const body = await readBody(c)
    const input = await resolve(db, validate(stnkSchema, body))
    const gambar = await saveImage(body.gambar, 'gambar', c.get('uploadsDir'))
    try {
      const id = await db.tx(async () => {
        const kode = await nextCode(db, 'stnk')
        const row = await db.q
          .insertInto('stnk')
          .values({ kode_stnk: kode, qrcode_stnk: kode, ...fieldsOf(input), gambar })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
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
    if (!(await db.q.selectFrom('stnk').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Stnk')
    const body = await readBody(c)
    const input = await resolve(db, validate(stnkSchema, body))
    const gambar = await saveImage(body.gambar, 'gambar', c.get('uploadsDir'))
    let old: string | null = null
    try {
      old = await db.tx(async () => {
        // The record locked while it changes: its old picture is the one this update replaces.
        const row = await db.q.selectFrom('stnk').select('gambar').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
        if (!row) throw notFound('Stnk')
        await db.q
          .updateTable('stnk')
          .set({ ...fieldsOf(input), ...(gambar ? { gambar } : {}), updated_at: nowMoment(db) })
          .where('id', '=', id)
          .execute()
        return row.gambar
      })
    } catch (err) {
      removeUpload(c.get('uploadsDir'), gambar)
      throw err
    }
    if (gambar && old) removeUpload(c.get('uploadsDir'), old)
    return c.json({ message: 'Stnk berhasil diperbarui!', data: await loadStnk(db, id) })
  })

  r.delete('/stnk/:id', async (c) => {
    const id = idParam(c, 'id', 'Stnk')
    const row = await c.get('db').q.deleteFrom('stnk').where('id', '=', id).returning('gambar').executeTakeFirst()
    if (!row) throw notFound('Stnk')
    removeUpload(c.get('uploadsDir'), row.gambar)
    return c.json({ message: 'Stnk berhasil dihapus!' })
  })

  return r
}
