import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Upstream } from '~/upstream/client.server'
import { SIMPLE_MASTERS, type SimpleMasterKey } from '~/lib/simple-master'
import * as api from '~/upstream/index.server'

/**
 * Every client function against a recording server on 127.0.0.1: the exact method, path, query and
 * body the spec gives, and the normalised answer.
 */
type Recorded = { method: string; url: string; contentType: string | null; body: Buffer }
let recorded: Recorded[] = []
let answer: { status: number; body: unknown } = { status: 200, body: {} }
let server: Server
let up: Upstream

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'] ?? null,
        body: Buffer.concat(chunks),
      })
      res.writeHead(answer.status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  up = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', timeoutMs: 3000 }
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  recorded = []
  answer = { status: 200, body: {} }
})

const last = () => recorded[recorded.length - 1]
const jsonBody = () => JSON.parse(last().body.toString('utf8'))
async function formBody(): Promise<[string, FormDataEntryValue][]> {
  const r = last()
  const req = new Request('http://x/', { method: 'POST', headers: { 'content-type': r.contentType ?? '' }, body: new Uint8Array(r.body) })
  return [...(await req.formData()).entries()]
}
const textEntries = (entries: [string, FormDataEntryValue][]) =>
  entries.map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`])

const saved = (data: unknown) => ({ message: 'Berhasil', data })

describe('master data', () => {
  const entities = [
    {
      name: 'Karyawan',
      base: '/api/karyawan',
      row: { id: 1, kode_karyawan: 'KY1', nama_lengkap: 'Budi' },
      fields: { nama_lengkap: 'Budi' },
    },
    {
      name: 'Supplier',
      base: '/api/supplier',
      row: { id: 1, kode_supplier: 'SP1', nama_supp: 'PT A', qrcode_Supplier: 'SP1' },
      fields: { nama_supp: 'PT A' },
    },
    { name: 'ukuran', base: '/api/ukuran', row: { id: 1, kode_ukuran_ban: 'UK1', nama: '11' }, fields: { nama: '11' } },
    { name: 'merek', base: '/api/merek', row: { id: 1, kode_merek: 'MB1', nama_merek: 'GT' }, fields: { nama_merek: 'GT' } },
    { name: 'golongan', base: '/api/golongan', row: { id: 1, kode_golongan: 'GL1', nama_golongan: 'I' }, fields: { nama_golongan: 'I' } },
    {
      name: 'JenisKendaraan',
      base: '/api/jenis_kendaraan',
      row: { id: 1, nama_jenis_kendaraan: 'Tronton' },
      fields: { nama_jenis_kendaraan: 'Tronton', total_ban: 10 },
    },
    { name: 'Kendaraan', base: '/api/kendaraan', row: { id: 1, no_kabin: 'K1' }, fields: { no_kabin: 'K1' } },
    { name: 'typban', base: '/api/typeban', row: { id: 1, kode_type: 'TB1', nama_type: 'Radial' }, fields: { nama_type: 'Radial' } },
    { name: 'Stnk', base: '/api/stnk', row: { id: 1, kode_stnk: 'ST1', nama_pemilik: 'PT M' }, fields: { nama_pemilik: 'PT M' } },
  ] as const
  type Fns = Record<string, (...args: unknown[]) => Promise<unknown>>
  const named = api as unknown as Fns
  /** A simple master's calls (lower-case name: its key) are simpleMasterApi(key)'s; the others are named list{Name} … */
  const callsOf = (name: string): Fns =>
    Object.hasOwn(SIMPLE_MASTERS, name)
      ? (() => {
          const r = api.simpleMasterApi(name as SimpleMasterKey) as unknown as Fns
          return { [`list${name}`]: r.list!, [`create${name}`]: r.create!, [`update${name}`]: r.update!, [`delete${name}`]: r.remove! }
        })()
      : named

  for (const e of entities) {
    it(`${e.name}: list, create, update, delete`, async () => {
      const fns = callsOf(e.name)
      answer = { status: 200, body: [e.row] }
      const list = (await fns[`list${e.name}`](up)) as { id: number }[]
      expect(last()).toMatchObject({ method: 'GET', url: e.base })
      expect(list[0].id).toBe(1)

      answer = { status: 201, body: saved(e.row) }
      const created = (await fns[`create${e.name}`](up, { ...e.fields, kosong: '', nol: null })) as api.Saved<{ id: number }>
      expect(last()).toMatchObject({ method: 'POST', url: `${e.base}/add` })
      expect(last().contentType).toMatch(/^multipart\/form-data; boundary=/)
      expect(Object.fromEntries(textEntries(await formBody()))).toEqual(
        Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, String(v)])),
      )
      expect(created).toMatchObject({ message: 'Berhasil', data: { id: 1 } })

      answer = { status: 200, body: saved(e.row) }
      await fns[`update${e.name}`](up, '1', { ...e.fields, kosong: '' })
      expect(last()).toMatchObject({ method: 'POST', url: `${e.base}/1/update` })
      expect(Object.fromEntries(textEntries(await formBody()))).toMatchObject({ kosong: '' })

      answer = { status: 200, body: { message: 'Dihapus' } }
      expect(await fns[`delete${e.name}`](up, 1)).toEqual({ message: 'Dihapus' })
      expect(last()).toMatchObject({ method: 'DELETE', url: `${e.base}/1` })
    })
  }

  it('a create passes a ready FormData through, files included', async () => {
    const form = new FormData()
    form.append('nama_lengkap', 'Sari')
    form.append('gambar', new File([new Uint8Array([1, 2, 3])], 'ktp.png', { type: 'image/png' }))
    answer = { status: 201, body: saved({ id: 2 }) }
    await api.createKaryawan(up, form)
    expect(textEntries(await formBody())).toEqual([
      ['nama_lengkap', 'Sari'],
      ['gambar', 'file:ktp.png'],
    ])
  })

  it('a file in plain fields is sent as a file; an empty one is left out', async () => {
    answer = { status: 201, body: saved({ id: 2 }) }
    await api.createKendaraan(up, {
      no_kabin: 'K2',
      gambar_stnk: new File([new Uint8Array([1])], 'stnk.jpg', { type: 'image/jpeg' }),
      gambar_barcodesolar: new File([], ''),
    })
    expect(textEntries(await formBody())).toEqual([
      ['no_kabin', 'K2'],
      ['gambar_stnk', 'file:stnk.jpg'],
    ])
  })

  it('getKendaraan: GET /api/kendaraan/{id}/show', async () => {
    answer = { status: 200, body: { data: { id: 4, no_kabin: 'K4', jenis_kendaraan: { nama_jenis_kendaraan: 'Tronton' } } } }
    const k = await api.getKendaraan(up, 4)
    expect(last()).toMatchObject({ method: 'GET', url: '/api/kendaraan/4/show' })
    expect(k.jenis_kendaraan?.nama_jenis_kendaraan).toBe('Tronton')
  })

  it('a bad id never reaches the upstream', async () => {
    await expect(api.deleteKaryawan(up, '1/../../user/1')).rejects.toBeInstanceOf(api.UpstreamHttpError)
    expect(recorded).toHaveLength(0)
  })
})

describe('users', () => {
  it('listUsers, createUser (JSON), createUserOld, updateUserOld, deleteUser', async () => {
    answer = { status: 200, body: [{ id: 1, kode_user: 'admin', karyawan: { nama_lengkap: 'A' } }] }
    expect((await api.listUsers(up))[0].karyawan?.nama_lengkap).toBe('A')
    expect(last()).toMatchObject({ method: 'GET', url: '/api/user' })

    answer = { status: 201, body: saved({ id: 2, kode_user: 'u2' }) }
    await api.createUser(up, { karyawan_id: '3', nama_user: 'U', kode_user: 'u2', telp: '', alamat: 'Jl' })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/user/add', contentType: 'application/json' })
    expect(jsonBody()).toEqual({ karyawan_id: 3, nama_user: 'U', kode_user: 'u2', telp: null, alamat: 'Jl' })

    await api.createUserOld(up, { kode_user: 'u3' })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/user' })
    expect(jsonBody()).toEqual({ kode_user: 'u3' })

    await api.updateUserOld(up, 3, { kode_user: 'u4' })
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/user/3' })
    expect(jsonBody()).toEqual({ kode_user: 'u4' })

    answer = { status: 200, body: { message: 'ok' } }
    await api.deleteUser(up, 3)
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/user/3' })
  })
})

describe('akses', () => {
  it('listAkses, getAksesEdit, updateAkses (JSON {menus, permissions})', async () => {
    answer = { status: 200, body: [{ id: 1, kode_user: 'admin', karyawan: null }] }
    expect(await api.listAkses(up)).toEqual([{ id: 1, kode_user: 'admin', karyawan: null }])
    expect(last()).toMatchObject({ method: 'GET', url: '/api/akses' })

    answer = {
      status: 200,
      body: { user: { id: 1, kode_user: 'admin' }, menufiturs: { Master: [{ id: 1, nama: 'Departemen' }] }, userMenu: [] },
    }
    const edit = await api.getAksesEdit(up, '1')
    expect(last()).toMatchObject({ method: 'GET', url: '/api/akses/1/edit' })
    const state = api.aksesStateFromEdit(edit)
    state[1] = { ...state[1], active: true, show: true }

    answer = { status: 200, body: { message: 'Akses berhasil diperbarui!' } }
    const out = await api.updateAkses(up, 1, api.buildAksesPayload(state))
    expect(out.message).toBe('Akses berhasil diperbarui!')
    expect(last()).toMatchObject({ method: 'POST', url: '/api/akses/1/update', contentType: 'application/json' })
    expect(jsonBody()).toEqual({
      menus: { '1': 1 },
      permissions: {
        '1': {
          can_create: 0,
          can_update: 0,
          can_delete: 0,
          can_show: 1,
          can_posting: 0,
          can_unpost: 0,
          can_posting_all: 0,
          can_unpost_all: 0,
          can_search: 0,
          can_print: 0,
        },
      },
    })
  })
})

describe('tyres and purchases', () => {
  const purchase = {
    id: 5,
    kode_pembelian_ban: 'PB5',
    supplier_id: 2,
    grand_total: '300',
    status: 'unpost',
    supplier: { nama_supp: 'PT A' },
  }

  it('listBan with and without status', async () => {
    answer = { status: 200, body: [{ id: 1, no_seri: 'S1', status: 'stok' }] }
    await api.listBan(up)
    expect(last().url).toBe('/api/ban')
    await api.listBan(up, { status: 'stok' })
    expect(last()).toMatchObject({ method: 'GET', url: '/api/ban?status=stok' })
  })

  it('purchase list, create and update with ban[i][…], delete', async () => {
    answer = { status: 200, body: [purchase] }
    expect((await api.listPembelian(up))[0]).toMatchObject({ id: 5, grand_total: 300, supplier: { nama_supp: 'PT A' } })
    expect(last()).toMatchObject({ method: 'GET', url: '/api/pembelian-ban' })

    answer = { status: 201, body: saved(purchase) }
    const input = {
      supplier_id: 2,
      alamat: 'Jl. A',
      ban: [
        { no_seri: 'S1', ukuran_id: 1, kondisi_ban: 'BARU', merek_id: 2, typeban_id: 3, harga: '100' },
        { no_seri: 'S2', ukuran_id: '1', kondisi_ban: 'BEKAS', merek_id: null, typeban_id: 3, harga: 200 },
      ],
    }
    await api.createPembelian(up, input)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/pembelian-ban/add' })
    expect(textEntries(await formBody())).toEqual([
      ['supplier_id', '2'],
      ['alamat', 'Jl. A'],
      ['grand_total', '300'],
      ['ban[0][no_seri]', 'S1'],
      ['ban[0][ukuran_id]', '1'],
      ['ban[0][kondisi_ban]', 'BARU'],
      ['ban[0][merek_id]', '2'],
      ['ban[0][typeban_id]', '3'],
      ['ban[0][harga]', '100'],
      ['ban[1][no_seri]', 'S2'],
      ['ban[1][ukuran_id]', '1'],
      ['ban[1][kondisi_ban]', 'BEKAS'],
      ['ban[1][typeban_id]', '3'],
      ['ban[1][harga]', '200'],
    ])

    answer = { status: 200, body: saved(purchase) }
    await api.updatePembelian(up, 5, { ...input, grand_total: 999 })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/pembelian-ban/5/update' })
    expect(Object.fromEntries(textEntries(await formBody()))).toMatchObject({ grand_total: '999', 'ban[1][no_seri]': 'S2' })

    answer = { status: 200, body: { message: 'Dihapus' } }
    await api.deletePembelian(up, 5)
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/pembelian-ban/5' })
  })

  it('getDetailPembelian → {data, detail}', async () => {
    answer = { status: 200, body: { data: purchase, detail: [{ id: 1, kode_ban: 'B1', no_seri: 'S1', harga: '100' }] } }
    const d = await api.getDetailPembelian(up, 5)
    expect(last()).toMatchObject({ method: 'GET', url: '/api/detail-pembelian/5' })
    expect(d.data.id).toBe(5)
    expect(d.detail[0].harga).toBe(100)
  })

  it('posting/unpost: POST /api/inquery-pembelian/{id}/posting|unpost, JSON', async () => {
    answer = { status: 200, body: saved({ ...purchase, status: 'posting' }) }
    expect((await api.postingPembelian(up, 5)).data?.status).toBe('posting')
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pembelian/5/posting', contentType: 'application/json' })
    await api.unpostPembelian(up, 5)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pembelian/5/unpost' })
  })

  it('listInqueryPembelian and listLaporanPembelian read data.data with the date filter', async () => {
    answer = { status: 200, body: { data: { data: [purchase] } } }
    const rows = await api.listInqueryPembelian(up, { tanggal_awal: '2024-01-01', tanggal_akhir: '2024-01-31', status: 'unpost' })
    expect(rows).toHaveLength(1)
    expect(last()).toMatchObject({
      method: 'GET',
      url: '/api/inquery-pembelian-ban?tanggal_awal=2024-01-01&tanggal_akhir=2024-01-31&status=unpost',
    })
    await api.listInqueryPembelian(up)
    expect(last().url).toBe('/api/inquery-pembelian-ban')

    answer = { status: 200, body: { data: { data: [{ ...purchase, supplier: 'PT Plain' }] } } }
    const report = await api.listLaporanPembelian(up, { tanggal_awal: '2024-01-01', tanggal_akhir: '2024-01-31', status: '' })
    expect(report[0].supplier?.nama_supp).toBe('PT Plain')
    expect(last()).toMatchObject({ method: 'GET', url: '/api/laporan-pembelian-ban?tanggal_awal=2024-01-01&tanggal_akhir=2024-01-31' })
  })
})

describe('pemasangan', () => {
  const pemasangan = {
    id: 7,
    kode_pemasangan: 'PM7',
    kendaraan_id: 3,
    status: 'unpost',
    kendaraan: { id: 3, no_kabin: 'K3', jenis_kendaraan: { nama_jenis_kendaraan: 'Tronton' } },
  }
  const detail = { id: 9, kendaraan_id: 3, posisi_ban: '1A', km_pemasangan: 100, target_presentase: 70000, ban: { no_seri: 'S1' } }

  it('list, delete, staged details, stage, unstage, register, invoice', async () => {
    answer = { status: 200, body: [pemasangan] }
    expect((await api.listPemasangan(up))[0].kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan).toBe('Tronton')
    expect(last()).toMatchObject({ method: 'GET', url: '/api/pemasangan-ban' })

    answer = { status: 200, body: { message: 'ok' } }
    await api.deletePemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/pemasangan-ban/7' })

    answer = { status: 200, body: { data: [detail] } }
    expect(await api.listDetailBanKendaraan(up, 3)).toHaveLength(1)
    expect(last()).toMatchObject({ method: 'GET', url: '/api/pemasangan-ban/detail-list-ban/3' })

    answer = { status: 201, body: saved(detail) }
    await api.addDetailBan(up, { kendaraan_id: '3', km_pemasangan: '100', posisi_ban: '1A', no_seri: 'S1' })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/pemasangan-ban/detail-ban', contentType: 'application/json' })
    expect(jsonBody()).toEqual({ kendaraan_id: 3, km_pemasangan: 100, posisi_ban: '1A', no_seri: 'S1', target_presentase: 70000 })

    answer = { status: 200, body: { message: 'ok' } }
    await api.deleteDetailBan(up, 9)
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/pemasangan-ban/delete-detail-ban/9' })

    answer = { status: 201, body: saved(pemasangan) }
    expect((await api.addPemasangan(up, 3)).data?.kode_pemasangan).toBe('PM7')
    expect(last()).toMatchObject({ method: 'POST', url: '/api/pemasangan-ban/add-pemasangan/3' })
    expect(last().body.length).toBe(0)

    answer = { status: 200, body: { data: pemasangan, detail: [detail] } }
    const inv = await api.getDetailPemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'GET', url: '/api/detail-pemasangan/7' })
    expect(inv.detail[0].posisi_ban).toBe('1A')
  })

  it('posting/unpost with both spellings', async () => {
    answer = { status: 200, body: saved({ ...pemasangan, status: 'posting' }) }
    await api.postingPemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan-ban/7/posting' })
    await api.unpostPemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan-ban/7/unpost' })
    await api.postingInqueryPemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan/7/posting' })
    await api.unpostInqueryPemasangan(up, 7)
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan/7/unpost' })
  })

  it('inquiry list, details, add detail, update', async () => {
    answer = { status: 200, body: { data: { data: [pemasangan] } } }
    expect(
      await api.listInqueryPemasangan(up, { tanggal_awal: '2024-01-01', tanggal_akhir: '2024-02-01', status: 'posting' }),
    ).toHaveLength(1)
    expect(last().url).toBe('/api/inquery-pemasangan-ban?tanggal_awal=2024-01-01&tanggal_akhir=2024-02-01&status=posting')

    answer = { status: 200, body: { data: [detail] } }
    expect(await api.listInqueryDetailBan(up, 7)).toHaveLength(1)
    expect(last()).toMatchObject({ method: 'GET', url: '/api/inquery-pemasangan-ban/detail-list-ban/7' })

    answer = { status: 201, body: saved(detail) }
    await api.addInqueryDetailBan(up, {
      pemasangan_ban_id: 7,
      kendaraan_id: 3,
      km_pemasangan: 150,
      posisi_ban: '2A',
      no_seri: 'S2',
      target_presentase: '80000',
    })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan-ban/detail-ban' })
    expect(jsonBody()).toEqual({
      kendaraan_id: 3,
      km_pemasangan: 150,
      posisi_ban: '2A',
      no_seri: 'S2',
      target_presentase: 80000,
      pemasangan_ban_id: 7,
    })

    answer = { status: 200, body: saved(pemasangan) }
    await api.updateInqueryPemasangan(up, 7, { kendaraan_id: '4' })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/inquery-pemasangan-ban/7/update' })
    expect(jsonBody()).toEqual({ kendaraan_id: 4 })
  })
})
