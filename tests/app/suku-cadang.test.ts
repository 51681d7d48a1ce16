/**
 * The parts store as the server renders it (plain HTTP, as a browser without JavaScript sends it):
 * Suku Cadang (add, a refusal keeps what was typed), Pembelian Suku Cadang (a purchase with two lines
 * through the form, a line refused beside it), Stok Suku Cadang (the stock, its average cost and value,
 * the filter's total), a part's Kartu Stok and Stok Opname (the difference in quantity and value after
 * Simpan). Every test makes its own parts through the api.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { field, follow, named, openPage, page, rows, rowsWith, statuses, text, valueOf } from './html'
import { unique, upstream } from './upstream'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

type Part = { id: number; nama: string; kode_suku_cadang: string; stok: number; nilai_stok: number; harga_rata_rata: number }

async function part(nama: string, satuan = 'pcs'): Promise<Part> {
  const res = await (await upstream()).post('/api/suku-cadang', { nama, satuan })
  expect(res.status).toBe(201)
  return res.json.data
}
const partById = async (id: number): Promise<Part> => (await (await upstream()).get(`/api/suku-cadang/${id}`)).json.data
const firstSupplier = async () => {
  const answer = (await (await upstream()).get('/api/supplier')).json
  return ((Array.isArray(answer) ? answer : answer.data) as { id: number }[])[0]!.id
}

test.concurrent('Suku Cadang: a refusal keeps what was typed; add; the same name again is refused beside it', async () => {
  const nama = unique('Filter Oli')
  const list = await openPage(admin, `/admin/suku-cadang?q=${encodeURIComponent(nama)}`)
  expect(named(list, 'h1', 'Suku Cadang')).toHaveLength(1)
  const bad = await admin.post('/admin/suku-cadang/tambah', {
    form: { nama, satuan: 'galon', kategori: 'Filter', stok_minimum: '2' },
    headers: SAME_ORIGIN,
  })
  expect(bad.status).toBe(400)
  expect(text(page(bad))).toContain('Satuan harus salah satu dari: pcs, liter, set, unit, kg, meter, botol.')
  expect(valueOf(field(page(bad), 'Nama Suku Cadang')!)).toBe(nama)
  expect(valueOf(field(page(bad), 'Kategori')!)).toBe('Filter')
  const added = await admin.post('/admin/suku-cadang/tambah', {
    form: { nama, satuan: 'pcs', kategori: 'Filter', stok_minimum: '2' },
    headers: SAME_ORIGIN,
  })
  expect(statuses(await follow(admin, added)).join(' ')).toContain('Suku Cadang berhasil ditambahkan!')
  const row = rowsWith(await openPage(admin, `/admin/suku-cadang?q=${encodeURIComponent(nama)}`), nama)
  expect(row).toHaveLength(1)
  expect(text(row[0])).toMatch(/SC\d{6}.*pcs.*Filter/)
  const twice = await admin.post('/admin/suku-cadang/tambah', { form: { nama: nama.toUpperCase(), satuan: 'pcs' }, headers: SAME_ORIGIN })
  expect(twice.status).toBe(422)
  expect(text(page(twice))).toContain('Nama suku cadang sudah ada.')
  expect(valueOf(field(page(twice), 'Nama Suku Cadang')!)).toBe(nama.toUpperCase())
})

test.concurrent(
  'a purchase with two lines through the form: the stock, its value, the Kartu Stok; a count shows its difference',
  async () => {
    const oli = await part(unique('Oli Uji'), 'liter')
    const filter = await part(unique('Filter Uji'))
    const supplier = await firstSupplier()
    // A line without a quantity: refused beside the line, what was typed kept.
    const refused = await admin.post('/admin/pembelian-suku-cadang/tambah', {
      form: {
        supplier_id: String(supplier),
        tanggal_awal: '2026-03-02',
        'detail[0].suku_cadang_id': String(oli.id),
        'detail[0].jumlah': '',
        'detail[0].harga': '50.000',
      },
      headers: SAME_ORIGIN,
    })
    expect(refused.status).toBe(400)
    expect(text(page(refused))).toContain('Jumlah harus bilangan bulat 1 sampai 1.000.000.')
    expect(valueOf(named(page(refused), 'input', 'Harga baris 1')[0]!)).toBe('50.000')
    const saved = await admin.post('/admin/pembelian-suku-cadang/tambah', {
      form: {
        supplier_id: String(supplier),
        tanggal_awal: '2026-03-02',
        keterangan: 'Uji',
        'detail[0].suku_cadang_id': String(oli.id),
        'detail[0].jumlah': '20',
        'detail[0].harga': '50.000',
        'detail[1].suku_cadang_id': String(filter.id),
        'detail[1].jumlah': '3',
        'detail[1].harga': '65.500',
      },
      headers: SAME_ORIGIN,
    })
    expect(statuses(await follow(admin, saved)).join(' ')).toContain('Pembelian suku cadang berhasil ditambahkan!')
    expect(await partById(oli.id)).toMatchObject({ stok: 20, nilai_stok: 1_000_000, harga_rata_rata: 50_000 })
    expect(await partById(filter.id)).toMatchObject({ stok: 3, nilai_stok: 196_500, harga_rata_rata: 65_500 })

    // Stok Suku Cadang: the row's stock, average and value; the filter's total.
    const stok = await openPage(admin, `/admin/stok-suku-cadang?q=${encodeURIComponent(oli.nama)}`)
    const row = rowsWith(stok, oli.nama)
    expect(row).toHaveLength(1)
    expect(text(row[0])).toMatch(/20\s*liter.*Rp\s?50\.000.*Rp\s?1\.000\.000/)
    expect(text(stok)).toMatch(/Nilai stok:\s*Rp\s?1\.000\.000/)

    // A count of 18: −2 at the average → −100.000, shown after Simpan.
    const counted = await admin.post('/admin/stok-opname', {
      form: { suku_cadang_id: String(oli.id), tanggal: '2026-03-05', stok_fisik: '18', alasan: 'Tumpah' },
      headers: SAME_ORIGIN,
    })
    expect(counted.status).toBe(200)
    expect(text(page(counted))).toMatch(/stok sistem 20, stok fisik 18, selisih -2 liter senilai -?Rp\s?-?100\.000/)
    expect(await partById(oli.id)).toMatchObject({ stok: 18, nilai_stok: 900_000 })
    const noReason = await admin.post('/admin/stok-opname', {
      form: { suku_cadang_id: String(oli.id), stok_fisik: '17', alasan: '' },
      headers: SAME_ORIGIN,
    })
    expect(noReason.status).toBe(400)
    expect(text(page(noReason))).toContain('Alasan tidak boleh kosong!')
    expect(valueOf(field(page(noReason), 'Stok Fisik')!)).toBe('17')

    // The Kartu Stok: the purchase in, the count out, the running balance.
    const kartu = await openPage(admin, `/admin/stok-suku-cadang/${oli.id}?tanggal_awal=2026-03-01&tanggal_akhir=2026-03-31`)
    expect(named(kartu, 'h1', `Kartu Stok ${oli.nama}`)).toHaveLength(1)
    const movements = rows(kartu).filter((r) => r.some((c) => /^(PS|SO)\d{6}$/.test(c)))
    expect(movements.map((r) => r.slice(1, 9))).toEqual([
      [
        'Pembelian',
        expect.stringMatching(/^PS\d{6}$/),
        '20',
        '',
        expect.stringMatching(/1\.000\.000$/),
        '20',
        expect.stringMatching(/1\.000\.000$/),
        '',
      ],
      [
        'Stok Opname',
        expect.stringMatching(/^SO\d{6}$/),
        '',
        '2',
        expect.stringMatching(/100\.000$/),
        '18',
        expect.stringMatching(/900\.000$/),
        'Tumpah',
      ],
    ])
    expect(text(kartu)).toMatch(/Saldo awal:\s*0/)
  },
)
