/**
 * The simple masters as the server renders and applies them (plain HTTP, no browser): edit, delete and
 * search of Merek Ban, Golongan and Type Ban — the same route module as Ukuran Ban, whose edit, delete
 * and search (and every screen's add) stay in tests/e2e/master-simple.test.ts, both ways.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { q, SCREENS, simpleMasterRecords } from '../master-simple-records'
import { ADMIN, loginAs, type Answer, type Client } from './http'
import { byText, field, links, named, openPage, page, rowsWith, submit, text, valueOf } from './html'
import { unique, upstream } from './upstream'

const { make, stored } = simpleMasterRecords(upstream)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** The href of the link named `name` in the list's row whose cell reads `nama`. */
function rowLink(doc: ReturnType<typeof page>, nama: string, name: string) {
  const row = rowsWith(doc, nama)
  expect(row, `the row of ${nama}`).toHaveLength(1)
  const href = links(row[0]!, name)[0]?.getAttribute('href')
  expect(href, `${name} in the row of ${nama}`).toBeTruthy()
  return href!
}
/** The page a save leads to (its redirect followed). */
async function landing(res: Answer) {
  expect(res.status).toBe(302)
  return openPage(admin, res.headers.get('location')!)
}
/** The flash messages (role status) of the page. */
const statuses = (doc: ReturnType<typeof page>) => doc.querySelectorAll('[role="status"]').map(text)

for (const s of SCREENS.slice(1)) {
  describe(s.title, () => {
    test.concurrent('edit: pre-filled, the new name is stored with the banner', async () => {
      const row = await make(s, unique(`${s.entity} Ubah`))
      const href = rowLink(await openPage(admin, `/admin/${s.path}?${q(row[s.key]!)}`), row[s.key]!, 'Edit')
      const dialog = await openPage(admin, href)
      expect(named(dialog, '[role="dialog"], dialog', `Edit ${s.title}`)).toHaveLength(1)
      const input = field(dialog, s.label)
      expect(valueOf(input!)).toBe(row[s.key])
      const after = await landing(await submit(admin, dialog, 'Update', href, { [input!.getAttribute('name')!]: `${row[s.key]} baru` }))
      expect(statuses(after).some((t) => t.includes(`${s.entity} berhasil diperbarui!`))).toBe(true)
      expect((await stored(s, `${row[s.key]} baru`)).map((r) => r.id)).toEqual([row.id])
    })

    test.concurrent('delete: confirmation with its text, then the row is gone', async () => {
      const row = await make(s, unique(`${s.entity} Hapus`))
      const href = rowLink(await openPage(admin, `/admin/${s.path}?${q(row[s.key]!)}`), row[s.key]!, 'Hapus')
      const doc = await openPage(admin, href)
      const confirm = named(doc, '[role="alertdialog"]', 'Apakah Anda yakin?')
      expect(confirm).toHaveLength(1)
      expect(text(confirm[0])).toContain(`Data ${s.entity.toLowerCase()} ini akan dihapus secara permanen!`)
      const after = await landing(await submit(admin, confirm[0]!, 'Ya, hapus!', href))
      expect(statuses(after).some((t) => t.includes('Dihapus!'))).toBe(true)
      expect(text(after)).toContain('Tidak ada data.')
      expect(await stored(s, row[s.key]!)).toHaveLength(0)
    })

    test.concurrent('search by name, case-insensitive; the row shows code, name and QR code', async () => {
      const tok = unique('Cari').replace(' ', '-')
      const [a] = [await make(s, `${tok} Alfa`), await make(s, `${tok} Beta`)]
      const doc = await openPage(admin, `/admin/${s.path}?${q(`${tok} alfa`.toUpperCase())}`)
      expect(byText(doc, '1 data').length).toBeGreaterThan(0)
      const row = rowsWith(doc, a![s.key]!)
      expect(row).toHaveLength(1)
      expect(text(row[0]!.querySelectorAll('td')[1])).toBe(a![s.code])
      const qr = named(row[0]!, '[role="img"], img', `QR code ${a![s.code]}`)
      expect(qr.map((img) => img.getAttribute('width'))).toEqual(['50'])
    })
  })
}
