import { call, type Upstream } from './client.server'
import { listOf, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import {
  banRingkasanSchema,
  banSchema,
  banStokSchema,
  riwayatBanSchema,
  type BanStatus,
  type BanStatusFilter,
  type TerimaVulkanisirInput,
} from './schemas/ban'

export {
  BAN_STATUSES,
  banSchema,
  banStokSchema,
  type Ban,
  type BanRingkasan,
  type BanStatus,
  type BanStatusFilter,
  type BanStok,
  type Lokasi,
  type Ringkasan,
  type RiwayatBan,
  type RiwayatRow,
  type TerimaVulkanisirInput,
} from './schemas/ban'

/** GET /api/ban[?status=stok]: tyres (the pemasangan form's no_seri choices). */
export const listBan = async (up: Upstream, filter: { status?: BanStatusFilter | null } = {}) =>
  call(up, 'GET', '/api/ban', { schema: listOf(banSchema), query: { status: filter.status } })

/**
 * GET /api/ban[?status=…]: every tyre (or those of one state) with the lifecycle extension's fields
 * (Stok Ban); jumlah_vulkanisir and km_tempuh 0, lokasi null when not sent.
 */
export const listStokBan = async (up: Upstream, filter: { status?: BanStatus | null } = {}) =>
  call(up, 'GET', '/api/ban', { schema: listOf(banStokSchema), query: { status: filter.status } })

/** GET /api/ban/{id}/riwayat: the tyre, its history (newest first) and its cost summary. */
export const banRiwayat = async (up: Upstream, banId: Id) =>
  call(up, 'GET', `/api/ban/${idSegment(banId)}/riwayat`, { schema: riwayatBanSchema })

/** POST /api/ban/{id}/terima-vulkanisir {supplier_id, biaya, tanggal}: back from the retreader. */
export const terimaVulkanisir = async (up: Upstream, banId: Id, form: TerimaVulkanisirInput) =>
  call(up, 'POST', `/api/ban/${idSegment(banId)}/terima-vulkanisir`, { schema: savedOf(banStokSchema), json: form })

/**
 * GET /api/ban/ringkasan: tyres in stock by size and the fitted tyres near their target km, counted
 * upstream (the dashboard; extension 'ban-lifecycle'); kept and revalidated like a list.
 */
export const banRingkasan = async (up: Upstream) => call(up, 'GET', '/api/ban/ringkasan', { schema: banRingkasanSchema })

/**
 * GET /api/ban?page&per_page&q&sort&dir[&status&ukuran&merek] (extension 'paged-lists'): one page of
 * Stok Ban's tyres, filtered, searched and sorted upstream.
 */
export const pageStokBan = async (up: Upstream, filter: { status: string; ukuran: string; merek: string }, req: PageRequest) =>
  getPage(
    up,
    '/api/ban',
    banStokSchema,
    { status: filter.status || undefined, ukuran: filter.ukuran || undefined, merek: filter.merek || undefined },
    req,
  )

/** GET /api/ban?status=stok&page&per_page&q&sort&dir (extension 'paged-lists'): a page of the tyres in stock (a position's choice). */
export const getBanStokPage = async (up: Upstream, req: PageRequest) => getPage(up, '/api/ban', banSchema, { status: 'stok' }, req)
