/**
 * Tyres through the reference api, for the end-to-end tests (tests/e2e/ban-support.ts) and the
 * request-level tests (tests/app) alike: a purchase, a vehicle of a type of its own, a fitting, a
 * removal document and a retread receipt — each with known numbers, so a test can check the figures
 * the app shows. Each runner passes its own api client; a refused call throws with the api's answer.
 */

type Answer = { status: number; json: any } // eslint-disable-line @typescript-eslint/no-explicit-any
/** The reference api as the admin (tests/e2e/fixtures.ts and tests/app/upstream.ts each have one). */
export type Upstream = () => Promise<{ get: (p: string) => Promise<Answer>; post: (p: string, j?: unknown) => Promise<Answer> }>

export type Tyre = { id: number; no_seri: string; kode_ban: string; pembelianId: number; kodePembelian: string }
export type Vehicle = { id: number; no_kabin: string; km: number }
export type StokTyre = {
  id: number
  no_seri: string
  kode_ban: string
  status: string
  kondisi_ban: string
  jumlah_vulkanisir: number
  lokasi: { no_kabin: string; posisi_ban: string } | null
}

/** An api answer's status, or an error with what was expected and the answer. */
function status(actual: number, expected: number, what = '') {
  if (actual !== expected) throw new Error(`the api answered ${actual}, not ${expected}${what ? `: ${what}` : ''}`)
}

export function banRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  async function firstSupplier(): Promise<{ id: number; nama_supp: string }> {
    return ((await (await upstream()).get('/api/supplier')).json as { id: number; nama_supp: string }[])[0]!
  }

  /** One purchase of tyres with the given serials and prices; the tyres with their ids. */
  async function buyTyres(lines: { no_seri: string; harga: number }[]): Promise<Tyre[]> {
    const api = await upstream()
    const supplier = await firstSupplier()
    const r = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplier.id,
      ban: lines.map((l) => ({ no_seri: l.no_seri, harga: l.harga, kondisi_ban: 'BARU' })),
    })
    status(r.status, 201)
    const p = r.json.data as { id: number; kode_pembelian_ban: string }
    const all = await allTyres()
    return lines.map((l) => {
      const t = all.find((b) => b.no_seri === l.no_seri)!
      return { id: t.id, no_seri: t.no_seri, kode_ban: t.kode_ban, pembelianId: p.id, kodePembelian: p.kode_pembelian_ban }
    })
  }

  const allTyres = async () => (await (await upstream()).get('/api/ban')).json as StokTyre[]
  const tyreOf = async (id: number) => (await allTyres()).find((b) => b.id === id)!

  /** A vehicle of a new 4-tyre type at `km`. */
  async function makeVehicle(km: number): Promise<Vehicle> {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis Stok'), total_ban: 4 })
    status(jenis.status, 201)
    const r = await api.post('/api/kendaraan/add', {
      no_kabin: serial('KS'),
      no_pol: 'B 19 SB',
      jenis_kendaraan_id: jenis.json.data.id,
      km,
    })
    status(r.status, 201)
    return r.json.data as Vehicle
  }

  /** Fits the tyres on positions 1A, 1B, 2A, 2B of the vehicle (in that order) at `km` and registers the fitting. */
  const POSITIONS = ['1A', '1B', '2A', '2B'] as const
  async function fit(v: Vehicle, tyres: Tyre[], km: number, target = 70000) {
    const api = await upstream()
    for (const [i, t] of tyres.entries()) {
      const r = await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: v.id,
        km_pemasangan: km,
        posisi_ban: POSITIONS[i],
        no_seri: t.no_seri,
        target_presentase: target,
      })
      status(r.status, 201, JSON.stringify(r.json))
    }
    const f = await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)
    status(f.status, 201)
    return f.json.data as { id: number; kode_pemasangan: string }
  }

  /** Takes the tyre of `posisi` off at `km` (to `tujuan`) and registers the removal document. */
  async function removeTyres(v: Vehicle, lines: { posisi: string; km: number; tujuan: 'stok' | 'vulkanisir' | 'afkir' }[]) {
    const api = await upstream()
    const alasan = { stok: 'Rotasi/Pindah', vulkanisir: 'Ke Vulkanisir', afkir: 'Afkir' } as const
    for (const l of lines) {
      const r = await api.post('/api/pelepasan-ban/detail-ban', {
        kendaraan_id: v.id,
        posisi_ban: l.posisi,
        km_pelepasan: l.km,
        alasan: alasan[l.tujuan],
        tujuan: l.tujuan,
      })
      status(r.status, 201, JSON.stringify(r.json))
    }
    const d = await api.post(`/api/pelepasan-ban/add-pelepasan/${v.id}`)
    status(d.status, 201, JSON.stringify(d.json))
    return d.json.data as { id: number; kode_pelepasan: string }
  }

  /**
   * Four tyres of one purchase (serials sharing a prefix, for the search), one in each state:
   * stok, terpasang (1B of the vehicle), vulkanisir and afkir.
   */
  async function tyresInEveryState() {
    const prefix = serial('SB')
    const [stok, terpasang, vulkanisir, afkir] = await buyTyres(
      ['S', 'T', 'V', 'A'].map((s) => ({ no_seri: `${prefix}${s}`, harga: 1_000_000 })),
    )
    const v = await makeVehicle(10_000)
    await fit(v, [vulkanisir!, terpasang!, afkir!], 10_000)
    await removeTyres(v, [
      { posisi: '1A', km: 15_000, tujuan: 'vulkanisir' },
      { posisi: '2A', km: 15_000, tujuan: 'afkir' },
    ])
    return { prefix, v, stok: stok!, terpasang: terpasang!, vulkanisir: vulkanisir!, afkir: afkir! }
  }

  return { serial, firstSupplier, buyTyres, allTyres, tyreOf, makeVehicle, POSITIONS, fit, removeTyres, tyresInEveryState }
}
