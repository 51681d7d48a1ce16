import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { ack, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import { perintahKerjaSchema } from './schemas/perintah-kerja'

export type { PerintahKerja } from './schemas/perintah-kerja'

// Perintah Kerja (work orders): an extension of the spec, offered with the 'perintah-kerja' feature.

/** The list's filter: the period (both dates or neither), the posting state, a vehicle. */
export type PerintahKerjaFilter = {
  tanggal_awal?: string | null
  tanggal_akhir?: string | null
  status?: string | null
  kendaraan_id?: number | null
}

const filterQuery = (f: PerintahKerjaFilter) => ({
  tanggal_awal: f.tanggal_awal || undefined,
  tanggal_akhir: f.tanggal_akhir || undefined,
  status: f.status || undefined,
  kendaraan_id: f.kendaraan_id ? String(f.kendaraan_id) : undefined,
})

/**
 * GET /api/perintah-kerja?filter&page&per_page&q&sort&dir → one page of the headers, newest first
 * unless sorted (meta: total, posting, grand_total and the sums total_suku_cadang, total_jasa).
 */
export const listPerintahKerjaPage = async (up: Upstream, req: PageRequest, f: PerintahKerjaFilter = {}) =>
  getPage(up, '/api/perintah-kerja', perintahKerjaSchema, filterQuery(f), req)

/** Rows a call when the whole filter is read (the CSV, Posting semua). */
const ROWS_PER_CALL = 500

/** Every work order of a filter (the list is always paged: read a page at a time), oldest first. */
export async function listPerintahKerja(up: Upstream, f: PerintahKerjaFilter = {}) {
  const rows: z.infer<typeof perintahKerjaSchema>[] = []
  for (let page = 1; ; page++) {
    const got = await listPerintahKerjaPage(up, { page, per_page: ROWS_PER_CALL, q: '', sort: 'id', dir: 'asc', once: true }, f)
    rows.push(...got.rows)
    if (got.rows.length < ROWS_PER_CALL || rows.length >= got.total) return rows
  }
}

/** GET /api/perintah-kerja/{id}: the header with its vehicle, mechanic and lines. */
export const getPerintahKerja = async (up: Upstream, docId: Id) =>
  (await call(up, 'GET', `/api/perintah-kerja/${idSegment(docId)}`, { schema: z.object({ data: perintahKerjaSchema }) })).data

/** The body of a save (the upstream's shape: lines as arrays). */
export type PerintahKerjaInput = {
  kendaraan_id: number
  tanggal_awal: string
  km: string
  karyawan_id: number | null
  keterangan: string
  servis: { item_servis_id: number }[]
  parts: { suku_cadang_id: number; jumlah: string }[]
  jasa: { uraian: string; biaya: string }[]
}

/** POST /api/perintah-kerja → 201 {message, data}; 422 with the errors of every field and line. */
export const createPerintahKerja = async (up: Upstream, input: PerintahKerjaInput) =>
  call(up, 'POST', '/api/perintah-kerja', { schema: savedOf(perintahKerjaSchema), json: input })

/** PUT /api/perintah-kerja/{id} → {message, data}; 422 when posted. */
export const updatePerintahKerja = async (up: Upstream, docId: Id, input: PerintahKerjaInput) =>
  call(up, 'PUT', `/api/perintah-kerja/${idSegment(docId)}`, { schema: savedOf(perintahKerjaSchema), json: input })

/** POST /api/perintah-kerja/{id}/{posting|unpost} → {message, data}. */
const statusCall = (to: 'posting' | 'unpost') => async (up: Upstream, docId: Id) =>
  call(up, 'POST', `/api/perintah-kerja/${idSegment(docId)}/${to}`, { schema: savedOf(perintahKerjaSchema), json: {} })
export const postingPerintahKerja = statusCall('posting')
export const unpostPerintahKerja = statusCall('unpost')

/** DELETE /api/perintah-kerja/{id} (422 when posted): its parts go back to the store. */
export const deletePerintahKerja = async (up: Upstream, docId: Id) =>
  call(up, 'DELETE', `/api/perintah-kerja/${idSegment(docId)}`, { schema: ack })
