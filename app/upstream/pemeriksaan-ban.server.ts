import { call, type Upstream } from './client.server'
import { getPage, type PageRequest } from './paged.server'
import { ack, listOf, savedOf } from './normalize'
import { idSegment, type Id } from './resource.server'
import {
  belumDiperiksaSchema,
  detailPemeriksaanAnswerSchema,
  laporanPemeriksaanSchema,
  pemeriksaanSchema,
  peringatanSchema,
  riwayatPemeriksaanSchema,
  terpasangPemeriksaanSchema,
  type PemeriksaanInput,
} from './schemas/pemeriksaan-ban'

export type {
  BelumDiperiksa,
  DetailPemeriksaan,
  LaporanPemeriksaan,
  Pemeriksaan,
  PemeriksaanBan,
  PemeriksaanInput,
  Peringatan,
  Prakiraan,
  RiwayatPemeriksaan,
  TerpasangPemeriksaan,
} from './schemas/pemeriksaan-ban'

// Pemeriksaan Ban: extensions of the spec, offered with the 'pemeriksaan-ban' feature.

/** GET /api/pemeriksaan-ban: the rounds, by id. */
export const listPemeriksaan = async (up: Upstream) => call(up, 'GET', '/api/pemeriksaan-ban', { schema: listOf(pemeriksaanSchema) })

/** GET /api/pemeriksaan-ban?page&per_page&q&sort&dir → one page {data, meta}. */
export const listPemeriksaanPage = async (up: Upstream, req: PageRequest) => getPage(up, '/api/pemeriksaan-ban', pemeriksaanSchema, {}, req)

/** GET /api/pemeriksaan-ban/terpasang/{kendaraanId}: the tyres on the vehicle now, each with its last tread. */
export const listTerpasangPemeriksaan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/pemeriksaan-ban/terpasang/${idSegment(kendaraanId)}`, { schema: listOf(terpasangPemeriksaanSchema) })

/** GET /api/pemeriksaan-ban/{id} → {data: {…round, detail: [line]}}. */
export const getDetailPemeriksaan = async (up: Upstream, pemeriksaanId: Id) =>
  call(up, 'GET', `/api/pemeriksaan-ban/${idSegment(pemeriksaanId)}`, { schema: detailPemeriksaanAnswerSchema })

/** One round: a dialog's record without reading the whole list. */
export const getPemeriksaan = async (up: Upstream, pemeriksaanId: Id) => (await getDetailPemeriksaan(up, pemeriksaanId)).data

/** POST /api/pemeriksaan-ban: a new round with its lines (422: the rules, lines keyed detail.{i}.{field}). */
export const addPemeriksaan = async (up: Upstream, input: PemeriksaanInput) =>
  call(up, 'POST', '/api/pemeriksaan-ban', { schema: savedOf(pemeriksaanSchema), json: input })

/** PUT /api/pemeriksaan-ban/{id}: the round replaced (422 when posted). */
export const updatePemeriksaan = async (up: Upstream, pemeriksaanId: Id, input: PemeriksaanInput) =>
  call(up, 'PUT', `/api/pemeriksaan-ban/${idSegment(pemeriksaanId)}`, { schema: savedOf(pemeriksaanSchema), json: input })

/** POST /api/pemeriksaan-ban/{id}/posting | /unpost → {message, data}; 409 when already in that state. */
const statusCall = (to: 'posting' | 'unpost') => async (up: Upstream, pemeriksaanId: Id) =>
  call(up, 'POST', `/api/pemeriksaan-ban/${idSegment(pemeriksaanId)}/${to}`, { schema: savedOf(pemeriksaanSchema), json: {} })
export const postingPemeriksaan = statusCall('posting')
export const unpostPemeriksaan = statusCall('unpost')

/** DELETE /api/pemeriksaan-ban/{id} (422 when posted). */
export const deletePemeriksaan = async (up: Upstream, pemeriksaanId: Id) =>
  call(up, 'DELETE', `/api/pemeriksaan-ban/${idSegment(pemeriksaanId)}`, { schema: ack })

/** GET /api/ban/{id}/pemeriksaan: the tyre's inspections and its forecast with the figures it came from. */
export const getRiwayatPemeriksaan = async (up: Upstream, banId: Id) =>
  call(up, 'GET', `/api/ban/${idSegment(banId)}/pemeriksaan`, { schema: riwayatPemeriksaanSchema })

/** GET /api/pemeriksaan-ban/peringatan?limit: the fitted tyres at or near the minimum tread, soonest first. */
export const listPeringatanBan = async (up: Upstream, limit: number) =>
  call(up, 'GET', '/api/pemeriksaan-ban/peringatan', { schema: peringatanSchema, query: { limit: String(limit) } })

/** GET /api/pemeriksaan-ban/belum-diperiksa?hari&limit: the vehicles not inspected for `hari` days. */
export const listBelumDiperiksa = async (up: Upstream, hari: number, limit: number) =>
  call(up, 'GET', '/api/pemeriksaan-ban/belum-diperiksa', {
    schema: belumDiperiksaSchema,
    query: { hari: String(hari), limit: String(limit) },
  })

type Period = { tanggal_awal?: string | null; tanggal_akhir?: string | null }

/** GET /api/laporan-pemeriksaan-ban?tanggal_awal&tanggal_akhir: every inspection line of the period. */
export const listLaporanPemeriksaan = async (up: Upstream, period: Period) =>
  call(up, 'GET', '/api/laporan-pemeriksaan-ban', {
    schema: listOf(laporanPemeriksaanSchema),
    query: { tanggal_awal: period.tanggal_awal, tanggal_akhir: period.tanggal_akhir },
  })

/** GET /api/laporan-pemeriksaan-ban?…&page&per_page&q&sort&dir → one page {data, meta}. */
export const listLaporanPemeriksaanPage = async (up: Upstream, req: PageRequest, period: Period) =>
  getPage(
    up,
    '/api/laporan-pemeriksaan-ban',
    laporanPemeriksaanSchema,
    { tanggal_awal: period.tanggal_awal, tanggal_akhir: period.tanggal_akhir },
    req,
  )
