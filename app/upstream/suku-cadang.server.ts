import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { ack, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import { kartuStokSchema, pembelianSukuCadangSchema, stokOpnameSchema, sukuCadangSchema } from './schemas/suku-cadang'

export type { DetailPembelianSukuCadang, KartuStok, Mutasi, PembelianSukuCadang, StokOpname, SukuCadang } from './schemas/suku-cadang'

// The parts store: extensions of the spec, offered with the 'suku-cadang' feature
// (docs/upstream-contract.md, "Extensions: the parts store"). Every list is paged by the upstream.

export const SATUAN = ['pcs', 'liter', 'set', 'unit', 'kg', 'meter', 'botol'] as const

export type SukuCadangInput = { nama: string; satuan: string; kategori: string | null; stok_minimum: number }
export type PartFilter = { kategori?: string | null; bawah_minimum?: boolean }

const partQuery = (f: PartFilter) => ({ kategori: f.kategori || undefined, bawah_minimum: f.bawah_minimum ? '1' : undefined })

/** GET /api/suku-cadang?…&page&per_page&q&sort&dir → one page of parts; meta.jumlah_nilai, jumlah_bawah_minimum. */
export const pageSukuCadang = async (up: Upstream, req: PageRequest, filter: PartFilter = {}) =>
  getPage(up, '/api/suku-cadang', sukuCadangSchema, partQuery(filter), req)

/** GET /api/stok-suku-cadang: the same list for the stock screen (its own grant). */
export const pageStokSukuCadang = async (up: Upstream, req: PageRequest, filter: PartFilter = {}) =>
  getPage(up, '/api/stok-suku-cadang', sukuCadangSchema, partQuery(filter), req)

/** The first 2.000 parts by name (a picker's choices; the whole list for an upstream without paged lists). */
export const listSukuCadang = async (up: Upstream, q = '') =>
  (await pageSukuCadang(up, { page: 1, per_page: 2000, q, sort: null, dir: 'asc' })).rows

/** GET /api/suku-cadang/{id} → the part; 404 when gone. */
export const getSukuCadang = async (up: Upstream, partId: Id) =>
  (await call(up, 'GET', `/api/suku-cadang/${idSegment(partId)}`, { schema: z.object({ data: sukuCadangSchema }) })).data

export const createSukuCadang = async (up: Upstream, body: SukuCadangInput) =>
  call(up, 'POST', '/api/suku-cadang', { schema: savedOf(sukuCadangSchema), json: body })

export const updateSukuCadang = async (up: Upstream, partId: Id, body: SukuCadangInput) =>
  call(up, 'PUT', `/api/suku-cadang/${idSegment(partId)}`, { schema: savedOf(sukuCadangSchema), json: body })

/** DELETE /api/suku-cadang/{id} → {message}; 409 while a document or the ledger names it. */
export const deleteSukuCadang = async (up: Upstream, partId: Id) =>
  call(up, 'DELETE', `/api/suku-cadang/${idSegment(partId)}`, { schema: ack })

/** GET /api/suku-cadang/{id}/kartu-stok?tanggal_awal&tanggal_akhir&page&per_page → movements, the part, the opening balance. */
export const getKartuStok = async (
  up: Upstream,
  partId: Id,
  f: { tanggal_awal?: string | null; tanggal_akhir?: string | null; page: number; per_page: number },
) =>
  call(up, 'GET', `/api/suku-cadang/${idSegment(partId)}/kartu-stok`, {
    schema: kartuStokSchema,
    query: {
      tanggal_awal: f.tanggal_awal || undefined,
      tanggal_akhir: f.tanggal_akhir || undefined,
      page: String(f.page),
      per_page: String(f.per_page),
    },
  })

export type PembelianFilter = { tanggal_awal?: string | null; tanggal_akhir?: string | null; status?: 'posting' | 'unpost' | '' | null }

/** GET /api/pembelian-suku-cadang?tanggal_awal&tanggal_akhir&status&page… → one page, newest first; meta.posting, grand_total. */
export const pagePembelianSukuCadang = async (up: Upstream, req: PageRequest, f: PembelianFilter = {}) =>
  getPage(
    up,
    '/api/pembelian-suku-cadang',
    pembelianSukuCadangSchema,
    { tanggal_awal: f.tanggal_awal || undefined, tanggal_akhir: f.tanggal_akhir || undefined, status: f.status || undefined },
    req,
  )

/** GET /api/pembelian-suku-cadang/{id} → the purchase with its lines; 404 when gone. */
export const getPembelianSukuCadang = async (up: Upstream, docId: Id) =>
  (await call(up, 'GET', `/api/pembelian-suku-cadang/${idSegment(docId)}`, { schema: z.object({ data: pembelianSukuCadangSchema }) })).data

export type PembelianSukuCadangInput = {
  supplier_id: number
  tanggal_awal: string | null
  keterangan: string | null
  detail: { suku_cadang_id: number; jumlah: number; harga: number }[]
}

export const createPembelianSukuCadang = async (up: Upstream, body: PembelianSukuCadangInput) =>
  call(up, 'POST', '/api/pembelian-suku-cadang', { schema: savedOf(pembelianSukuCadangSchema), json: body })

export const updatePembelianSukuCadang = async (up: Upstream, docId: Id, body: PembelianSukuCadangInput) =>
  call(up, 'PUT', `/api/pembelian-suku-cadang/${idSegment(docId)}`, { schema: savedOf(pembelianSukuCadangSchema), json: body })

export const deletePembelianSukuCadang = async (up: Upstream, docId: Id) =>
  call(up, 'DELETE', `/api/pembelian-suku-cadang/${idSegment(docId)}`, { schema: ack })

export const postingPembelianSukuCadang = async (up: Upstream, docId: Id) =>
  call(up, 'POST', `/api/pembelian-suku-cadang/${idSegment(docId)}/posting`, { schema: ack })

export const unpostPembelianSukuCadang = async (up: Upstream, docId: Id) =>
  call(up, 'POST', `/api/pembelian-suku-cadang/${idSegment(docId)}/unpost`, { schema: ack })

/** Every purchase of a period (an upstream without paged lists: its first 2.000, newest first). */
export const listPembelianSukuCadang = async (up: Upstream, f: PembelianFilter = {}) =>
  (await pagePembelianSukuCadang(up, { page: 1, per_page: 2000, q: '', sort: null, dir: 'asc' }, f)).rows

export type StokOpnameInput = { suku_cadang_id: number; tanggal: string | null; stok_fisik: number; alasan: string }

/** GET /api/stok-opname?tanggal_awal&tanggal_akhir&page… → one page of counts, newest first. */
export const pageStokOpname = async (
  up: Upstream,
  req: PageRequest,
  f: { tanggal_awal?: string | null; tanggal_akhir?: string | null } = {},
) =>
  getPage(
    up,
    '/api/stok-opname',
    stokOpnameSchema,
    { tanggal_awal: f.tanggal_awal || undefined, tanggal_akhir: f.tanggal_akhir || undefined },
    req,
  )

/** POST /api/stok-opname → 201 {message, data: the count with its difference}. */
export const createStokOpname = async (up: Upstream, body: StokOpnameInput) =>
  call(up, 'POST', '/api/stok-opname', { schema: savedOf(stokOpnameSchema), json: body })
