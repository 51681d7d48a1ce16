import { getBanStokPage, listBan, type Ban } from '~/upstream/ban.server'
import type { Upstream } from '~/upstream/client.server'
import { getKendaraan, listKendaraan, pageKendaraan, type Kendaraan } from '~/upstream/kendaraan.server'
import { getSumberKlaim, listSumberKlaim, type SumberKlaim } from '~/upstream/klaim-ban.server'
import { getSukuCadang, listSukuCadang, pageSukuCadang, type SukuCadang } from '~/upstream/suku-cadang.server'
import { formatNumber } from '~/lib/format'
import { nilaiKlaim } from '~/lib/klaim'
import type { PageRequest, UpstreamPage } from '~/upstream/paged.server'
import type { ChoiceOption, ChoiceSearch } from '~/ui/searchable-select'
import { vehicleNumbers } from '~/lib/forms/stnk'
import { lookupChoices } from './lookup.server'
import { offersPaging } from './paged-list.server'

/**
 * The choices over lists that grow with the fleet (vehicles, tyres in stock). Against an upstream
 * that pages lists (the extension 'paged-lists') a form renders only the chosen option and the first
 * CHOICES_SHOWN matches of its search, asked of the upstream; with JavaScript the choice searches as
 * the user types against the resource route `…/pilihan/{key}` under the form's own route (so the same
 * grants guard it: app/route-table.ts, app/routes/admin/pilihan.tsx); without JavaScript its search
 * box re-renders the form with the matches. Against an upstream without paging the whole list is
 * read as before (bounded by UPSTREAM_MAX_RESPONSE_MB) and filtered in the browser.
 */

/** How many matches a searchable choice renders. */
export const CHOICES_SHOWN = 20

export type ChoiceSource<T> = {
  /** The thing chosen, in messages: 'Pilihan {what} tidak dapat dimuat', 'Tidak ada {what} yang cocok.' */
  what: string
  /** The spec's call: the whole list. */
  whole: (up: Upstream) => Promise<readonly T[]>
  /** The paged call (the extension), newest first: a new record is among the first matches. */
  paged: (up: Upstream, req: PageRequest) => Promise<UpstreamPage<T>>
  /** The chosen record when it is not among the matches (for its label); null when it is gone. */
  one?: (up: Upstream, value: string) => Promise<T | null>
  toOption: (row: T) => ChoiceOption
}

export type Choices = { options: ChoiceOption[]; error: string | null; search: ChoiceSearch | null }

const firstPage = (q: string): PageRequest => ({ page: 1, per_page: CHOICES_SHOWN, q: q.trim().slice(0, 200), sort: 'id', dir: 'desc' })

/** The first matches of `q` (a paging upstream only): the resource route's answer. */
export async function choiceMatches<T>(up: Upstream, source: ChoiceSource<T>, q: string) {
  const page = await source.paged(up, firstPage(q))
  return { options: page.rows.map(source.toOption), total: page.total }
}

/**
 * A form's choice: with a paging upstream the chosen option (`chosen`, labelled by `current` or by
 * the source's `one`) and the first matches of `q`, searched again at `url` (choiceUrl); else the whole list (the search runs in the
 * browser). A failure leaves the form up: the chosen option only, and a message beside the choice.
 */
export async function searchChoices<T>(
  up: Upstream,
  source: ChoiceSource<T>,
  { url, q = '', chosen = '', current = null }: { url: string; q?: string; chosen?: string; current?: ChoiceOption | null },
): Promise<Choices> {
  if (!(await offersPaging(up))) {
    const whole = await lookupChoices(() => source.whole(up).then((rows) => [...rows]), source.toOption, source.what, current)
    return { ...whole, search: null }
  }
  const search = { url, q: q.trim(), total: 0, empty: `Tidak ada ${source.what} yang cocok.` }
  const loaded = await lookupChoices(
    async () => {
      const found = await choiceMatches(up, source, q)
      search.total = found.total
      return found.options
    },
    (o) => o,
    source.what,
    current,
  )
  const options = loaded.options
  if (chosen && !options.some((o) => o.value === chosen)) {
    const known = current?.value === chosen ? current : await chosenOption(up, source, chosen)
    if (known) options.unshift(known)
  }
  return { options, error: loaded.error, search }
}

/**
 * The choices of a field repeated on every line of a form (a work order's part): each line gets the
 * first matches of what was searched on it (`q`, its search box as sent without JavaScript), an
 * unsearched line the first matches of the whole list, and every line its chosen option. One upstream
 * call per distinct search text, and one per chosen option not among the matches. `base` is what a
 * line added in the browser starts with.
 */
export async function lineChoices<T>(
  up: Upstream,
  source: ChoiceSource<T>,
  { url, lines }: { url: string; lines: { chosen: string; q: string }[] },
): Promise<{ base: Choices; lines: Choices[] }> {
  const searched = new Map<string, Promise<Choices>>()
  const matchesOf = (q: string) => {
    const key = q.trim()
    let found = searched.get(key)
    if (!found) searched.set(key, (found = searchChoices(up, source, { url, q: key })))
    return found
  }
  const base = await matchesOf('')
  const perLine = await Promise.all(lines.map((l) => matchesOf(l.q)))
  const missing = [
    ...new Set(lines.filter((l, i) => l.chosen && !perLine[i]!.options.some((o) => o.value === l.chosen)).map((l) => l.chosen)),
  ]
  const labels = new Map(await Promise.all(missing.map(async (v) => [v, await chosenOption(up, source, v)] as const)))
  return {
    base,
    lines: lines.map((l, i) => {
      const c = perLine[i]!
      const known = labels.get(l.chosen)
      return known ? { ...c, options: [known, ...c.options] } : c
    }),
  }
}

async function chosenOption<T>(up: Upstream, source: ChoiceSource<T>, value: string): Promise<ChoiceOption | null> {
  if (!source.one) return { value, label: value }
  try {
    const row = await source.one(up, value)
    return row ? source.toOption(row) : null
  } catch (error) {
    if (error instanceof Response) throw error
    return { value, label: value }
  }
}

// ---- the sources --------------------------------------------------------------------------------

const oneKendaraan = async (up: Upstream, value: string) => (/^\d{1,12}$/.test(value) ? getKendaraan(up, Number(value)) : null)

/** The vehicle of Pemasangan Ban's and Pelepasan Ban's Tambah: code, No Kabin, No Pol, type. */
export const KENDARAAN_CHOICE: ChoiceSource<Kendaraan> = {
  what: 'kendaraan',
  whole: listKendaraan,
  paged: pageKendaraan,
  one: oneKendaraan,
  toOption: (k) => ({
    value: String(k.id),
    label: [k.kode_kendaraan, k.no_kabin, k.no_pol, k.jenis_kendaraan?.nama_jenis_kendaraan].filter(Boolean).join(' - '),
  }),
}

/** The STNK form's No Kabin: No Kabin and No Pol, with the numbers the form fills from the vehicle. */
export const NO_KABIN_CHOICE: ChoiceSource<Kendaraan> = {
  what: 'kendaraan',
  whole: listKendaraan,
  paged: pageKendaraan,
  one: oneKendaraan,
  toOption: (k) => ({
    value: String(k.id),
    label: [k.no_kabin, k.no_pol].filter(Boolean).join(' — ') || `#${k.id}`,
    data: vehicleNumbers([k], k.id),
  }),
}

/**
 * The vehicle of a renewal (Perpanjangan STNK & KIR): labelled as KENDARAAN_CHOICE, each option
 * carrying the vehicle's STNK and KIR expiries (the form shows the one it replaces at once).
 */
export const KENDARAAN_DOKUMEN_CHOICE: ChoiceSource<Kendaraan> = {
  ...KENDARAAN_CHOICE,
  toOption: (k) => ({
    ...KENDARAAN_CHOICE.toOption(k),
    data: { expired_stnk: k.expired_stnk ?? '', expired_kir: k.expired_kir ?? '' },
  }),
}

/** A free pemasangan position's tyre: those in stock (an upstream that ignores the filter never offers a fitted one). */
export const BAN_STOK_CHOICE: ChoiceSource<Ban> = {
  what: 'ban',
  whole: async (up) => (await listBan(up, { status: 'stok' })).filter((b) => b.status !== 'terpasang'),
  paged: (up, req) => getBanStokPage(up, req),
  toOption: (b) => ({
    value: b.no_seri,
    label: [b.no_seri, b.kode_ban, b.ukuran?.nama, b.merek?.nama_merek, b.kondisi_ban].filter(Boolean).join(' - '),
  }),
}

/**
 * Klaim Ban's pelepasan line: the lines a claim may be raised from (newest first, searched upstream by
 * serial, tyre code, pelepasan code or cabin); each option carries the figures the form shows.
 */
export const PELEPASAN_KLAIM_CHOICE: ChoiceSource<SumberKlaim> = {
  what: 'pelepasan ban',
  whole: (up) => listSumberKlaim(up, '', 100),
  paged: async (up, req) => {
    const rows = await listSumberKlaim(up, req.q, req.per_page)
    return { rows, total: rows.length, posting: null, grandTotal: null }
  },
  one: async (up, value) => (/^\d{1,12}$/.test(value) ? getSumberKlaim(up, Number(value)) : null),
  toOption: (l) => ({
    value: String(l.id),
    label: [l.ban?.no_seri, l.kode_pelepasan, l.kendaraan?.no_kabin, l.posisi_ban, l.alasan].filter(Boolean).join(' - ') || `#${l.id}`,
    data: sumberFigures(l),
  }),
}

/** The figures of a pelepasan line as the claim form shows them (text: they ride in an option's data). */
export function sumberFigures(l: SumberKlaim): Record<string, string> {
  return {
    harga: String(l.harga ?? ''),
    target_km: String(l.target_km ?? ''),
    km_tempuh: String(l.km_tempuh ?? ''),
    nilai_hitung: String(l.nilai_hitung ?? nilaiKlaim(l.harga, l.km_tempuh, l.target_km)),
    supplier_id: l.supplier ? String(l.supplier.id) : '',
  }
}

/** A part of the store with its stock (a work order's part line), searched by code or name, by name. */
export const SUKU_CADANG_CHOICE: ChoiceSource<SukuCadang> = {
  what: 'suku cadang',
  whole: (up) => listSukuCadang(up),
  paged: (up, req) => pageSukuCadang(up, { ...req, sort: 'nama', dir: 'asc' }),
  one: async (up, value) => (/^\d{1,12}$/.test(value) ? getSukuCadang(up, Number(value)) : null),
  toOption: (p) => ({
    value: String(p.id),
    label: `${[p.kode_suku_cadang, p.nama].filter(Boolean).join(' — ')} (stok ${formatNumber(p.stok)} ${p.satuan})`,
  }),
}

/** The resource routes' answers by the last segment of their path (…/pilihan/{key}). */
export const CHOICE_SOURCES = {
  kendaraan: (up: Upstream, q: string) => choiceMatches(up, KENDARAAN_CHOICE, q),
  'no-kabin': (up: Upstream, q: string) => choiceMatches(up, NO_KABIN_CHOICE, q),
  'kendaraan-dokumen': (up: Upstream, q: string) => choiceMatches(up, KENDARAAN_DOKUMEN_CHOICE, q),
  ban: (up: Upstream, q: string) => choiceMatches(up, BAN_STOK_CHOICE, q),
  pelepasan: (up: Upstream, q: string) => choiceMatches(up, PELEPASAN_KLAIM_CHOICE, q),
  'suku-cadang': (up: Upstream, q: string) => choiceMatches(up, SUKU_CADANG_CHOICE, q),
} as const

export type ChoiceKey = keyof typeof CHOICE_SOURCES

/** The resource route of a form's choice: the form's path plus /pilihan/{key}. */
export const choiceUrl = (request: Request, key: ChoiceKey) => `${new URL(request.url).pathname.replace(/\/+$/, '')}/pilihan/${key}`
