import { redirect } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import { dashboardPanels, NOT_OFFERED, PANEL_FAILED, stockBySize, type PanelSources } from '~/lib/dashboard.server'
import { NO_GRANT, type Grants } from '~/lib/grants'
import type { Upstream } from '~/upstream/client.server'

const up = { token: 't' } as unknown as Upstream
const select = (...menus: string[]): Grants => Object.fromEntries(menus.map((m) => [m, { ...NO_GRANT, active: true }]))
const ALL = select('/admin/jatuh-tempo', '/admin/inquery-pembelian-ban', '/admin/inquery-pemasangan-ban', '/admin/ban')

function sources(over: Partial<PanelSources> = {}): PanelSources {
  return {
    jatuhTempo: async () => ({ total: 2, overdue: 1, rows: [] }),
    pembelian: async () => ({ count: 3, total: 4_500_000 }),
    pemasangan: async () => ({ count: 1, total: 250_000 }),
    stokBan: async () => ({ total: 5, sizes: [{ ukuran_id: 1, nama: '11.00-20', jumlah: 5 }] }),
    banTarget: async () => ({ total: 0, rows: [] }),
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
      sources: { jatuhTempo: fail, pembelian: fail, pemasangan: fail, stokBan: fail, banTarget: fail },
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
