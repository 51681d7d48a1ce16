import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv } from '../types.ts'
import { nextCode } from '../codes.ts'
import { idParam, notFound, readBody, requiredText, validate } from '../http.ts'
import { pagedJsonList, pageQuery, type PagedColumns } from '../paged.ts'
import { refuseWhileUsed, type UsedBy } from './master/resource.ts'

const DEPARTEMEN_USED_BY: readonly UsedBy[] = [
  { table: 'karyawan', column: 'departemen_id', label: 'karyawan' },
  { table: 'supplier', column: 'departemen_id', label: 'supplier' },
]

const schema = z.object({ nama: requiredText('Nama Departemen tidak boleh kosong!') })

const COLUMNS = 'id, kode_departemen, nama, qrcode_departemen, created_at, updated_at'
const ROW_JSON = `json_object(${COLUMNS.split(', ')
  .map((col) => `'${col}', ${col}`)
  .join(', ')})`
const LIST_JSON = `SELECT json_group_array(${ROW_JSON} ORDER BY id) FROM departemen`

/** The list paged (the extension 'paged-lists'): the Departemen screen's search (the name) and its sort keys. */
const PAGED: PagedColumns = {
  search: ['nama'],
  sort: { id: { expr: 'id' }, kode_departemen: { expr: 'kode_departemen', text: true }, nama: { expr: 'nama', text: true } },
  order: 'id',
}

/** GET/POST/PUT/DELETE /api/departemen: plain array list, `{message, data}` for saves. */
export function departemenRoutes() {
  const r = new Hono<ApiEnv>()

  // The JSON text is made by the database in one pass (no object per row): 10,000 rows stay a few ms.
  // With `page` (the extension): one page, searched and sorted in SQL, and its meta.
  r.get('/departemen', async (c) => {
    const query = pageQuery(c, PAGED)
    const db = c.get('db')
    const text = query
      ? await pagedJsonList(db, { columns: PAGED, query, json: ROW_JSON, from: 'FROM departemen', id: 'id' })
      : ((await db.prepare(LIST_JSON).pluck().get()) as string)
    return c.body(text, 200, { 'Content-Type': 'application/json' })
  })

  r.get('/departemen/:id', async (c) => {
    const row = await c
      .get('db')
      .prepare(`SELECT ${COLUMNS} FROM departemen WHERE id = ?`)
      .get(idParam(c, 'id', 'Departemen'))
    if (!row) throw notFound('Departemen')
    return c.json({ data: row })
  })

  r.post('/departemen', async (c) => {
    const { nama } = validate(schema, await readBody(c))
    const db = c.get('db')
    const row = await db.tx(async () => {
      const kode = await nextCode(db, 'departemen')
      return await db
        .prepare(`INSERT INTO departemen (kode_departemen, nama, qrcode_departemen) VALUES (?, ?, ?) RETURNING ${COLUMNS}`)
        .get(kode, nama, kode)
    })
    return c.json({ message: 'Departemen berhasil ditambahkan.', data: row }, 201)
  })

  r.put('/departemen/:id', async (c) => {
    const id = idParam(c, 'id', 'Departemen')
    const { nama } = validate(schema, await readBody(c))
    const row = await c
      .get('db')
      .prepare(`UPDATE departemen SET nama = ?, updated_at = datetime('now') WHERE id = ? RETURNING ${COLUMNS}`)
      .get(nama, id)
    if (!row) throw notFound('Departemen')
    return c.json({ message: 'Departemen berhasil diperbarui.', data: row })
  })

  // Karyawan and supplier refer to a department with ON DELETE SET NULL: while any do, the delete is
  // refused with 409 naming them instead of unlinking them silently.
  r.delete('/departemen/:id', async (c) => {
    const id = idParam(c, 'id', 'Departemen')
    const db = c.get('db')
    await db.tx(async () => {
      if (!(await db.prepare('SELECT 1 FROM departemen WHERE id = ?').get(id))) throw notFound('Departemen')
      await refuseWhileUsed(db, 'Departemen', id, DEPARTEMEN_USED_BY)
      await db.prepare('DELETE FROM departemen WHERE id = ?').run(id)
    })
    return c.json({ message: 'Departemen berhasil dihapus.' })
  })

  return r
}
