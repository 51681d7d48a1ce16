import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { nilaiKlaim } from '../../api/routes/transaksi/klaim.ts'
import { buyTyres, insertMasters, makeFitting, serial, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Tyre claims (the extension 'klaim-ban'; docs/upstream-contract.md "Extensions: tyre claims"): a
 * claim raised from an early removal (Pecah or Klaim Garansi, below the target km), its amount,
 * approval, posting and the rules that guard it.
 */

type Fixture = { api: Api; m: Masters; v: number; lines: Record<'pecah' | 'garansi' | 'habis' | 'jauh', number>; s: Record<string, string> }

const karyawanId = async (api: Api) => {
  const row = await api.db.q.selectFrom('karyawan').select('id').orderBy('id').limit(1).executeTakeFirst()
  if (row) return row.id
  const made = await api.db.q
    .insertInto('karyawan')
    .values({ kode_karyawan: `KYU-${serial('K')}`.slice(0, 30), nama_lengkap: 'Sopir Uji' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return made.id
}

/**
 * Four tyres (Rp 2.000.000 each) fitted at km 100.000 with a 70.000 km target, removed in one
 * registered removal: 1A Pecah at 114.000 (14.000 km run), 1B Klaim Garansi at 135.000 (35.000), 2A
 * Habis at 114.000, 2B Pecah at 170.000 (70.000: the target reached).
 */
async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  const m = await insertMasters(api.db)
  await api.login()
  const s = { a: serial('KA'), b: serial('KB'), c: serial('KC'), d: serial('KD') }
  await buyTyres(api, m, [s.a, s.b, s.c, s.d], { tanggal_awal: '2024-01-02', harga: 2_000_000 })
  const v = m.kendaraan[6]
  await makeFitting(api, v, [
    { no_seri: s.a, posisi_ban: '1A' },
    { no_seri: s.b, posisi_ban: '1B' },
    { no_seri: s.c, posisi_ban: '2A' },
    { no_seri: s.d, posisi_ban: '2B' },
  ])
  const remove = async (posisi_ban: string, km_pelepasan: number, alasan: string) => {
    const res = await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban, km_pelepasan, alasan, tujuan: 'afkir' },
    })
    if (res.status !== 201) throw new Error(`remove: ${res.status} ${JSON.stringify(res.json)}`)
    return res.json.data.id as number
  }
  const lines = {
    pecah: await remove('1A', 114_000, 'Pecah'),
    garansi: await remove('1B', 135_000, 'Klaim Garansi'),
    habis: await remove('2A', 114_000, 'Habis'),
    jauh: await remove('2B', 170_000, 'Pecah'),
  }
  const doc = await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })
  if (doc.status !== 201) throw new Error(`add-pelepasan: ${doc.status}`)
  return { api, m, v, lines, s }
}

const raise = (api: Api, body: Record<string, unknown>, token?: string) =>
  api.post('/api/klaim-ban', { json: { tanggal_awal: '2024-03-12', jenis: 'Garansi Supplier', ...body }, token })

describe('tyre claims (Klaim Ban)', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('raises a claim from an early removal with the amount price × (1 − km run / target km), against the supplier by default', async () => {
    const { api, lines, m, s } = f
    const shown = await api.get(`/api/klaim-ban/pelepasan/${lines.pecah}`)
    expect(shown.status).toBe(200)
    expect(shown.json.data).toMatchObject({
      harga: 2_000_000,
      target_km: 70_000,
      km_tempuh: 14_000,
      nilai_hitung: 1_600_000,
      alasan: 'Pecah',
      tidak_dapat_diklaim: null,
      ban: { no_seri: s.a },
      supplier: { id: m.supplierId },
    })
    // Offered as eligible; the Habis line and the one at its target are not.
    const offered = async () => ((await api.get('/api/klaim-ban/pelepasan?limit=100')).json.data as Json[]).map((l) => l.id as number)
    expect(await offered()).toEqual(expect.arrayContaining([lines.pecah, lines.garansi]))
    expect(await offered()).not.toContain(lines.habis)
    expect(await offered()).not.toContain(lines.jauh)
    expect((await api.get(`/api/klaim-ban/pelepasan?q=${s.a}`)).json.data.map((l: Json) => l.id)).toEqual([lines.pecah])

    const res = await raise(api, { detail_pelepasan_ban_id: lines.pecah, keterangan: 'Pecah samping' })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({
      kode_klaim: expect.stringMatching(/^KL\d{6}$/),
      tanggal_awal: '2024-03-12',
      jenis: 'Garansi Supplier',
      supplier: { id: m.supplierId, nama_supp: 'PT Uji Ban Satu' },
      karyawan: null,
      harga: 2_000_000,
      target_km: 70_000,
      km_tempuh: 14_000,
      nilai_hitung: 1_600_000,
      nilai_klaim: 1_600_000,
      alasan_ubah_nilai: null,
      status_klaim: 'Diajukan',
      status: 'unpost',
      ban: { no_seri: s.a },
      pelepasan: { alasan: 'Pecah', km_pelepasan: 114_000, kode_pelepasan: expect.stringMatching(/^PL\d{6}$/) },
    })
    // Against an employee: the driver responsible.
    const kid = await karyawanId(api)
    const driver = await raise(api, { detail_pelepasan_ban_id: lines.garansi, jenis: 'Karyawan', karyawan_id: kid })
    expect(driver.status).toBe(201)
    expect(driver.json.data).toMatchObject({ jenis: 'Karyawan', karyawan: { id: kid }, supplier: null, nilai_klaim: 1_000_000 })
    expect(await offered()).not.toContain(lines.pecah)
    expect(await offered()).not.toContain(lines.garansi)

    const page = (
      await api.get('/api/klaim-ban?page=1&per_page=1&sort=kode_klaim&dir=desc&tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31')
    ).json
    expect(page.meta).toMatchObject({ total: 2, posting: 0, grand_total: 2_600_000 })
    expect(page.data).toHaveLength(1)
    expect(page.data[0].kode_klaim).toBe(driver.json.data.kode_klaim)
    expect((await api.get(`/api/klaim-ban?page=1&q=${s.a}`)).json.meta.total).toBe(1)
    expect((await api.get('/api/klaim-ban?page=1&tanggal_awal=2024-04-01&tanggal_akhir=2024-04-30')).json.meta.total).toBe(0)
    const march = 'tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31'
    expect((await api.get(`/api/klaim-ban?page=1&${march}&status_klaim=Ditolak`)).json.meta.total).toBe(0)
    expect((await api.get(`/api/klaim-ban?page=1&${march}&status_klaim=diajukan`)).json.meta.total).toBe(2)
  })

  it('refuses a line with another reason, a km run at or past the target, a second claim, and a party missing', async () => {
    const { api, lines } = f
    const errors = async (body: Record<string, unknown>) => {
      const res = await raise(api, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      return res.json.errors as Record<string, string[]>
    }
    expect(await errors({ detail_pelepasan_ban_id: lines.habis })).toEqual({
      detail_pelepasan_ban_id: ['Hanya pelepasan dengan alasan Pecah atau Klaim Garansi yang dapat diklaim (alasan: Habis).'],
    })
    expect(await errors({ detail_pelepasan_ban_id: lines.jauh })).toEqual({
      detail_pelepasan_ban_id: ['Km tempuh ban sudah mencapai target km; tidak ada nilai yang dapat diklaim.'],
    })
    expect(await errors({ jenis: '' })).toEqual({
      detail_pelepasan_ban_id: ['Pelepasan ban yang diklaim harus dipilih.'],
      jenis: ['Pihak yang diklaim harus dipilih (Garansi Supplier atau Karyawan).'],
    })
    expect(await errors({ detail_pelepasan_ban_id: lines.pecah, jenis: 'Karyawan' })).toEqual({
      karyawan_id: ['Karyawan yang bertanggung jawab harus dipilih.'],
    })
    expect((await raise(api, { detail_pelepasan_ban_id: lines.pecah })).status).toBe(201)
    expect((await errors({ detail_pelepasan_ban_id: lines.pecah })).detail_pelepasan_ban_id[0]).toMatch(
      /^Pelepasan ini sudah diklaim \(KL\d{6}\)\.$/,
    )
    const n = await api.db.q
      .selectFrom('klaim_ban')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('detail_pelepasan_ban_id', '=', lines.pecah)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(1)
  })

  it('the amount is never negative; another amount needs a reason, which is stored and shown', async () => {
    const { api, lines } = f
    expect(nilaiKlaim(2_000_000, 70_000, 70_000)).toBe(0)
    expect(nilaiKlaim(2_000_000, 90_000, 70_000)).toBe(0)
    expect(nilaiKlaim(1_000_001, 1, 3)).toBe(666_667)
    const negative = await raise(api, { detail_pelepasan_ban_id: lines.pecah, nilai_klaim: -5, alasan_ubah_nilai: 'x' })
    expect(negative.status).toBe(422)
    expect(negative.json.errors).toEqual({ nilai_klaim: ['Nilai klaim tidak boleh negatif.'] })
    const noReason = await raise(api, { detail_pelepasan_ban_id: lines.pecah, nilai_klaim: 1_200_000 })
    expect(noReason.json.errors).toEqual({ alasan_ubah_nilai: ['Alasan perubahan nilai klaim harus diisi.'] })
    const id = (await raise(api, { detail_pelepasan_ban_id: lines.pecah })).json.data.id as number

    const changed = await api.post(`/api/klaim-ban/${id}/update`, {
      json: { jenis: 'Garansi Supplier', nilai_klaim: '1.200.000', alasan_ubah_nilai: 'Kesepakatan dengan supplier' },
    })
    expect(changed.status).toBe(200)
    expect(changed.json.data).toMatchObject({
      nilai_hitung: 1_600_000,
      nilai_klaim: 1_200_000,
      alasan_ubah_nilai: 'Kesepakatan dengan supplier',
    })
    const negativeEdit = await api.post(`/api/klaim-ban/${id}/update`, { json: { jenis: 'Garansi Supplier', nilai_klaim: '-1' } })
    expect(negativeEdit.status).toBe(422)
    // Back to the computed amount: the reason goes with it.
    const back = await api.post(`/api/klaim-ban/${id}/update`, { json: { jenis: 'Garansi Supplier', nilai_klaim: 1_600_000 } })
    expect(back.json.data).toMatchObject({ nilai_klaim: 1_600_000, alasan_ubah_nilai: null })
    const history = (await api.get(`/api/riwayat-dokumen/klaim_ban/${id}`)).json.data as Json[]
    expect(history.map((h) => h.aksi)).toEqual(['dibuat', 'diubah', 'diubah'])
    expect(history[1].detail).toEqual({ nilai_klaim: 1_200_000, sebelumnya: 1_600_000, alasan: 'Kesepakatan dengan supplier' })
  })

  it('Diajukan → Disetujui, posted with the audit trail; a posted claim cannot change (422) until unposted', async () => {
    const { api, lines } = f
    const id = (await raise(api, { detail_pelepasan_ban_id: lines.pecah })).json.data.id as number
    const approved = await api.post(`/api/klaim-ban/${id}/setujui`)
    expect(approved.status).toBe(200)
    expect(approved.json.data.status_klaim).toBe('Disetujui')
    expect((await api.post(`/api/klaim-ban/${id}/tolak`)).status).toBe(409)
    expect((await api.post(`/api/klaim-ban/${id}/posting`)).status).toBe(200)
    expect((await api.post(`/api/klaim-ban/${id}/posting`)).status).toBe(409)

    const edit = await api.post(`/api/klaim-ban/${id}/update`, { json: { jenis: 'Garansi Supplier', keterangan: 'ubah' } })
    expect(edit.status).toBe(422)
    expect(edit.json.errors).toEqual({ status: ['Klaim ban sudah diposting dan tidak dapat diubah.'] })
    expect((await api.del(`/api/klaim-ban/${id}`)).status).toBe(422)
    expect((await api.get(`/api/klaim-ban/${id}`)).json.data).toMatchObject({
      status: 'posting',
      status_klaim: 'Disetujui',
      keterangan: null,
    })

    expect((await api.post(`/api/klaim-ban/${id}/unpost`)).status).toBe(200)
    const history = (await api.get(`/api/riwayat-dokumen/klaim_ban/${id}`)).json.data as Json[]
    expect(history.map((h) => h.aksi)).toEqual(['dibuat', 'diubah', 'posting', 'unpost'])
    expect(history[1].detail).toEqual({ status_klaim: 'Disetujui' })
    expect(history[2].user).toMatchObject({ kode_user: 'admin' })

    const other = (await raise(api, { detail_pelepasan_ban_id: lines.garansi })).json.data.id as number
    expect((await api.post(`/api/klaim-ban/${other}/tolak`)).json.data.status_klaim).toBe('Ditolak')
    expect((await api.del(`/api/klaim-ban/${other}`)).status).toBe(200)
    expect((await api.get(`/api/klaim-ban/${other}`)).status).toBe(404)
  })

  it('the cost-per-km report shows the cost net of approved claims beside the gross cost', async () => {
    const { api, lines, m } = f
    const approved = (await raise(api, { detail_pelepasan_ban_id: lines.pecah })).json.data.id as number
    await api.post(`/api/klaim-ban/${approved}/setujui`)
    // Raised but not approved: not deducted.
    await raise(api, { detail_pelepasan_ban_id: lines.garansi })
    for (const tanpa of ['', '&tanpa_ban=1']) {
      const report = (await api.get(`/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31&group=merek${tanpa}`)).json
        .data
      const row = (report.rows as Json[]).find((g) => g.key === String(m.merekId))
      expect(row, tanpa).toMatchObject({
        jumlah_ban: 4,
        km_tempuh: 133_000,
        total_biaya: 8_000_000,
        biaya_per_km: 60,
        klaim_disetujui: 1_600_000,
        biaya_bersih: 6_400_000,
        biaya_bersih_per_km: 48,
      })
      expect(report.total, tanpa).toMatchObject({ klaim_disetujui: 1_600_000, biaya_bersih: 6_400_000 })
      if (!tanpa) {
        const tyre = (row!.ban as Json[]).find((t) => t.no_seri === f.s.a)
        expect(tyre).toMatchObject({ total_biaya: 2_000_000, klaim_disetujui: 1_600_000, biaya_bersih: 400_000 })
      }
    }
  })

  it('a claimed removal line cannot be undone until its claim is deleted', async () => {
    const { api, lines } = f
    const id = (await raise(api, { detail_pelepasan_ban_id: lines.pecah })).json.data.id as number
    const undo = await api.del(`/api/pelepasan-ban/delete-detail-ban/${lines.pecah}`)
    expect(undo.status).toBe(409)
    expect(undo.json.message).toMatch(/^Pelepasan ini sudah diklaim \(KL\d{6}\); hapus klaimnya dahulu\.$/)
    expect((await api.del(`/api/klaim-ban/${id}`)).status).toBe(200)
  })
})

describe('tyre claims: grants and the extension switch', () => {
  it('403 without the grant; Create raises but neither approves, changes the amount nor posts', async () => {
    const f = await fixture()
    const NEW = Object.keys(API_GRANTS).filter((k) => k.includes('klaim'))
    expect(NEW.length).toBe(12)
    const tanpa = await userWithGrants(f.api, 'tanpaklaim')
    for (const key of NEW) {
      const [method, pattern] = key.split(' ')
      const res = await f.api.request(method, pattern.replace(/:id/g, String(f.lines.pecah)), {
        token: tanpa.token,
        json: method === 'POST' ? {} : undefined,
      })
      expect(res.status, key).toBe(403)
      expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
    }
    const clerk = await userWithGrants(f.api, 'juruklaim', { '/admin/klaim-ban': ['create'] })
    const otherAmount = await raise(f.api, { detail_pelepasan_ban_id: f.lines.pecah, nilai_klaim: 1, alasan_ubah_nilai: 'x' }, clerk.token)
    expect(otherAmount.status).toBe(403)
    expect(otherAmount.json).toEqual({ message: NO_PERMISSION })
    const res = await raise(f.api, { detail_pelepasan_ban_id: f.lines.pecah }, clerk.token)
    expect(res.status).toBe(201)
    for (const action of ['setujui', 'posting']) {
      expect((await f.api.post(`/api/klaim-ban/${res.json.data.id}/${action}`, { token: clerk.token })).status, action).toBe(403)
    }
    expect((await f.api.get(`/api/klaim-ban/${res.json.data.id}`)).json.data.status_klaim).toBe('Diajukan')
  })

  it('GET /api/fitur lists klaim-ban; the demo seed has a claim Diajukan, one Disetujui and posted, one Ditolak', async () => {
    const api = await makeApi()
    await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('klaim-ban')
    const docs = (await api.get('/api/klaim-ban')).json as Json[]
    expect(docs.map((d) => [d.status_klaim, d.status])).toEqual([
      ['Disetujui', 'posting'],
      ['Ditolak', 'unpost'],
      ['Diajukan', 'unpost'],
    ])
    for (const d of docs) expect(d.nilai_klaim).toBe(nilaiKlaim(d.harga, d.km_tempuh, d.target_km))

    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'klaim-ban')),
    })
    const token = await api.login()
    const ask = (path: string) => off.request(path, { headers: { Authorization: `Bearer ${token}` } })
    expect(((await (await ask('/api/fitur')).json()) as Json).data).not.toContain('klaim-ban')
    expect((await ask('/api/klaim-ban')).status).toBe(404)
  })
})
