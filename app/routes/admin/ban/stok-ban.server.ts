import { col, downloadTable } from '~/lib/download-table'
import { requireScreen, requireScreenList } from '~/server/grants.server'
import { matchingRows, pageOf, PAGE_SIZE, parseListQuery, type ListPage, type ListSpec } from '~/lib/list-query'
import { chunksOf, loadListPage, offersPaging } from '~/server/paged-list.server'
import { loadList } from '~/server/route-errors.server'
import { lokasiText, matchesStokFilter, parseStokFilter, statusLabel, STOK_FILTER_PARAMS, type ParsedStokFilter } from '~/lib/stok-ban'
import type { Option } from '~/ui/fields'
import { listStokBan, pageStokBan, type BanStok } from '~/upstream/ban.server'
import { simpleMasterApi } from '~/upstream/simple-master.server'
import { requireAuth } from '~/session.server'

/** Stok Ban's search (serial or code) and sort keys. */
export const STOK_BAN_SPEC: ListSpec<BanStok> = {
  searchIn: (b) => [b.kode_ban, b.no_seri],
  sortBy: {
    id: (b) => b.id,
    kode_ban: (b) => b.kode_ban,
    no_seri: (b) => b.no_seri,
    ukuran: (b) => b.ukuran?.nama ?? '',
    merek: (b) => b.merek?.nama_merek ?? '',
    kondisi: (b) => b.kondisi_ban ?? '',
    status: (b) => b.status ?? '',
    lokasi: (b) => lokasiText(b.status, b.lokasi),
  },
}

/** The distinct sizes and brands of the tyres, for the filter's choices (sorted by name). */
function choicesOf(all: readonly BanStok[]) {
  const ukuran = new Map<string, string>()
  const merek = new Map<string, string>()
  for (const b of all) {
    const u = b.ukuran_id ?? b.ukuran?.id
    if (u) ukuran.set(String(u), b.ukuran?.nama ?? `#${u}`)
    const m = b.merek_id ?? b.merek?.id
    if (m) merek.set(String(m), b.merek?.nama_merek ?? `#${m}`)
  }
  return { ukuran: sortedChoices(ukuran), merek: sortedChoices(merek) }
}

const sortedChoices = (map: Map<string, string>): Option[] =>
  [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'id-ID'))

/** Empty choices (the master lists could not be read). */
const NO_CHOICES = { ukuran: [] as Option[], merek: [] as Option[] }

/**
 * Stok Ban for the URL (its filter, search, sort and page): the page shown, and every matching tyre
 * a page at a time (the CSV). Against an upstream that pages lists (the extension 'paged-lists') the
 * upstream is asked for the one page, filtered, searched and sorted there, and the filter's choices
 * are the size and brand master lists; against one without it the whole list is read (bounded: a
 * list too long says so) and filtered, searched, sorted and paged here, the choices those of its
 * tyres. The guard first (with the screen's extension 'ban-lifecycle': 501 without it). A filter that is not
 * valid gives no rows and its message; the form shows what was sent.
 */
export async function stokBanRows(request: Request) {
  const session = await requireAuth(request)
  if (await offersPaging(session.upstream)) return pagedStokBan(request)
  return wholeStokBan(request)
}

export type StokBanList = Awaited<ReturnType<typeof stokBanRows>>

/** The result of a list state: its page and every matching row, a page at a time. */
type StokBanResult = {
  loadError: string | null
  status: number
  parsed: ParsedStokFilter
  choices: { ukuran: Option[]; merek: Option[] }
  page: ListPage<BanStok>
  pages: () => AsyncGenerator<readonly BanStok[]>
}

const queryOf = (params: URLSearchParams) => parseListQuery(params, Object.keys(STOK_BAN_SPEC.sortBy), STOK_FILTER_PARAMS)

/** The upstream pages: the master lists give the choices, the upstream the page. */
async function pagedStokBan(request: Request) {
  const auth = await requireScreen(request)
  const up = auth.upstream
  const params = new URL(request.url).searchParams
  const query = queryOf(params)
  let choices = NO_CHOICES
  const masters = await loadList(async () => {
    const [ukuran, merek] = await Promise.all([simpleMasterApi('ukuran').list(up), simpleMasterApi('merek').list(up)])
    choices = {
      ukuran: sortedChoices(new Map(ukuran.map((u) => [String(u.id), u.nama || `#${u.id}`]))),
      merek: sortedChoices(new Map(merek.map((m) => [String(m.id), m.nama_merek || `#${m.id}`]))),
    }
    return []
  })
  const parsed = parseStokFilter(params, {
    ukuran: new Set(choices.ukuran.map((o) => o.value)),
    merek: new Set(choices.merek.map((o) => o.value)),
  })
  const none = (loadError: string | null, status: number): StokBanResult => ({
    loadError,
    status,
    parsed,
    choices,
    page: pageOf<BanStok>([], query),
    pages: () => chunksOf<BanStok>([]),
  })
  if (masters.loadError) return { auth, query, ...none(masters.loadError, masters.status) }
  if (parsed.problem) return { auth, query, ...none(null, 200) }
  const loaded = await loadListPage(up, query, PAGE_SIZE, {
    paged: (u, req) => pageStokBan(u, parsed.filter, req),
    whole: listStokBan,
    spec: STOK_BAN_SPEC,
  })
  const result: StokBanResult = {
    loadError: loaded.loadError,
    status: loaded.status,
    parsed,
    choices,
    page: loaded.page,
    pages: loaded.pages,
  }
  return { auth, query: loaded.page.query, ...result }
}

/** The upstream does not page: the whole list, filtered, searched, sorted and paged here. */
async function wholeStokBan(request: Request) {
  const { auth, all, loadError, status } = await requireScreenList(request, listStokBan)
  const params = new URL(request.url).searchParams
  const choices = choicesOf(all)
  const parsed = parseStokFilter(params, {
    ukuran: new Set(choices.ukuran.map((o) => o.value)),
    merek: new Set(choices.merek.map((o) => o.value)),
  })
  const query = queryOf(params)
  const filtered = parsed.problem || loadError ? [] : all.filter((b) => matchesStokFilter(b, parsed.filter))
  const matching = matchingRows(filtered, query, STOK_BAN_SPEC)
  const page = pageOf(matching, query)
  const result: StokBanResult = {
    loadError,
    status: parsed.problem && !loadError ? 200 : status,
    parsed,
    choices,
    page,
    pages: () => chunksOf(matching),
  }
  return { auth, query: page.query, ...result }
}

/** A tyre as Stok Ban shows it (a row and a CSV line). */
export const stokBanRow = (b: BanStok) => ({
  id: b.id,
  kode_ban: b.kode_ban,
  no_seri: b.no_seri,
  ukuran: b.ukuran?.nama ?? null,
  merek: b.merek?.nama_merek ?? null,
  typeban: b.typeban?.nama_type ?? null,
  kondisi: b.kondisi_ban,
  status: b.status,
  statusLabel: statusLabel(b.status),
  lokasi: lokasiText(b.status, b.lokasi),
  jumlah_vulkanisir: b.jumlah_vulkanisir,
  harga: b.harga,
})
export type StokBanRow = ReturnType<typeof stokBanRow>

/** Stok Ban's download (CSV and Excel): a line per tyre. */
export const STOK_BAN_DOWNLOAD = downloadTable<BanStok>(
  'stok-ban',
  [
    col('No', 'number'),
    col('Kode Ban'),
    col('No Seri'),
    col('Ukuran'),
    col('Merek'),
    col('Type'),
    col('Kondisi'),
    col('Status'),
    col('Lokasi', 'text', { width: 24 }),
    col('Jumlah Vulkanisir', 'number'),
    col('Harga', 'rupiah'),
  ],
  (b, i) => {
    const r = stokBanRow(b)
    return [[i + 1, r.kode_ban, r.no_seri, r.ukuran, r.merek, r.typeban, r.kondisi, r.statusLabel, r.lokasi, r.jumlah_vulkanisir, r.harga]]
  },
)
