import { describe, expect, it } from 'vitest'
import { fakeUpstream } from './fake-upstream'
import { CHOICES_SHOWN, KENDARAAN_CHOICE, NO_KABIN_CHOICE, searchChoices } from '~/server/choices.server'

/**
 * The server part of a searchable choice: against a paging upstream it asks for the first matches
 * only (newest first) and adds the chosen vehicle when it is not among them; against one without
 * paging it reads the whole list as before.
 */

const vehicle = (id: number) => ({
  id,
  kode_kendaraan: `KD${String(id).padStart(6, '0')}`,
  no_kabin: `K-${id}`,
  no_pol: `B ${id} X`,
  no_rangka: `R-${id}`,
  no_mesin: `M-${id}`,
  km: 0,
  jenis_kendaraan: { id: 1, nama_jenis_kendaraan: 'Engkel', total_ban: 6 },
})
const ALL = Array.from({ length: 300 }, (_, i) => vehicle(i + 1))

let features: string[] = []

const fake = fakeUpstream(
  () => features,
  (url, _req, res) => {
    const one = /^\/api\/kendaraan\/(\d+)\/show$/.exec(url.pathname)
    if (one) return res.end(JSON.stringify({ data: vehicle(Number(one[1])) }))
    if (url.pathname !== '/api/kendaraan') return res.writeHead(404).end('{}')
    if (!url.searchParams.get('page')) return res.end(JSON.stringify(ALL))
    const q = (url.searchParams.get('q') ?? '').toLowerCase()
    const matches = ALL.filter((k) => k.no_kabin.toLowerCase().includes(q)).reverse()
    const per = Number(url.searchParams.get('per_page'))
    res.end(JSON.stringify({ data: matches.slice(0, per), meta: { total: matches.length, page: 1, per_page: per } }))
  },
)

const vehicleCalls = () => fake.asked.filter((u) => u.pathname.startsWith('/api/kendaraan'))
const URL_OF = '/admin/stnk/tambah/pilihan/no-kabin'

describe('searchChoices', () => {
  it('asks a paging upstream for the first matches of the search, newest first, and keeps the chosen vehicle', async () => {
    features = ['paged-lists']
    const got = await searchChoices(fake.up, NO_KABIN_CHOICE, { url: URL_OF, q: ' k-2 ', chosen: '7' })
    expect(got.error).toBeNull()
    expect(got.search).toEqual({ url: URL_OF, q: 'k-2', total: 111, empty: 'Tidak ada kendaraan yang cocok.' })
    // The chosen vehicle (not a match) first, labelled from its own record, then CHOICES_SHOWN matches.
    expect(got.options).toHaveLength(CHOICES_SHOWN + 1)
    expect(got.options[0]).toEqual({ value: '7', label: 'K-7 — B 7 X', data: { no_pol: 'B 7 X', no_rangka: 'R-7', no_mesin: 'M-7' } })
    expect(got.options[1]!.value).toBe('299')
    const [page, show] = vehicleCalls()
    expect(Object.fromEntries(page!.searchParams)).toEqual({
      page: '1',
      per_page: String(CHOICES_SHOWN),
      q: 'k-2',
      sort: 'id',
      dir: 'desc',
    })
    expect(show!.pathname).toBe('/api/kendaraan/7/show')
    expect(vehicleCalls()).toHaveLength(2)
  })

  it('asks nothing more when the chosen vehicle is among the matches, and says when none match', async () => {
    features = ['paged-lists']
    const got = await searchChoices(fake.up, KENDARAAN_CHOICE, { url: URL_OF, q: 'K-300', chosen: '300' })
    expect(got.options.map((o) => o.value)).toEqual(['300'])
    expect(got.options[0]!.label).toBe('KD000300 - K-300 - B 300 X - Engkel')
    expect(vehicleCalls()).toHaveLength(1)
    const none = await searchChoices(fake.up, KENDARAAN_CHOICE, { url: URL_OF, q: 'tidak ada' })
    expect(none.options).toEqual([])
    expect(none.search?.total).toBe(0)
  })

  it('reads the whole list from an upstream without paging (searched in the browser)', async () => {
    features = []
    const got = await searchChoices(fake.up, KENDARAAN_CHOICE, { url: URL_OF, q: 'K-2', chosen: '7' })
    expect(got.search).toBeNull()
    expect(got.options).toHaveLength(300)
    expect(vehicleCalls().map((u) => u.search)).toEqual([''])
  })
})
