import { redirect } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import {
  dashboardPanels,
  nearTargetFrom,
  NOT_OFFERED,
  PANEL_FAILED,
  PANEL_SOURCES,
  stockBySize,
  stockFromCounts,
  type PanelSources,
} from '~/server/dashboard.server'
import { NO_GRANT, type Grants } from '~/lib/grants'
import { banRingkasan, listBan, type BanRingkasan } from '~/upstream/ban.server'
import type { Upstream } from '~/upstream/client.server'
import { listInqueryPembelian, listInqueryPembelianPage } from '~/upstream/pembelian-ban.server'
import { listInqueryPemasangan, listInqueryPemasanganPage } from '~/upstream/pemasangan-ban.server'

const offered = vi.hoisted(() => ({ lifecycle: true }))
vi.mock('~/server/features.server', () => ({ hasFeature: async () => offered.lifecycle }))
vi.mock('~/upstream/ban.server', () => ({ banRingkasan: vi.fn(), listBan: vi.fn() }))
vi.mock('~/upstream/pembelian-ban.server', () => ({ listInqueryPembelian: vi.fn(), listInqueryPembelianPage: vi.fn() }))
vi.mock('~/upstream/pemasangan-ban.server', () => ({ listInqueryPemasangan: vi.fn(), listInqueryPemasanganPage: vi.fn() }))

const up = { token: 't' } as unknown as Upstream
const select = (...menus: string[]): Grants => Object.fromEntries(menus.map((m) => [m, { ...NO_GRANT, active: true }]))
const ALL = select(
  '/admin/jatuh-tempo',
  '/admin/inquery-pembelian-ban',
  '/admin/inquery-pemasangan-ban',
  '/admin/ban',
  '/admin/pemeriksaan-ban',
  '/admin/servis-jatuh-tempo',
  '/admin/stok-suku-cadang',
  '/admin/inquery-klaim-ban',
  '/admin/perpanjangan-stnk',
  '/admin/inquery-perintah-kerja',
  '/admin/inquery-pembelian-suku-cadang',
  '/admin/laporan-biaya-kendaraan',
)

function sources(over: Partial<PanelSources> = {}): PanelSources {
  return {
    jatuhTempo: async () => ({ total: 2, overdue: 1, rows: [] }),
    pembelian: async () => ({ count: 3, total: 4_500_000 }),
    pemasangan: async () => ({ count: 1, total: 250_000 }),
    stokBan: async () => ({ total: 5, sizes: [{ ukuran_id: 1, nama: '11.00-20', jumlah: 5 }] }),
    sukuCadangMinimum: async () => ({ total: 0, rows: [] }),
    banTarget: async () => ({ total: 0, rows: [] }),
    banAus: async () => ({ total: 0, minimum: 3, km: 5000, hari: 30, rows: [] }),
    belumDiperiksa: async () => ({ total: 0, hari: 30, rows: [] }),
    servisJatuhTempo: async () => ({ total: 0, lewat: 0, kendaraan: 0, kendaraanLewat: 0, rows: [] }),
    klaimUnpost: async () => ({ count: 2 }),
    perpanjanganUnpost: async () => ({ count: 0 }),
    perintahKerjaUnpost: async () => ({ count: 1 }),
    pembelianSukuCadangUnpost: async () => ({ count: 0 }),
    biayaBulanIni: async () => ({ total: 1_500_000, kendaraan: 2, tanggal_awal: '2026-11-01', tanggal_akhir: '2026-11-29' }),
    ...over,
  }
}

describe('dashboardPanels', () => {
  it('a panel whose upstream fails shows its own message; the others load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const panels = await dashboardPanels(up, ALL, {
      sources: sources({
        pembelian: async () => {
          throw new Error('boom')
        },
      }),
    })
    expect(panels.pembelian).toEqual({ shown: true, ok: false, message: PANEL_FAILED.pembelian })
    expect(panels.pemasangan).toEqual({ shown: true, ok: true, data: { count: 1, total: 250_000 } })
    expect(panels.jatuhTempo).toMatchObject({ shown: true, ok: true })
    expect(panels.stokBan).toMatchObject({ shown: true, ok: true })
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })

  it('every panel failing still gives a page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fail = async () => {
      throw new Error('down')
    }
    const panels = await dashboardPanels(up, ALL, {
      sources: {
        sukuCadangMinimum: fail,
        jatuhTempo: fail,
        pembelian: fail,
        pemasangan: fail,
        stokBan: fail,
        banTarget: fail,
        banAus: fail,
        belumDiperiksa: fail,
        servisJatuhTempo: fail,
        klaimUnpost: fail,
        perpanjanganUnpost: fail,
        perintahKerjaUnpost: fail,
        pembelianSukuCadangUnpost: fail,
        biayaBulanIni: fail,
      },
    })
    for (const p of Object.values(panels)) expect(p).toMatchObject({ shown: true, ok: false })
    vi.restoreAllMocks()
  })

  it('reads only the panels of the menus the user has (Select), and shows no other', async () => {
    const read = sources()
    const spies = Object.fromEntries(Object.entries(read).map(([k, f]) => [k, vi.fn(f)])) as unknown as PanelSources
    const panels = await dashboardPanels(up, select('/admin/inquery-pemasangan-ban'), { sources: spies })
    expect(panels.pemasangan).toMatchObject({ shown: true, ok: true })
    expect(panels.jatuhTempo).toEqual({ shown: false })
    expect(panels.pembelian).toEqual({ shown: false })
    expect(panels.stokBan).toEqual({ shown: false })
    expect(spies.jatuhTempo).not.toHaveBeenCalled()
    expect(spies.pembelian).not.toHaveBeenCalled()
    // A menu present but not active (Select off) is no grant.
    const off = await dashboardPanels(up, { '/admin/jatuh-tempo': { ...NO_GRANT } }, { sources: spies })
    expect(off.jatuhTempo).toEqual({ shown: false })
  })

  it('the worn-tyres panel is not shown when the upstream does not offer the tyre lifecycle; shown with Stok Ban otherwise', async () => {
    const offered = await dashboardPanels(up, select('/admin/ban'), { sources: sources() })
    expect(offered.banTarget).toEqual({ shown: true, ok: true, data: { total: 0, rows: [] } })
    const not = await dashboardPanels(up, select('/admin/ban'), { sources: sources({ banTarget: async () => NOT_OFFERED }) })
    expect(not.banTarget).toEqual({ shown: false })
    expect(not.stokBan).toMatchObject({ shown: true, ok: true })
    const noGrant = await dashboardPanels(up, select('/admin/jatuh-tempo'), { sources: sources() })
    expect(noGrant.banTarget).toEqual({ shown: false })
  })

  it('the parts below minimum panel is shown with Select on Stok Suku Cadang, not without it, and not when the upstream does not offer the parts store', async () => {
    const data = { total: 1, rows: [] }
    const shown = await dashboardPanels(up, select('/admin/stok-suku-cadang'), {
      sources: sources({ sukuCadangMinimum: async () => data }),
    })
    expect(shown.sukuCadangMinimum).toEqual({ shown: true, ok: true, data })
    expect(shown.servisJatuhTempo).toEqual({ shown: false })
    const noGrant = await dashboardPanels(up, select('/admin/suku-cadang'), { sources: sources() })
    expect(noGrant.sukuCadangMinimum).toEqual({ shown: false })
    const not = await dashboardPanels(up, select('/admin/stok-suku-cadang'), {
      sources: sources({ sukuCadangMinimum: async () => NOT_OFFERED }),
    })
    expect(not.sukuCadangMinimum).toEqual({ shown: false })
  })

  it('the inspection panels are shown with Select on Pemeriksaan Ban, not without it, and not when the upstream does not offer inspections', async () => {
    const shown = await dashboardPanels(up, select('/admin/pemeriksaan-ban'), { sources: sources() })
    expect(shown.banAus).toMatchObject({ shown: true, ok: true, data: { minimum: 3 } })
    expect(shown.belumDiperiksa).toMatchObject({ shown: true, ok: true, data: { hari: 30 } })
    expect(shown.banTarget).toEqual({ shown: false })
    const noGrant = await dashboardPanels(up, select('/admin/ban'), { sources: sources() })
    expect(noGrant.banAus).toEqual({ shown: false })
    expect(noGrant.belumDiperiksa).toEqual({ shown: false })
    const not = await dashboardPanels(up, select('/admin/pemeriksaan-ban'), {
      sources: sources({ banAus: async () => NOT_OFFERED, belumDiperiksa: async () => NOT_OFFERED }),
    })
    expect(not.banAus).toEqual({ shown: false })
    expect(not.belumDiperiksa).toEqual({ shown: false })
  })

  it('a session that ended (a thrown redirect) still ends the page', async () => {
    await expect(
      dashboardPanels(up, ALL, {
        sources: sources({
          stokBan: async () => {
            throw redirect('/login')
          },
        }),
      }),
    ).rejects.toBeInstanceOf(Response)
  })
})

describe('stockBySize', () => {
  it('groups tyres by size, most first', () => {
    const t = (ukuran_id: number | null, nama: string | null) => ({ ukuran_id, ukuran: nama ? { id: ukuran_id, nama } : null })
    expect(stockBySize([t(1, '11.00-20'), t(2, '7.50-16'), t(2, '7.50-16'), t(null, null)])).toEqual([
      { ukuran_id: 2, nama: '7.50-16', jumlah: 2 },
      { ukuran_id: 1, nama: '11.00-20', jumlah: 1 },
      { ukuran_id: null, nama: 'Tanpa ukuran', jumlah: 1 },
    ])
  })
})

const RINGKASAN: BanRingkasan = {
  stok_per_ukuran: [
    { ukuran_id: 1, nama: '11.00-20', jumlah: 2 },
    { ukuran_id: null, nama: null, jumlah: 3 },
    { ukuran_id: 7, nama: null, jumlah: 2 },
  ],
  mendekati_target: {
    jumlah: 12,
    ban: [
      {
        id: 5,
        kode_ban: 'BN000005',
        no_seri: 'S5',
        no_kabin: 'T-1',
        posisi_ban: '1A',
        km_tempuh_total: 66_000,
        target_km: 60_000,
        persen: 110,
      },
    ],
  },
}

describe('the tyre panels from GET /api/ban/ringkasan', () => {
  it('stock rows named and ordered as the list-based panel names them', () => {
    expect(stockFromCounts(RINGKASAN.stok_per_ukuran)).toEqual({
      total: 7,
      sizes: [
        { ukuran_id: null, nama: 'Tanpa ukuran', jumlah: 3 },
        { ukuran_id: 1, nama: '11.00-20', jumlah: 2 },
        { ukuran_id: 7, nama: 'Ukuran #7', jumlah: 2 },
      ],
    })
  })

  it('the worn tyres: the upstream count of them all, its rows in the panel shape', () => {
    expect(nearTargetFrom(RINGKASAN.mendekati_target)).toEqual({
      total: 12,
      rows: [{ id: 5, kode_ban: 'BN000005', no_seri: 'S5', no_kabin: 'T-1', posisi_ban: '1A', km: 66_000, target: 60_000, persen: 110 }],
    })
  })

  it('with the tyre lifecycle both panels come from one call and never read the tyre list', async () => {
    offered.lifecycle = true
    vi.mocked(banRingkasan).mockReset().mockResolvedValue(RINGKASAN)
    vi.mocked(listBan).mockReset()
    const request = { token: 'one request' } as unknown as Upstream
    const panels = await dashboardPanels(request, select('/admin/ban'), { sources: PANEL_SOURCES })
    expect(panels.stokBan).toMatchObject({ shown: true, ok: true, data: { total: 7 } })
    expect(panels.banTarget).toMatchObject({ shown: true, ok: true, data: { total: 12 } })
    expect(banRingkasan).toHaveBeenCalledOnce()
    expect(listBan).not.toHaveBeenCalled()
  })

  it('without it the stock panel counts the stock list and the worn-tyres panel is not shown', async () => {
    offered.lifecycle = false
    vi.mocked(banRingkasan).mockReset()
    vi.mocked(listBan)
      .mockReset()
      .mockResolvedValue([{ ukuran_id: 1, ukuran: { id: 1, nama: '11.00-20' } }] as Awaited<ReturnType<typeof listBan>>)
    const panels = await dashboardPanels({ token: 'old' } as unknown as Upstream, select('/admin/ban'), { sources: PANEL_SOURCES })
    expect(panels.stokBan).toEqual({ shown: true, ok: true, data: { total: 1, sizes: [{ ukuran_id: 1, nama: '11.00-20', jumlah: 1 }] } })
    expect(panels.banTarget).toEqual({ shown: false })
    expect(listBan).toHaveBeenCalledWith(expect.anything(), { status: 'stok' })
    expect(banRingkasan).not.toHaveBeenCalled()
    offered.lifecycle = true
  })

  it('the call failing fails both tyre panels with their own messages; the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    offered.lifecycle = true
    vi.mocked(banRingkasan).mockReset().mockRejectedValue(new Error('too big'))
    const panels = await dashboardPanels({ token: 'failing' } as unknown as Upstream, select('/admin/ban'), { sources: PANEL_SOURCES })
    expect(panels.stokBan).toEqual({ shown: true, ok: false, message: PANEL_FAILED.stokBan })
    expect(panels.banTarget).toEqual({ shown: true, ok: false, message: PANEL_FAILED.banTarget })
    expect(banRingkasan).toHaveBeenCalledOnce()
    vi.restoreAllMocks()
  })
})

describe('the backlog panels', () => {
  it('pemasangan waiting for posting: counted and summed upstream from a one-row page', async () => {
    offered.lifecycle = true
    vi.mocked(listInqueryPemasangan).mockReset()
    vi.mocked(listInqueryPemasanganPage).mockReset().mockResolvedValue({ rows: [], total: 977, posting: 0, grandTotal: 1_250_000_000 })
    const panels = await dashboardPanels(up, select('/admin/inquery-pemasangan-ban'), { sources: PANEL_SOURCES })
    expect(panels.pemasangan).toEqual({ shown: true, ok: true, data: { count: 977, total: 1_250_000_000 } })
    expect(listInqueryPemasanganPage).toHaveBeenCalledWith(up, expect.objectContaining({ page: 1, per_page: 1 }), { status: 'unpost' })
    expect(listInqueryPemasangan).not.toHaveBeenCalled()
  })

  it('counts and sums upstream: a one-row page of the unposted inquiry, never the whole list', async () => {
    offered.lifecycle = true
    vi.mocked(listInqueryPembelian).mockReset()
    vi.mocked(listInqueryPembelianPage).mockReset().mockResolvedValue({ rows: [], total: 4_812, posting: 0, grandTotal: 91_250_000_000 })
    const panels = await dashboardPanels(up, select('/admin/inquery-pembelian-ban'), { sources: PANEL_SOURCES })
    expect(panels.pembelian).toEqual({ shown: true, ok: true, data: { count: 4_812, total: 91_250_000_000 } })
    expect(listInqueryPembelianPage).toHaveBeenCalledWith(up, expect.objectContaining({ page: 1, per_page: 1 }), { status: 'unpost' })
    expect(listInqueryPembelian).not.toHaveBeenCalled()
  })

  it('without paged lists it sums the whole unposted list', async () => {
    offered.lifecycle = false
    vi.mocked(listInqueryPembelianPage).mockReset()
    vi.mocked(listInqueryPembelian)
      .mockReset()
      .mockResolvedValue([{ grand_total: 1_000 }, { grand_total: 2_500 }, { grand_total: null }] as Awaited<
        ReturnType<typeof listInqueryPembelian>
      >)
    const panels = await dashboardPanels(up, select('/admin/inquery-pembelian-ban'), { sources: PANEL_SOURCES })
    expect(panels.pembelian).toEqual({ shown: true, ok: true, data: { count: 3, total: 3_500 } })
    expect(listInqueryPembelian).toHaveBeenCalledWith(up, { status: 'unpost' })
    expect(listInqueryPembelianPage).not.toHaveBeenCalled()
    offered.lifecycle = true
  })
})
