import { beforeEach, describe, expect, it } from 'vitest'
import { CODE_PREFIX } from '../../api/codes.ts'
import { MENU_CATALOGUE } from '../../api/menu-catalogue.ts'
import { SIMPLE_ENTITY_LIST } from '../../api/simple-entities.ts'
import { formData, makeApi, type Json } from './harness.ts'

type Api = Awaited<ReturnType<typeof makeApi>>

/** An entity of the loop below: its code column, QR column and code pattern, the required field and its message. */
type Entity = {
  entity: string
  label: string
  code: readonly [string, string, RegExp]
  nameField: string
  message: string
  /** A name the demo seed gives one of its rows (api/seed/master.ts), if it seeds any. */
  seeded?: string
  extra: Record<string, string | number>
}

/** The names the demo seed gives the simple masters it fills: the 'seeded' check looks for them. */
const SEEDED_NAMES: Partial<Record<string, string>> = {
  ukuran: '11R22.5',
  merek: 'Bridgestone',
  golongan: 'Golongan III',
  typeban: 'Radial',
}

/**
 * The simple masters the spec names: their empty-name message (the spec's words) and the label
 * of their answers, pinned apart from the declaration the api and the loop below are made from.
 */
const SPEC_SIMPLE = {
  ukuran: { label: 'Ukuran', message: 'Nama Ukuran tidak boleh kosong!' },
  merek: { label: 'Merek', message: 'Nama Merek tidak boleh kosong!' },
  golongan: { label: 'Golongan', message: 'Nama Golongan tidak boleh kosong!' },
  typeban: { label: 'Type ban', message: 'Nama Type Ban tidak boleh kosong!' },
}

/** The entities the spec names: supplier and jenis kendaraan by hand, the simple masters from their declaration. */
const ENTITIES: Entity[] = [
  {
    entity: 'supplier',
    label: 'Supplier',
    code: ['kode_supplier', 'qrcode_supplier', /^SP\d{6}$/],
    nameField: 'nama_supp',
    message: 'Nama Supplier tidak boleh kosong!',
    seeded: 'PT Karya Ban Nusantara',
    extra: {
      nama_person: 'Bambang',
      telp: '(0283) 123456',
      npwp: '01.111.222.3-501.000',
      nama_bank: 'BNI',
      alamat: 'Jl. Mataram No. 1, Tegal',
    },
  },
  ...SIMPLE_ENTITY_LIST.map(([key, e]) => ({
    entity: key,
    label: e.label,
    code: [e.code, e.qr, new RegExp('^' + e.prefix + '\\d{6}$')] as const,
    nameField: e.name,
    message: e.required,
    seeded: SEEDED_NAMES[key],
    extra: {},
  })),
  {
    entity: 'jenis_kendaraan',
    label: 'Jenis kendaraan',
    code: ['kode_jenis_kendaraan', 'qrcode_jenis_kendaraan', /^JK\d{6}$/],
    nameField: 'nama_jenis_kendaraan',
    message: 'Nama Jenis kendaraan tidak boleh kosong!',
    seeded: 'Tronton Wingbox 10 Ban',
    extra: { panjang: 9.5, lebar: 2.45, tinggi: 3.2, total_ban: 10 },
  },
]

describe('the simple masters’ declaration (api/simple-entities.ts)', () => {
  it('keeps the spec’s label and empty-name message of ukuran, merek, golongan and type ban', () => {
    for (const [key, spec] of Object.entries(SPEC_SIMPLE)) {
      const e = SIMPLE_ENTITY_LIST.find(([k]) => k === key)?.[1]
      expect(e, key).toBeDefined()
      expect({ label: e?.label, message: e?.required }, key).toEqual(spec)
    }
  })

  it('gives every entity a code prefix of its own: two capital letters, none shared', () => {
    const prefixes = Object.values(CODE_PREFIX)
    for (const [entity, prefix] of Object.entries(CODE_PREFIX)) expect(prefix, entity).toMatch(/^[A-Z]{2}$/)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    for (const [key, e] of SIMPLE_ENTITY_LIST) expect(CODE_PREFIX[key], key).toBe(e.prefix)
  })

  it('names only menus of the access editor’s catalogue, its own and its readers’', () => {
    const menus = new Set(MENU_CATALOGUE.map((m) => m.route))
    for (const [key, e] of SIMPLE_ENTITY_LIST) {
      expect(menus.has(e.menu), `${key}: ${e.menu}`).toBe(true)
      for (const reader of e.readers) expect(menus.has(reader), `${key} reader: ${reader}`).toBe(true)
    }
  })
})

for (const e of ENTITIES) {
  const [codeColumn, qrColumn, codePattern] = e.code
  describe(`/api/${e.entity}`, () => {
    let api: Api
    beforeEach(async () => {
      api = await makeApi()
      await api.login()
    })
    const list = async () => (await api.get(`/api/${e.entity}`)).json as Json[]

    it('lists a plain array ordered by id, with the seeded rows and their codes', async () => {
      const res = await api.get(`/api/${e.entity}`)
      expect(res.status).toBe(200)
      expect(Array.isArray(res.json)).toBe(true)
      const ids = res.json.map((r: Json) => r.id)
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      if (e.seeded !== undefined) expect(res.json.some((r: Json) => r[e.nameField] === e.seeded)).toBe(true)
      // Every row (the seed's, if it fills this table) has a server-made code and the same QR text.
      for (const row of res.json as Json[]) {
        expect(row[codeColumn]).toMatch(codePattern)
        expect(row[qrColumn]).toBe(row[codeColumn])
      }
    })

    it('adds from multipart: 201 {message, data} with a server-made code, stored as answered', async () => {
      const res = await api.post(`/api/${e.entity}/add`, { form: formData({ [e.nameField]: '  Baru Sekali ', id: 12345, ...e.extra }) })
      expect(res.status).toBe(201)
      expect(res.json.message).toBe(`${e.label} berhasil ditambahkan.`)
      expect(res.json.data).toMatchObject({ [e.nameField]: 'Baru Sekali', ...e.extra })
      expect(res.json.data.id).not.toBe(12345)
      expect(res.json.data[codeColumn]).toMatch(codePattern)
      expect(res.json.data[qrColumn]).toBe(res.json.data[codeColumn])
      expect((await list()).find((r) => r.id === res.json.data.id)).toEqual(res.json.data)
    })

    it(`refuses an empty ${e.nameField} with '${e.message}'`, async () => {
      for (const body of [{ json: { [e.nameField]: '' } }, { json: {} }, { form: formData({ [e.nameField]: '   ' }) }]) {
        const res = await api.post(`/api/${e.entity}/add`, body)
        expect(res.status).toBe(422)
        expect(res.json.message).toBe(e.message)
        expect(res.json.errors[e.nameField]).toEqual([e.message])
      }
    })

    it('updates keeping the code; 404 for unknown or non-numeric ids; 422 on empty name', async () => {
      const created = (await api.post(`/api/${e.entity}/add`, { json: { [e.nameField]: 'Lama', ...e.extra } })).json.data
      const res = await api.post(`/api/${e.entity}/${created.id}/update`, { form: formData({ [e.nameField]: 'Diubah', ...e.extra }) })
      expect(res.status).toBe(200)
      expect(res.json.message).toBe(`${e.label} berhasil diperbarui.`)
      expect(res.json.data).toMatchObject({ id: created.id, [e.nameField]: 'Diubah', [codeColumn]: created[codeColumn] })
      expect((await list()).find((r) => r.id === created.id)[e.nameField]).toBe('Diubah')
      const empty = await api.post(`/api/${e.entity}/${created.id}/update`, { json: { [e.nameField]: '' } })
      expect(empty.status).toBe(422)
      expect(empty.json.errors[e.nameField]).toEqual([e.message])
      const unknown = await api.post(`/api/${e.entity}/999999/update`, { json: { [e.nameField]: 'X' } })
      expect(unknown.status).toBe(404)
      expect(unknown.json.message).toBe(`${e.label} tidak ditemukan.`)
      expect((await api.post(`/api/${e.entity}/1x/update`, { json: { [e.nameField]: 'X' } })).status).toBe(404)
    })

    it('deletes: 200 {message}, gone from the list, then 404', async () => {
      const created = (await api.post(`/api/${e.entity}/add`, { json: { [e.nameField]: 'Sementara' } })).json.data
      const res = await api.del(`/api/${e.entity}/${created.id}`)
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ message: `${e.label} berhasil dihapus.` })
      expect((await list()).some((r) => r.id === created.id)).toBe(false)
      expect((await api.del(`/api/${e.entity}/${created.id}`)).status).toBe(404)
      expect((await api.del(`/api/${e.entity}/abc`)).status).toBe(404)
    })

    it('gives unique codes to concurrent saves', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => api.post(`/api/${e.entity}/add`, { json: { [e.nameField]: `Paralel ${i}` } })),
      )
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(201))
      expect(new Set(results.map((r) => r.json.data[codeColumn])).size).toBe(12)
    })

    it('needs a token on every call', async () => {
      const before = await list()
      for (const [method, path] of [
        ['GET', `/api/${e.entity}`],
        ['POST', `/api/${e.entity}/add`],
        ['POST', `/api/${e.entity}/1/update`],
        ['DELETE', `/api/${e.entity}/1`],
      ]) {
        const form = method === 'POST' ? formData({ [e.nameField]: 'Tanpa Token' }) : undefined
        const res = await api.request(method, path, { token: null, form })
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(res.json).toEqual({ message: 'Unauthenticated.' })
      }
      // Nothing added, changed or deleted (the seed's row 1, where there is one, still there).
      expect(await list()).toEqual(before)
    })
  })
}

describe('supplier fields', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('stores every field of the spec, including departemen_id', async () => {
    const dep = (await api.get('/api/departemen')).json.find((d: Json) => d.nama === 'Pembelian')
    const fields = {
      nama_supp: 'PT Roda Jaya',
      nama_person: 'Hadi',
      jabatan: 'Direktur',
      telp: '(0283) 111222',
      fax: '(0283) 111223',
      hp: '081200001111',
      gmail: 'rodajaya@gmail.com',
      email: 'info@rodajaya.co.id',
      npwp: '07.890.123.4-501.000',
      alamat: 'Jl. Diponegoro No. 5, Tegal',
      atas_nama: 'PT Roda Jaya',
      norek: '9988776655',
      nama_bank: 'CIMB NIAGA',
      departemen_id: dep.id,
    }
    const res = await api.post('/api/supplier/add', { form: formData(fields) })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject(fields)
    expect((await api.get('/api/supplier')).json.find((s: Json) => s.id === res.json.data.id)).toMatchObject(fields)
  })

  it('nama_bank must be one of the spec list (any case); departemen_id must exist', async () => {
    const ok = await api.post('/api/supplier/add', { json: { nama_supp: 'A', nama_bank: 'mega syariah' } })
    expect(ok.status).toBe(201)
    expect(ok.json.data.nama_bank).toBe('MEGA SYARIAH')
    const bad = await api.post('/api/supplier/add', { json: { nama_supp: 'A', nama_bank: 'BANK GAIB' } })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.nama_bank).toEqual([
      'Nama bank harus salah satu dari: BRI, MANDIRI, BNI, BTN, DANAMON, BCA, PERMATA, PAN, CIMB NIAGA, UOB, ARTHA GRAHA, BUMI ARTHA, MEGA, SYARIAH, MEGA SYARIAH.',
    ])
    const dep = await api.post('/api/supplier/add', { json: { nama_supp: 'A', departemen_id: 424242 } })
    expect(dep.status).toBe(422)
    expect(dep.json.errors).toEqual({ departemen_id: ['Departemen yang dipilih tidak ditemukan.'] })
  })

  it('deleting a supplier with a purchase is 409 with a message naming the purchase', async () => {
    const supplier = (await api.post('/api/supplier/add', { json: { nama_supp: 'CV Ban Baru' } })).json.data
    await api.db.q
      .insertInto('pembelian_ban')
      .values({ kode_pembelian_ban: 'PBTEST01', supplier_id: supplier.id, tanggal_awal: '2025-01-02' })
      .execute()
    const res = await api.del(`/api/supplier/${supplier.id}`)
    expect(res.status).toBe(409)
    expect(res.json).toEqual({ message: 'Supplier tidak dapat dihapus karena masih digunakan oleh data pembelian ban.' })
    expect((await api.get('/api/supplier')).json.some((s: Json) => s.id === supplier.id)).toBe(true)
  })
})

describe('jenis_kendaraan, golongan and tyre attributes in use', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('jenis_kendaraan: decimal dimensions (comma accepted), total_ban a positive integer', async () => {
    const ok = await api.post('/api/jenis_kendaraan/add', {
      form: formData({ nama_jenis_kendaraan: 'Dump Truck', panjang: '7,25', lebar: '2.4', tinggi: 3, total_ban: '10' }),
    })
    expect(ok.status).toBe(201)
    expect(ok.json.data).toMatchObject({ panjang: 7.25, lebar: 2.4, tinggi: 3, total_ban: 10 })
    const bad = await api.post('/api/jenis_kendaraan/add', {
      form: formData({ nama_jenis_kendaraan: 'Salah', panjang: 'panjang', total_ban: '2.5' }),
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.panjang).toEqual(['Panjang harus berupa angka.'])
    expect(bad.json.errors.total_ban).toEqual(['Total ban harus berupa bilangan bulat lebih dari 0.'])
    const zero = await api.post('/api/jenis_kendaraan/add', { json: { nama_jenis_kendaraan: 'Nol', total_ban: 0 } })
    expect(zero.status).toBe(422)
    const none = await api.post('/api/jenis_kendaraan/add', { json: { nama_jenis_kendaraan: 'Tanpa ukuran' } })
    expect(none.json.data).toMatchObject({ panjang: null, lebar: null, tinggi: null, total_ban: null })
  })

  it('deleting a vehicle type or golongan still used by vehicles is 409 and keeps the row', async () => {
    const jenisId = (await api.post('/api/jenis_kendaraan/add', { json: { nama_jenis_kendaraan: 'Pick Up', total_ban: 6 } })).json.data.id
    const golonganId = (await api.post('/api/golongan/add', { json: { nama_golongan: 'Golongan Uji' } })).json.data.id
    const vehicle = await api.post('/api/kendaraan/add', {
      json: { no_kabin: 'K-900', jenis_kendaraan_id: jenisId, golongan_id: golonganId },
    })
    expect(vehicle.status).toBe(201)
    const jenis = await api.del(`/api/jenis_kendaraan/${jenisId}`)
    expect(jenis.status).toBe(409)
    expect(jenis.json).toEqual({ message: 'Jenis kendaraan tidak dapat dihapus karena masih digunakan oleh data kendaraan.' })
    const golongan = await api.del(`/api/golongan/${golonganId}`)
    expect(golongan.status).toBe(409)
    expect(golongan.json).toEqual({ message: 'Golongan tidak dapat dihapus karena masih digunakan oleh data kendaraan.' })
    expect((await api.get('/api/jenis_kendaraan')).json.some((j: Json) => j.id === jenisId)).toBe(true)
    expect((await api.get('/api/golongan')).json.some((g: Json) => g.id === golonganId)).toBe(true)
    // once the vehicle is gone both can go
    expect((await api.del(`/api/kendaraan/${vehicle.json.data.id}`)).status).toBe(200)
    expect((await api.del(`/api/jenis_kendaraan/${jenisId}`)).status).toBe(200)
    expect((await api.del(`/api/golongan/${golonganId}`)).status).toBe(200)
  })

  it('deleting a size, brand or tyre type used by a tyre is 409', async () => {
    const ukuran = (await api.post('/api/ukuran/add', { json: { nama: '10.00R20' } })).json.data
    const merek = (await api.post('/api/merek/add', { json: { nama_merek: 'Maxxis' } })).json.data
    const typeban = (await api.post('/api/typeban/add', { json: { nama_type: 'Mud Terrain' } })).json.data
    await api.db.q
      .insertInto('ban')
      .values({
        kode_ban: 'BNTEST01',
        no_seri: 'SN-1',
        ukuran_id: ukuran.id,
        merek_id: merek.id,
        typeban_id: typeban.id,
        kondisi_ban: 'BARU',
        harga: 3500000,
      })
      .execute()
    for (const [path, id, label] of [
      ['ukuran', ukuran.id, 'Ukuran'],
      ['merek', merek.id, 'Merek'],
      ['typeban', typeban.id, 'Type ban'],
    ]) {
      const res = await api.del(`/api/${path}/${id}`)
      expect(res.status, path).toBe(409)
      expect(res.json.message).toBe(`${label} tidak dapat dihapus karena masih digunakan oleh data ban.`)
    }
  })
})
