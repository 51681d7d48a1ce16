import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv } from '../types.ts'
import { nextCode } from '../codes.ts'
import { idParam, notFound, readBody, requiredText, validate } from '../http.ts'
import { askedPage, col, pageMeta, pageOrder, pageSlice, searchCondition, type ListColumns } from '../paged.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment } from '../sql.ts'
import { refuseWhileUsed, type UsedBy } from './master/resource.ts'

const DEPARTEMEN_USED_BY: readonly UsedBy[] = [
  { table: 'karyawan', column: 'departemen_id', label: 'karyawan' },
  { table: 'supplier', column: 'departemen_id', label: 'supplier' },
]

const schema = z.object({ nama: requiredText('Nama Departemen tidak boleh kosong!') })

const COLUMNS = ['id', 'kode_departemen', 'nama', 'qrcode_departemen', 'created_at', 'updated_at'] as const

/** The list paged (the extension 'paged-lists'): the Departemen screen's search (the name) and its sort keys. */
const PAGED: ListColumns = {
  search: [col('nama')],
  sort: {
    id: { expr: col('id') },
    kode_departemen: { expr: col('kode_departemen'), text: true },
    nama: { expr: col('nama'), text: true },
  },
  order: [col('id')],
}

/** GET/POST/PUT/DELETE /api/departemen: plain array list, `{message, data}` for saves. */
export function departemenRoutes() {
  const r = new Hono<ApiEnv>()

  // The JSON text is made by the database in one pass (no object per row): 10,000 rows stay a few ms.
  // With `page` (the extension): one page, searched and sorted in SQL, and its meta.
  r.get('/departemen', async (c) => {
    const query = askedPage(c, PAGED)
    const db = c.get('db')
    if (!query) {
      const list = await db.q
        .selectFrom('departemen')
        .select(
          jsonAgg(
            db,
            jsonBuild(db, Object.fromEntries(COLUMNS.map((k) => [k, k.endsWith('_at') ? momentText(db, col<string>(k)) : col(k)]))),
            col('id'),
          ).as('list'),
        )
        .executeTakeFirstOrThrow()
      return c.body(list.list, 200, { 'Content-Type': 'application/json' })
    }
    const search = searchCondition(PAGED, query)
    const counted = await db.q
      .selectFrom('departemen')
      .select((eb) => eb.fn.countAll().as('total'))
      .$if(search !== null, (qb) => qb.where(search!))
      .executeTakeFirstOrThrow()
    const { limit, offset } = pageSlice(query)
    const data = await db.q
      .selectFrom('departemen')
      .select(COLUMNS)
      .$if(search !== null, (qb) => qb.where(search!))
      .orderBy(pageOrder(PAGED, query))
      .limit(limit)
      .offset(offset)
      .execute()
    return c.json({ data, meta: pageMeta(query, Number(counted.total)) })
  })

  r.get('/departemen/:id', async (c) => {
    const row = await c
      .get('db')
      .q.selectFrom('departemen')
      .select(COLUMNS)
      .where('id', '=', idParam(c, 'id', 'Departemen'))
      .executeTakeFirst()
    if (!row) throw notFound('Departemen')
    return c.json({ data: row })
  })

  r.post('/departemen', async (c) => {
    const { nama } = validate(schema, await readBody(c))
    const db = c.get('db')
    const row = await db.tx(async () => {
      const kode = await nextCode(db, 'departemen')
      return await db.q
        .insertInto('departemen')
        .values({ kode_departemen: kode, nama, qrcode_departemen: kode })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
    })
    return c.json({ message: 'Departemen berhasil ditambahkan.', data: row }, 201)
  })

  r.put('/departemen/:id', async (c) => {
    const id = idParam(c, 'id', 'Departemen')
    const { nama } = validate(schema, await readBody(c))
    // One UPDATE, no rule read before it: the row's own lock for the statement suffices.
    const db = c.get('db')
    const row = await db.q
      .updateTable('departemen')
      .set({ nama, updated_at: nowMoment(db) })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!row) throw notFound('Departemen')
    return c.json({ message: 'Departemen berhasil diperbarui.', data: row })
  })

  // Karyawan and supplier refer to a department with ON DELETE SET NULL: while any do, the delete is
  // refused with 409 naming them instead of unlinking them silently.
  r.delete('/departemen/:id', async (c) => {
    const id = idParam(c, 'id', 'Departemen')
    const db = c.get('db')
    await db.tx(async () => {
      // Locked before the uses are counted: a karyawan or supplier saved meanwhile with this
      // department waits (its foreign key shares the row) and is counted, or is refused after the delete.
      const found = await db.q.selectFrom('departemen').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
      if (!found) throw notFound('Departemen')
      await refuseWhileUsed(db, 'Departemen', id, DEPARTEMEN_USED_BY)
      await db.q.deleteFrom('departemen').where('id', '=', id).execute()
    })
    return c.json({ message: 'Departemen berhasil dihapus.' })
  })

  return r
}
