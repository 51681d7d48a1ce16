import { call, type Upstream } from './client.server'
import { ack, listOf, savedOf } from './normalize'
import { idSegment, jsonNumber, type Id } from './resource.server'
import { userSchema, type CreateUserInput } from './schemas/user'

export { userSchema, type CreateUserInput, type User } from './schemas/user'

/** GET /api/user: users with nested karyawan.nama_lengkap. */
export const listUsers = async (up: Upstream) => call(up, 'GET', '/api/user', { schema: listOf(userSchema) })

/**
 * POST /api/user/add JSON {karyawan_id, nama_user, kode_user, telp, alamat} (+ password when given;
 * not in the spec's payload). Empty optional fields are sent as null.
 */
export const createUser = async (up: Upstream, input: CreateUserInput) => {
  const json: Record<string, unknown> = {
    karyawan_id: jsonNumber(input.karyawan_id),
    nama_user: input.nama_user || null,
    kode_user: input.kode_user,
    telp: input.telp || null,
    alamat: input.alamat || null,
  }
  if (input.password) json.password = input.password
  return call(up, 'POST', '/api/user/add', { schema: savedOf(userSchema), json })
}

/** POST /api/user JSON {kode_user}: the older form, a user with only a kode_user. */
export const createUserOld = async (up: Upstream, input: { kode_user: string }) =>
  call(up, 'POST', '/api/user', { schema: savedOf(userSchema), json: { kode_user: input.kode_user } })

/** PUT /api/user/{id} JSON {kode_user}: the older form. */
export const updateUserOld = async (up: Upstream, userId: Id, input: { kode_user: string }) =>
  call(up, 'PUT', `/api/user/${idSegment(userId)}`, { schema: savedOf(userSchema), json: { kode_user: input.kode_user } })

/** DELETE /api/user/{id} */
export const deleteUser = async (up: Upstream, userId: Id) => call(up, 'DELETE', `/api/user/${idSegment(userId)}`, { schema: ack })
