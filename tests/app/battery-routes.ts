/**
 * The form routes of the app, one row each, for the request-level battery (battery.test.ts). A new
 * screen adds a row per form route: where it posts, a valid submission, the text field whose value
 * must come back in the page after a refusal, and how to make a record for routes that take an id.
 * A document screen's rows are made from its entry in document-records.ts (documentRows).
 */
import { createDepartemen, createUser, deleteDepartemen, unique, upstream } from './upstream'
import { SIMPLE_MASTERS } from '../../app/lib/simple-master'
import { DOCUMENT_RECORDS, DOCUMENT_SCREENS, fittedKendaraan, kendaraan, type Rec } from './document-records'

export type FormRoute = {
  name: string
  /** The path; `{id}` is replaced by a record's id. */
  path: string
  /** A submission the route accepts. */
  valid: () => Record<string, string>
  /** A free-text field: its value must be shown again when the form is refused. */
  textField?: string
  /**
   * Makes a record for `{id}` and returns its id (and how to delete it, for a "deleted" id); `vars`
   * fill the path's other placeholders (`{document}` of a document line's delete).
   */
  record?: () => Promise<Rec>
  /** The list screen the route belongs to (for the hostile query parameters). */
  list?: string
  /** Routes open without a session (the login). */
  anonymous?: boolean
}

const departemen = async () => {
  const [d] = await createDepartemen(unique('Baterai'))
  return { id: d.id, remove: () => deleteDepartemen(d.id) }
}

const stnk = async () => {
  const api = await upstream()
  const r = await api.post('/api/stnk/add', { nama_pemilik: unique('Baterai') })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/stnk/${id}`)) }
}

const pembelian = async () => {
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
  const r = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: [{ no_seri: unique('BTR').replace(/\s/g, ''), harga: 1000 }],
  })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/pembelian-ban/${id}`)) }
}
/**
 * A batch of a master's import staged through the api by the admin (the battery's own user): one row
 * the upstream refuses (an unknown brand or type, an empty name), so a 'Simpan semua' sent by the
 * battery saves nothing; removed: dropped.
 */
const imporBatchOf = (jenis: string, row: () => Record<string, string | number | null>) => async () => {
  const api = await upstream()
  const r = await api.post(`/api/impor/${jenis}`, { rows: [{ baris: 2, ...row() }] })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/impor/${jenis}/${id}`)) }
}
const imporBatch = imporBatchOf('ban', () => ({
  no_seri: unique('BTR').replace(/\s/g, ''),
  ukuran: 'x',
  merek: 'Merek Baterai',
  kondisi: 'BARU',
  harga: 1000,
}))
const purchase = () => ({ supplier_id: '1', 'ban[0].no_seri': unique('BTR').replace(/\s/g, ''), 'ban[0].harga': '1000' })

/** A claim (Diajukan) on a tyre removed early (Pecah after 1.000 km) in a registered removal. */
const klaim = async () => {
  const api = await upstream()
  const k = await fittedKendaraan()
  const line = (
    await api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: k.id,
      posisi_ban: '1A',
      km_pelepasan: 2000,
      alasan: 'Pecah',
      tujuan: 'afkir',
    })
  ).json.data.id as number
  const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${k.id}`)).json.data.id as number
  const id = (await api.post('/api/klaim-ban', { detail_pelepasan_ban_id: line, jenis: 'Garansi Supplier' })).json.data.id as number
  const remove = async () => {
    await api.del(`/api/klaim-ban/${id}`)
    await api.del(`/api/pelepasan-ban/${doc}`)
  }
  return { id, remove }
}
/** A claim form without a removal line nor a valid amount: refused, every value shown again. */
const klaimForm = () => ({
  detail_pelepasan_ban_id: '',
  jenis: 'Garansi Supplier',
  tanggal_awal: '2026-01-05',
  nilai_klaim: 'x',
  keterangan: unique('Klaim'),
})
/** An unposted KIR renewal of a new vehicle (deleting it puts the vehicle's KIR date back). */
const perpanjangan = async () => {
  const api = await upstream()
  const k = await kendaraan()
  const r = await api.post('/api/perpanjangan', { kendaraan_id: k.id, jenis_dokumen: 'KIR', expired_baru: '2031-01-01', biaya: 150000 })
  const id = r.json.data.id as number
  const remove = async () => {
    await api.del(`/api/perpanjangan/${id}`)
    await k.remove()
  }
  return { id, remove }
}
/** An unposted work order of a new vehicle (a labour line only; deleting it takes its km reading with it). */
const perintahKerja = async () => {
  const api = await upstream()
  const k = await kendaraan()
  const r = await api.post('/api/perintah-kerja', { kendaraan_id: k.id, km: 1000, jasa: [{ uraian: 'Baterai', biaya: 1000 }] })
  const id = r.json.data.id as number
  const remove = async () => {
    await api.del(`/api/perintah-kerja/${id}`)
    await k.remove()
  }
  return { id, remove }
}
/** A work order form without a vehicle: refused, every value shown again. */
const perintahKerjaForm = () => ({
  kendaraan_id: '',
  tanggal_awal: '2026-01-05',
  km: '1000',
  'jasa[0].uraian': 'Jasa baterai',
  'jasa[0].biaya': '1000',
  keterangan: unique('Perintah Kerja'),
})
/** A renewal form without a vehicle and with a cost of 0: refused, every value shown again. */
const perpanjanganForm = () => ({
  kendaraan_id: '',
  jenis_dokumen: 'KIR',
  expired_baru: '2031-06-01',
  tanggal_bayar: '2026-01-05',
  biaya: '0',
  keterangan: unique('Perpanjangan'),
})
/** A record of a master entity made through the api (JSON), and how to delete it. */
const master = (entity: string, fields: () => Record<string, unknown>) => async () => {
  const api = await upstream()
  const r = await api.post(`/api/${entity}/add`, fields())
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/${entity}/${id}`)) }
}

/** The three form routes of a master screen at `/admin/{path}` (api entity `entity`). */
const masterRows = (path: string, entity: string, field: string, extra: Record<string, string> = {}): FormRoute[] => {
  const valid = () => ({ [field]: unique('Baterai'), ...extra })
  const record = master(entity, valid)
  const list = `/admin/${path}`
  return [
    { name: `${path} tambah`, path: `${list}/tambah`, valid, textField: field, list },
    { name: `${path} edit`, path: `${list}/{id}/edit`, valid, textField: field, record, list },
    { name: `${path} hapus`, path: `${list}/{id}/hapus`, valid: () => ({ intent: 'hapus' }), record, list },
  ]
}

/** A service item of its own (Item Servis; deleted with the api's call, refused while a plan uses it). */
const itemServis = async () => {
  const api = await upstream()
  const r = await api.post('/api/item-servis', { nama: unique('Baterai'), interval_km: 10_000 })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/item-servis/${id}`)) }
}

/** Servis berkala's form routes: the Item Servis dialogs, a vehicle type's plan (an empty plan is valid) and a vehicle's own plan. */
const servisRows = (): FormRoute[] => {
  const list = '/admin/item-servis'
  const valid = () => ({ nama: unique('Baterai'), interval_km: '10.000' })
  return [
    { name: 'item-servis tambah', path: `${list}/tambah`, valid, textField: 'nama', list },
    { name: 'item-servis edit', path: `${list}/{id}/edit`, valid, textField: 'nama', record: itemServis, list },
    { name: 'item-servis hapus', path: `${list}/{id}/hapus`, valid: () => ({ intent: 'hapus' }), record: itemServis, list },
    {
      name: 'jadwal-servis jenis',
      path: '/admin/jadwal-servis/jenis/{id}',
      valid: () => ({}),
      record: master('jenis_kendaraan', () => ({ nama_jenis_kendaraan: unique('Baterai'), total_ban: 6 })),
      list: '/admin/jadwal-servis',
    },
    { name: 'jadwal-servis kendaraan', path: '/admin/jadwal-servis/kendaraan/{id}', valid: () => ({}), record: kendaraan },
  ]
}

/**
 * Km Kendaraan's import of a GPS export: the upload (a form without its file is refused on the form)
 * and the preview's 'Simpan semua' / 'Batalkan' (its one row names no vehicle: refused, nothing saved).
 */
const kmImporRows = (): FormRoute[] => [
  { name: 'km-kendaraan impor', path: '/admin/km-kendaraan/impor', valid: () => ({}), list: '/admin/km-kendaraan' },
  {
    name: 'km-kendaraan impor pratinjau',
    path: '/admin/km-kendaraan/impor/{id}',
    valid: () => ({ intent: 'simpan' }),
    record: imporBatchOf('km-kendaraan', () => ({ no_pol: unique('BTK'), tanggal: '2020-01-01', km: 1 })),
  },
]

/** A part of its own (Suku Cadang; deleted with the api's call while nothing names it). */
const sukuCadang = async () => {
  const api = await upstream()
  const r = await api.post('/api/suku-cadang', { nama: unique('Baterai'), satuan: 'pcs' })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/suku-cadang/${id}`)) }
}

/** An unposted purchase of parts of its own (one line of the demo's first part; deleted with the api's call). */
const pembelianSukuCadang = async () => {
  const api = await upstream()
  const r = await api.post('/api/pembelian-suku-cadang', { supplier_id: 1, detail: [{ suku_cadang_id: 1, jumlah: 1, harga: 1000 }] })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/pembelian-suku-cadang/${id}`)) }
}

/** The parts store's form routes: the part's dialogs, a purchase's (lines of the demo's first part), its posting, a count. */
const sukuCadangRows = (): FormRoute[] => {
  const list = '/admin/suku-cadang'
  const valid = () => ({ nama: unique('Baterai'), satuan: 'pcs', stok_minimum: '2' })
  const beli = '/admin/pembelian-suku-cadang'
  const purchase = () => ({
    supplier_id: '1',
    keterangan: unique('Baterai'),
    'detail[0].suku_cadang_id': '1',
    'detail[0].jumlah': '1',
    'detail[0].harga': '1.000',
  })
  return [
    { name: 'suku-cadang tambah', path: `${list}/tambah`, valid, textField: 'nama', list },
    { name: 'suku-cadang edit', path: `${list}/{id}/edit`, valid, textField: 'nama', record: sukuCadang, list },
    { name: 'suku-cadang hapus', path: `${list}/{id}/hapus`, valid: () => ({ intent: 'hapus' }), record: sukuCadang, list },
    { name: 'pembelian-suku-cadang tambah', path: `${beli}/tambah`, valid: purchase, textField: 'keterangan', list: beli },
    {
      name: 'pembelian-suku-cadang edit',
      path: `${beli}/{id}/edit`,
      valid: purchase,
      textField: 'keterangan',
      record: pembelianSukuCadang,
      list: beli,
    },
    {
      name: 'pembelian-suku-cadang hapus',
      path: `${beli}/{id}/hapus`,
      valid: () => ({ intent: 'hapus' }),
      record: pembelianSukuCadang,
      list: beli,
    },
    { name: 'pembelian-suku-cadang posting', path: beli, valid: () => ({ intent: 'unpost', id: '99999999' }), list: beli },
    {
      name: 'stok-opname simpan',
      path: '/admin/stok-opname',
      valid: () => ({ suku_cadang_id: '1', stok_fisik: '1', alasan: unique('Baterai') }),
      textField: 'alasan',
      list: '/admin/stok-opname',
    },
  ]
}

const user = async () => {
  const { user: u } = await createUser('bat')
  return { id: u.id, remove: async () => void (await (await upstream()).del(`/api/user/${u.id}`)) }
}

/** The form routes of a document screen (kind `document` in app/screens.ts), made from its records (document-records.ts). */
function documentRows({ segment, routes, records }: (typeof DOCUMENT_SCREENS)[number]): FormRoute[] {
  const list = `/admin/${segment}`
  const create = `/admin/create-${segment}`
  const edit = (id: string) => `/admin/${routes.editPath.replace(':id', id)}`
  const simpan = () => ({ intent: 'simpan' })
  const hapus = () => ({ intent: 'hapus' })
  const rows: FormRoute[] = [
    { name: `${segment} posting`, path: list, valid: () => ({ intent: 'unpost', id: '99999999' }), list },
    { name: `${segment} hapus`, path: `${list}/{id}/hapus`, valid: hapus, record: records.document, list },
  ]
  if ('wholeForm' in routes) {
    if (!records.whole) throw new Error(`${segment}: a document saved whole needs its form (whole)`)
    return [
      ...rows,
      { name: `create-${segment} simpan`, path: `${create}?kendaraan_id={id}`, ...records.whole, record: records.vehicle },
      { name: `${segment} edit`, path: edit('{id}'), ...records.whole, record: records.document },
    ]
  }
  const { line, staged } = records
  if (!line || !staged) throw new Error(`${segment}: a document with lines needs its position dialog (line) and a staged line`)
  const documentLine = async (): Promise<Rec> => {
    const d = await records.document()
    return { id: Number(d.vars.line), vars: { document: String(d.id) }, remove: d.remove }
  }
  return [
    ...rows,
    { name: `create-${segment} simpan`, path: `${create}?kendaraan_id={id}`, valid: simpan, record: records.vehicle },
    {
      name: `create-${segment} posisi`,
      path: `${create}/posisi/${line.posisi}?kendaraan_id={id}`,
      valid: line.valid,
      textField: line.textField,
      record: records.vehicle,
    },
    { name: `create-${segment} hapus detail`, path: `${create}/detail/{id}/hapus?kendaraan_id={kendaraan}`, valid: hapus, record: staged },
    { name: `${segment} edit`, path: edit('{id}'), valid: simpan, record: records.document },
    {
      name: `${segment} edit posisi`,
      path: `${edit('{id}')}/posisi/${line.posisi}`,
      valid: line.valid,
      textField: line.textField,
      record: records.document,
    },
    { name: `${segment} edit hapus detail`, path: `${edit('{document}')}/detail/{id}/hapus`, valid: hapus, record: documentLine },
  ]
}

/**
 * Number fields of form routes, posted with values no real amount or km reaches or with a fraction
 * (battery.test.ts): each refused by the app's own schema, its message beside the field, the typed
 * value shown again. `label` begins the field's messages.
 */
export const NUMBER_FIELDS: { route: string; field: string; label: string }[] = [
  { route: 'pembelian-ban tambah', field: 'ban[0].harga', label: 'Harga' },
  { route: 'kendaraan tambah', field: 'km', label: 'Km' },
  { route: 'perpanjangan-stnk tambah', field: 'biaya', label: 'Biaya' },
  { route: 'km-kendaraan simpan', field: 'km-1', label: 'Km' },
  { route: 'klaim-ban tambah', field: 'nilai_klaim', label: 'Nilai klaim' },
  { route: 'item-servis tambah', field: 'interval_km', label: 'Interval Km' },
  { route: 'pembelian-suku-cadang tambah', field: 'detail[0].harga', label: 'Harga' },
  { route: 'perintah-kerja tambah', field: 'km', label: 'Km' },
]

export const FORM_ROUTES: FormRoute[] = [
  ...Object.values(SIMPLE_MASTERS).flatMap((m) => masterRows(m.path, m.api, m.nameKey)),
  ...masterRows('jenis_kendaraan', 'jenis_kendaraan', 'nama_jenis_kendaraan', { total_ban: '6' }),
  ...masterRows('supplier', 'supplier', 'nama_supp'),
  ...masterRows('kendaraan', 'kendaraan', 'no_kabin'),
  ...masterRows('karyawan', 'karyawan', 'nama_lengkap'),
  ...servisRows(),
  ...kmImporRows(),
  ...sukuCadangRows(),
  {
    name: 'user tambah',
    path: '/admin/user/tambah',
    valid: () => ({
      karyawan_id: '1',
      kode_user: `bat${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      nama_user: unique('Baterai'),
      password: 'rahasia-123',
      password_confirm: 'rahasia-123',
    }),
    textField: 'nama_user',
    list: '/admin/user',
  },
  { name: 'user hapus', path: '/admin/user/{id}/hapus', valid: () => ({ intent: 'hapus' }), record: user, list: '/admin/user' },
  { name: 'akses edit', path: '/admin/akses/edit/{id}', valid: () => ({ intent: 'save' }), record: user, list: '/admin/akses' },
  // Update Profile's Kontak (the worker's admin's own contact). Its Ganti Password form has no
  // row: a valid submission would change the shared admin's password.
  {
    name: 'profil kontak',
    path: '/admin/users',
    valid: () => ({ intent: 'kontak', telp: '0812 3456', alamat: unique('Baterai') }),
    textField: 'alamat',
  },
  {
    name: 'login',
    path: '/login',
    valid: () => ({ kode_user: 'baterai-tak-dikenal', password: 'salah-sekali' }),
    textField: 'kode_user',
    anonymous: true,
  },
  {
    name: 'departemen tambah',
    path: '/admin/departemen/tambah',
    valid: () => ({ nama: unique('Baterai') }),
    textField: 'nama',
    list: '/admin/departemen',
  },
  {
    name: 'departemen edit',
    path: '/admin/departemen/{id}/edit',
    valid: () => ({ nama: unique('Baterai') }),
    textField: 'nama',
    record: departemen,
    list: '/admin/departemen',
  },
  {
    name: 'departemen hapus',
    path: '/admin/departemen/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: departemen,
    list: '/admin/departemen',
  },
  {
    name: 'stnk tambah',
    path: '/admin/stnk/tambah',
    valid: () => ({ nama_pemilik: unique('Baterai') }),
    textField: 'nama_pemilik',
    list: '/admin/stnk',
  },
  {
    name: 'stnk edit',
    path: '/admin/stnk/{id}/edit',
    valid: () => ({ nama_pemilik: unique('Baterai') }),
    textField: 'nama_pemilik',
    record: stnk,
    list: '/admin/stnk',
  },
  { name: 'stnk hapus', path: '/admin/stnk/{id}/hapus', valid: () => ({ intent: 'hapus' }), record: stnk, list: '/admin/stnk' },
  {
    name: 'pembelian-ban tambah',
    path: '/admin/pembelian-ban/tambah',
    valid: purchase,
    textField: 'ban[0].no_seri',
    list: '/admin/pembelian-ban',
  },
  {
    name: 'pembelian-ban edit',
    path: '/admin/pembelian-ban/{id}/edit',
    valid: purchase,
    textField: 'ban[0].no_seri',
    record: pembelian,
    list: '/admin/pembelian-ban',
  },
  {
    name: 'pembelian-ban hapus',
    path: '/admin/pembelian-ban/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: pembelian,
    list: '/admin/pembelian-ban',
  },
  {
    name: 'inquery-pembelian-ban posting',
    path: '/admin/inquery-pembelian-ban',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/inquery-pembelian-ban',
  },
  {
    name: 'inquery-pembelian-ban edit',
    path: '/admin/inquery-pembelian-ban/{id}/edit',
    valid: purchase,
    textField: 'ban[0].no_seri',
    record: pembelian,
    list: '/admin/inquery-pembelian-ban',
  },
  {
    name: 'inquery-pembelian-ban hapus',
    path: '/admin/inquery-pembelian-ban/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: pembelian,
    list: '/admin/inquery-pembelian-ban',
  },
  {
    name: 'inquery-pembelian-ban posting-semua',
    path: '/admin/inquery-pembelian-ban/posting-semua?tanggal_awal=2099-01-01&tanggal_akhir=2099-01-01',
    valid: () => ({ jumlah: '0' }),
    list: '/admin/inquery-pembelian-ban',
  },
  {
    name: 'inquery-pemasangan-ban posting',
    path: '/admin/inquery-pemasangan-ban',
    valid: () => ({ intent: 'unpost', id: '99999999' }),
    list: '/admin/inquery-pemasangan-ban',
  },
  {
    name: 'inquery-pemasangan-ban hapus',
    path: '/admin/inquery-pemasangan-ban/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: DOCUMENT_RECORDS.pemasanganBan.document,
    list: '/admin/inquery-pemasangan-ban',
  },
  {
    name: 'inquery-pemasangan-ban unpost-semua',
    path: '/admin/inquery-pemasangan-ban/unpost-semua?tanggal_awal=2099-01-01&tanggal_akhir=2099-01-01',
    valid: () => ({ jumlah: '0' }),
    list: '/admin/inquery-pemasangan-ban',
  },
  {
    name: 'pembelian-ban posting',
    path: '/admin/pembelian-ban',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/pembelian-ban',
  },
  // Stok Ban's retread receipt: tyre 1 of the seed is not at the retreader, so a valid
  // form is refused by the upstream (409) and comes back with what was typed.
  {
    name: 'ban terima-vulkanisir',
    path: '/admin/ban/1/terima-vulkanisir',
    valid: () => ({ supplier_id: '1', biaya: '150000', tanggal: '2026-01-15' }),
    textField: 'biaya',
    list: '/admin/ban',
  },
  // Impor Stok Ban: the upload (a form without its file is refused on the form) and the preview's
  // 'Simpan semua' / 'Batalkan'.
  { name: 'ban impor', path: '/admin/ban/impor', valid: () => ({}), list: '/admin/ban' },
  { name: 'ban impor pratinjau', path: '/admin/ban/impor/{id}', valid: () => ({ intent: 'simpan' }), record: imporBatch },
  // The masters' imports: the same routes under Kendaraan, Supplier and Karyawan.
  { name: 'kendaraan impor', path: '/admin/kendaraan/impor', valid: () => ({}), list: '/admin/kendaraan' },
  {
    name: 'kendaraan impor pratinjau',
    path: '/admin/kendaraan/impor/{id}',
    valid: () => ({ intent: 'simpan' }),
    record: imporBatchOf('kendaraan', () => ({ no_kabin: unique('BTK').replace(/\s/g, ''), jenis_kendaraan: 'Jenis Baterai' })),
  },
  { name: 'supplier impor', path: '/admin/supplier/impor', valid: () => ({}), list: '/admin/supplier' },
  {
    name: 'supplier impor pratinjau',
    path: '/admin/supplier/impor/{id}',
    valid: () => ({ intent: 'simpan' }),
    record: imporBatchOf('supplier', () => ({ nama_supp: null, telp: '0283' })),
  },
  { name: 'karyawan impor', path: '/admin/karyawan/impor', valid: () => ({}), list: '/admin/karyawan' },
  {
    name: 'karyawan impor pratinjau',
    path: '/admin/karyawan/impor/{id}',
    valid: () => ({ intent: 'simpan' }),
    record: imporBatchOf('karyawan', () => ({ nama_lengkap: null, telp: '0283' })),
  },
  // Km Kendaraan: a reading of the demo's vehicle 1 in 2020 at km 0 is below nothing (its readings are
  // of the last weeks), so the valid form saves without moving the vehicle's km.
  {
    name: 'km-kendaraan simpan',
    path: '/admin/km-kendaraan',
    valid: () => ({ tanggal: '2020-01-01', 'km-1': '0' }),
    textField: 'km-1',
    list: '/admin/km-kendaraan',
  },
  {
    name: 'km-kendaraan koreksi',
    path: '/admin/km-kendaraan/{id}/koreksi',
    valid: () => ({ tanggal: '2020-01-01', km: '0', alasan: 'Uji baterai' }),
    textField: 'alasan',
    record: kendaraan,
    list: '/admin/km-kendaraan',
  },
  {
    name: 'perpanjangan-stnk row menu',
    path: '/admin/perpanjangan-stnk',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/perpanjangan-stnk',
  },
  {
    name: 'perpanjangan-stnk posting-semua',
    path: '/admin/perpanjangan-stnk/posting-semua?tanggal_awal=2099-01-01&tanggal_akhir=2099-01-01',
    valid: () => ({ jumlah: '0' }),
    list: '/admin/perpanjangan-stnk',
  },
  {
    name: 'perpanjangan-stnk tambah',
    path: '/admin/perpanjangan-stnk/tambah',
    valid: perpanjanganForm,
    textField: 'keterangan',
    list: '/admin/perpanjangan-stnk',
  },
  {
    name: 'perpanjangan-stnk edit',
    path: '/admin/perpanjangan-stnk/{id}/edit',
    valid: perpanjanganForm,
    textField: 'keterangan',
    record: perpanjangan,
    list: '/admin/perpanjangan-stnk',
  },
  {
    name: 'perpanjangan-stnk hapus',
    path: '/admin/perpanjangan-stnk/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: perpanjangan,
    list: '/admin/perpanjangan-stnk',
  },
  // Perintah Kerja and its inquiry (extension 'perintah-kerja').
  {
    name: 'perintah-kerja row menu',
    path: '/admin/perintah-kerja',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/perintah-kerja',
  },
  {
    name: 'perintah-kerja posting-semua',
    path: '/admin/perintah-kerja/posting-semua?tanggal_awal=2099-01-01&tanggal_akhir=2099-01-01',
    valid: () => ({ jumlah: '0' }),
    list: '/admin/perintah-kerja',
  },
  {
    name: 'perintah-kerja tambah',
    path: '/admin/perintah-kerja/tambah',
    valid: perintahKerjaForm,
    textField: 'keterangan',
    list: '/admin/perintah-kerja',
  },
  {
    name: 'perintah-kerja edit',
    path: '/admin/perintah-kerja/{id}/edit',
    valid: perintahKerjaForm,
    textField: 'keterangan',
    record: perintahKerja,
    list: '/admin/perintah-kerja',
  },
  {
    name: 'perintah-kerja hapus',
    path: '/admin/perintah-kerja/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: perintahKerja,
    list: '/admin/perintah-kerja',
  },
  {
    name: 'inquery-perintah-kerja row menu',
    path: '/admin/inquery-perintah-kerja',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/inquery-perintah-kerja',
  },
  {
    name: 'klaim-ban row menu',
    path: '/admin/klaim-ban',
    valid: () => ({ intent: 'setujui', id: '99999999' }),
    list: '/admin/klaim-ban',
  },
  {
    name: 'klaim-ban tambah',
    path: '/admin/klaim-ban/tambah',
    valid: klaimForm,
    textField: 'keterangan',
    list: '/admin/klaim-ban',
  },
  {
    name: 'klaim-ban edit',
    path: '/admin/klaim-ban/{id}/edit',
    valid: klaimForm,
    textField: 'keterangan',
    record: klaim,
    list: '/admin/klaim-ban',
  },
  {
    name: 'klaim-ban hapus',
    path: '/admin/klaim-ban/{id}/hapus',
    valid: () => ({ intent: 'hapus' }),
    record: klaim,
    list: '/admin/klaim-ban',
  },
  {
    name: 'inquery-klaim-ban posting',
    path: '/admin/inquery-klaim-ban',
    valid: () => ({ intent: 'posting', id: '99999999' }),
    list: '/admin/inquery-klaim-ban',
  },
  {
    name: 'inquery-klaim-ban posting-semua',
    path: '/admin/inquery-klaim-ban/posting-semua?tanggal_awal=2099-01-01&tanggal_akhir=2099-01-01',
    valid: () => ({ jumlah: '0' }),
    list: '/admin/inquery-klaim-ban',
  },
  ...DOCUMENT_SCREENS.flatMap(documentRows),
]

/** Pages with list parameters but no form of their own (the report, its print page, the CSV downloads). */
export const EXTRA_LISTS = [
  '/admin/laporan-pembelian-ban',
  '/admin/laporan-pembelian-ban/cetak',
  '/admin/laporan-pembelian-ban/csv',
  '/admin/inquery-pembelian-ban/csv',
  '/admin/inquery-pemasangan-ban/csv',
  '/admin/laporan-biaya-ban',
  '/admin/laporan-biaya-ban/cetak',
  '/admin/laporan-biaya-ban/csv',
  '/admin/laporan-pemeriksaan-ban',
  '/admin/laporan-pemeriksaan-ban/cetak',
  '/admin/laporan-pemeriksaan-ban/csv',
  '/admin/jatuh-tempo',
  '/admin/jatuh-tempo/cetak',
  '/admin/jatuh-tempo/csv',
  '/admin/ban/csv',
]
