import { describe, expect, it } from 'vitest'
import { dashboardFigures, type FigurePanels } from '~/lib/dashboard-figures'

const hidden = { shown: false } as const
const ok = <T>(data: T) => ({ shown: true, ok: true, data }) as const
const failed = { shown: true, ok: false, message: 'x' } as const

const none: FigurePanels = {
  servisJatuhTempo: hidden,
  pembelian: hidden,
  pemasangan: hidden,
  klaimUnpost: hidden,
  perpanjanganUnpost: hidden,
  biayaBulanIni: hidden,
}

describe('the dashboard’s figures of the fleet', () => {
  it('shows a figure only with one of its panels shown', () => {
    expect(dashboardFigures(none)).toEqual([])
    expect(dashboardFigures({ ...none, pemasangan: ok({ count: 0 }) }).map((f) => f.key)).toEqual(['posting'])
  })

  it('services due: the vehicles to bring in (not the lines), the overdue ones in red; parts below minimum', () => {
    const [servis, parts] = dashboardFigures({
      ...none,
      servisJatuhTempo: ok({ total: 3100, lewat: 9, kendaraan: 1234, kendaraanLewat: 5 }),
      sukuCadangMinimum: ok({ total: 3 }),
    })
    expect(servis).toMatchObject({
      label: 'Kendaraan jatuh tempo servis',
      value: '1.234',
      caption: '5 kendaraan sudah lewat',
      alert: true,
      to: '/admin/servis-jatuh-tempo?dalam_hari=30&dalam_km=1000',
    })
    expect(parts).toMatchObject({ value: '3', caption: 'perlu dibeli', alert: true, to: '/admin/stok-suku-cadang?bawah_minimum=1' })
    const [calm] = dashboardFigures({ ...none, servisJatuhTempo: ok({ total: 2, lewat: 0, kendaraan: 1, kendaraanLewat: 0 }) })
    expect(calm).toMatchObject({ caption: 'dalam 30 hari atau 1.000 km', alert: false })
  })

  it('waiting for posting: the sum over the inquiries shown, linking to the one with the most; a failed one is said', () => {
    const [f] = dashboardFigures({
      ...none,
      pembelian: ok({ count: 2 }),
      pemasangan: ok({ count: 0 }),
      klaimUnpost: ok({ count: 7 }),
      perpanjanganUnpost: failed,
    })
    expect(f).toMatchObject({
      key: 'posting',
      value: '9',
      caption: 'Pembelian Ban 2 · Klaim Ban 7 — Sebagian tidak dapat dimuat.',
      to: '/admin/inquery-klaim-ban?status=unpost',
    })
    const [all] = dashboardFigures({ ...none, pembelian: failed })
    expect(all).toMatchObject({ value: '—', caption: 'Sebagian tidak dapat dimuat.', to: '/admin/inquery-pembelian-ban?status=unpost' })
  })

  it("this month's maintenance cost links to the report of the month so far", () => {
    const [f] = dashboardFigures({
      ...none,
      biayaBulanIni: ok({ total: 12_500_000, kendaraan: 4, tanggal_awal: '2026-11-01', tanggal_akhir: '2026-11-29' }),
    })
    expect(f).toMatchObject({
      value: 'Rp 12.500.000',
      caption: 'November 2026, 4 kendaraan',
      to: '/admin/laporan-biaya-kendaraan?tanggal_awal=2026-11-01&tanggal_akhir=2026-11-29',
    })
    expect(dashboardFigures({ ...none, biayaBulanIni: failed })[0]).toMatchObject({ value: '—', caption: 'Tidak dapat dimuat.' })
  })
})
