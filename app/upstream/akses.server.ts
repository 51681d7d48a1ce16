import { call, type Upstream } from './client.server'
import { ack, listOf } from './normalize'
import { idSegment, type Id } from './resource.server'
import { aksesEditSchema, aksesRowSchema, type AksesPayload } from './schemas/akses'

export {
  aksesEditSchema,
  aksesRowSchema,
  aksesStateFromEdit,
  buildAksesPayload,
  CAN_FLAGS,
  PERMISSIONS,
  type AksesEdit,
  type AksesPayload,
  type AksesRow,
  type AksesState,
  type FeatureState,
  type Grant,
  type MenuKategori,
} from './schemas/akses'

/** GET /api/akses: one row per user. */
export const listAkses = async (up: Upstream) => call(up, 'GET', '/api/akses', { schema: listOf(aksesRowSchema) })

/** GET /api/akses/{userId}/edit → user, menufiturs (grouped), userMenu (by feature id). */
export const getAksesEdit = async (up: Upstream, userId: Id) =>
  call(up, 'GET', `/api/akses/${idSegment(userId)}/edit`, { schema: aksesEditSchema })

/**
 * POST /api/akses/{userId}/update JSON {menus, permissions} (build it with buildAksesPayload).
 * The answer is not read beyond its message (spec 000 §7).
 */
export const updateAkses = async (up: Upstream, userId: Id, payload: AksesPayload) =>
  call(up, 'POST', `/api/akses/${idSegment(userId)}/update`, { schema: ack, json: payload })
