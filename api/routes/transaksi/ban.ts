import { Hono } from 'hono'
import type { ApiEnv, DB } from '../../types.ts'
import { invalid } from '../../http.ts'
import { jsonArray, jsonBody, nestedJson } from './common.ts'

/**
 * A tyre as GET /api/ban and the purchase invoice answer it: {id, kode_ban, no_seri, status, harga,
 * kondisi_ban, pembelian_ban_id, ukuran_id, merek_id, typeban_id, ukuran|null, merek|null, typeban|null}.
 * Built by SQLite (json_object) over `ban b` and the joins of BAN_FROM.
 */
export const BAN_JSON = `json_object(
    'id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'status', b.status, 'harga', b.harga,
    'kondisi_ban', b.kondisi_ban, 'pembelian_ban_id', b.pembelian_ban_id,
    'ukuran_id', b.ukuran_id, 'merek_id', b.merek_id, 'typeban_id', b.typeban_id,
    'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
    'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
    'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")})`

export const BAN_FROM = `FROM ban b
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

/** The tyres of a purchase, full shape, by id. */
export function bansOfPurchase(db: DB, pembelianId: number): unknown[] {
  return JSON.parse(jsonArray(db, BAN_JSON, `${BAN_FROM} WHERE b.pembelian_ban_id = ?`, 'b.id', [pembelianId]))
}

/** GET /api/ban[?status=stok|terpasang]: every tyre, plain array by id. */
export function banRoutes() {
  const r = new Hono<ApiEnv>()
  r.get('/ban', (c) => {
    const status = (c.req.query('status') ?? '').trim()
    if (status !== '' && status !== 'stok' && status !== 'terpasang') {
      throw invalid({ status: ['Status ban harus stok atau terpasang.'] })
    }
    const db = c.get('db')
    const text = status
      ? jsonArray(db, BAN_JSON, `${BAN_FROM} WHERE b.status = ?`, 'b.id', [status])
      : jsonArray(db, BAN_JSON, BAN_FROM, 'b.id', [])
    return jsonBody(c, text)
  })
  return r
}
