import { call, type Upstream } from './client.server'
import { ack, keptAnswer, listOf } from './normalize'
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
 * The same call for the grants of the signed-in user, read on every request (grants.server.ts): kept
 * by the client and revalidated with the user's token (a 304 in the common case). Its own schema
 * object, so the Akses screen's reads stay uncached.
 */
const grantsSourceSchema = keptAnswer(aksesEditSchema.transform((edit) => edit))
export const getGrantsSource = async (up: Upstream, userId: Id) =>
  call(up, 'GET', `/api/akses/${idSegment(userId)}/edit`, { schema: grantsSourceSchema })

/**
 * POST /api/akses/{userId}/update JSON {menus, permissions} (build it with buildAksesPayload).
 * The answer is not read beyond its message.
 */
export const updateAkses = async (up: Upstream, userId: Id, payload: AksesPayload) =>
  call(up, 'POST', `/api/akses/${idSegment(userId)}/update`, { schema: ack, json: payload })
