import { call, type Upstream } from './client.server'
import { listOf } from './normalize'
import { banSchema, type BanStatusFilter } from './schemas/ban'

export { banSchema, KONDISI_BAN, type Ban, type BanStatusFilter } from './schemas/ban'

/** GET /api/ban[?status=stok]: tyres (the fitting form's no_seri choices). */
export const listBan = async (up: Upstream, filter: { status?: BanStatusFilter | null } = {}) =>
  call(up, 'GET', '/api/ban', { schema: listOf(banSchema), query: { status: filter.status } })
