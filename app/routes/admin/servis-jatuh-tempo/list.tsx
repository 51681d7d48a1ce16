import type { ReactNode } from 'react'
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatDate, formatNumber } from '~/lib/format'
import { allows } from '~/lib/grants'
import { intervalText } from '~/lib/jadwal-servis'
import { buatPerintahKerjaHref, PERINTAH_KERJA_PATH } from '~/lib/perintah-kerja'
import { hasFeature } from '~/server/features.server'
import { listSearch, type ListPage } from '~/lib/list-query'
import { FILTER_KEYS, SERVIS_PER_PAGE, sisaServisText, STATUS_OPTIONS } from '~/lib/servis-jatuh-tempo'
import { servisJatuhTempoRequest, upstreamFilterOf } from '~/server/servis-jatuh-tempo.server'
import { loadList } from '~/server/route-errors.server'
import { listServisJatuhTempo, type ServisJatuhTempoRow } from '~/upstream/jadwal-servis.server'
import { buttonClass } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FilterForm, FilterNumber, FilterSelect } from '~/ui/filter-form'
import { FinanceActions } from '~/ui/finance-screen'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Servis Jatuh Tempo — Armada' }]

const PROBLEM_ID = 'servis-filter-problem'

/**
 * Servis Jatuh Tempo: every vehicle and service item of its plan, soonest due first — by km (projected
 * to today with the km the vehicle runs a day) or by days, whichever comes first; overdue rows in red.
 * Filters in the URL: Status, Jenis Kendaraan, Item Servis, Dalam Km, Dalam Hari; a search on No Kabin
 * or No Polisi. A row opens the vehicle's own plan (Jadwal Servis, with its grant).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, query, choices, parsed } = await servisJatuhTempoRequest(request)
  let list: ListPage<ServisJatuhTempoRow> = { rows: [], offset: 0, total: 0, page: 1, pageCount: 1, query: { ...query, page: 1 } }
  let loadError: string | null = null
  let status = 200
  let lewat: number | null = null
  if (!parsed.problem) {
    const loaded = await loadList(async () => {
      const page = await listServisJatuhTempo(
        auth.upstream,
        { page: query.page, per_page: SERVIS_PER_PAGE, q: query.q, sort: null, dir: 'asc' },
        upstreamFilterOf(parsed),
      )
      const pageCount = Math.max(1, Math.ceil(page.total / SERVIS_PER_PAGE))
      list = { rows: page.rows, offset: (query.page - 1) * SERVIS_PER_PAGE, total: page.total, page: query.page, pageCount, query }
      lewat = page.sums?.jumlah_lewat ?? null
      return page.rows
    })
    loadError = loaded.loadError
    status = loaded.status
  }
  return data(
    {
      list,
      loadError,
      choices,
      parsed,
      lewat,
      jadwal: allows(auth.grants, '/admin/jadwal-servis'),
      // Buat Perintah Kerja: with Create on Perintah Kerja and an upstream that has work orders.
      buatPk: allows(auth.grants, PERINTAH_KERJA_PATH, 'create') && (await hasFeature(auth.upstream, 'perintah-kerja')),
      can: auth.can,
    },
    { status },
  )
}

export default function ServisJatuhTempo() {
  const { list, loadError, choices, parsed, lewat, jadwal, buatPk, can } = useLoaderData<typeof loader>()
  // A vehicle's items on this page: the work order opened from any of its rows has them all checked.
  const itemsOf = new Map<number, number[]>()
  for (const r of list.rows) itemsOf.set(r.kendaraan_id, [...(itemsOf.get(r.kendaraan_id) ?? []), r.item_servis_id])
  const { filter, problem } = parsed
  const problemOf = (field: string) => (problem?.field === field ? PROBLEM_ID : null)
  const active = FILTER_KEYS.some((k) => filter[k] !== '')
  return (
    <ListScreen
      title="Servis Jatuh Tempo"
      subtitle="Servis berkala setiap kendaraan, yang paling dekat jatuh tempo lebih dulu (km diproyeksikan dengan km per hari kendaraan)"
      searchPlaceholder="Cari no kabin atau no polisi..."
      canAdd={false}
      headerActions={
        parsed.problem ? null : (
          <>
            {can.print ? (
              <a
                href={`/admin/servis-jatuh-tempo/cetak${listSearch(list.query, { page: 1 })}`}
                target="_blank"
                rel="noreferrer"
                className={buttonClass('secondary')}
              >
                Cetak
              </a>
            ) : null}
            <FinanceActions can={can} query={list.query} bulk={null} csvPath="/admin/servis-jatuh-tempo/csv" />
          </>
        )
      }
      list={list}
      loadError={loadError}
      filters={
        <>
          <FilterForm
            label="Filter servis jatuh tempo"
            query={list.query}
            active={active}
            problem={problem?.message ?? null}
            problemId={PROBLEM_ID}
          >
            <FilterSelect
              name="status"
              label="Status"
              all="Semua status"
              options={STATUS_OPTIONS.slice(1)}
              value={filter.status === 'semua' ? '' : filter.status}
              problemId={problemOf('status')}
            />
            <FilterSelect
              name="jenis_kendaraan_id"
              label="Jenis Kendaraan"
              all="Semua jenis"
              options={choices.jenis}
              value={filter.jenis_kendaraan_id}
              problemId={problemOf('jenis_kendaraan_id')}
            />
            <FilterSelect
              name="item_servis_id"
              label="Item Servis"
              all="Semua item"
              options={choices.item}
              value={filter.item_servis_id}
              problemId={problemOf('item_servis_id')}
            />
            <FilterNumber name="dalam_km" label="Dalam Km" value={filter.dalam_km} problemId={problemOf('dalam_km')} />
            <FilterNumber name="dalam_hari" label="Dalam Hari" value={filter.dalam_hari} problemId={problemOf('dalam_hari')} />
          </FilterForm>
          {lewat ? (
            <p className="mb-3 text-sm font-semibold text-red-700" data-testid="jumlah-lewat">
              {formatNumber(lewat)} servis sudah lewat jatuh tempo.
            </p>
          ) : null}
        </>
      }
      rowKey={(r) => `${r.kendaraan_id}-${r.item_servis_id}`}
      rowProps={(r) => (r.lewat ? { className: 'bg-red-50/60' } : {})}
      empty={problem ? 'Perbaiki filter untuk menampilkan data.' : 'Tidak ada servis yang jatuh tempo.'}
      columns={[
        { header: 'No', cell: (_r, i) => i + 1, className: 'w-14' },
        {
          header: 'No Kabin',
          className: 'whitespace-nowrap font-medium',
          // With Jadwal Servis, the vehicle's own plan (its last services, intervals of its own).
          cell: (r) =>
            jadwal ? (
              <Link
                to={`/admin/jadwal-servis/kendaraan/${r.kendaraan_id}`}
                className="text-blue-700 hover:underline"
                aria-label={`Jadwal servis ${r.no_kabin || `#${r.kendaraan_id}`}`}
              >
                {r.no_kabin || `#${r.kendaraan_id}`}
              </Link>
            ) : (
              r.no_kabin || `#${r.kendaraan_id}`
            ),
        },
        {
          header: 'Kendaraan',
          cell: (r) => (
            <>
              <span className="whitespace-nowrap">{r.no_pol || '—'}</span>
              <Small>{r.nama_jenis_kendaraan || '—'}</Small>
            </>
          ),
        },
        {
          header: 'Item Servis',
          className: 'min-w-36',
          cell: (r) => (
            <>
              {r.nama_item}
              <Small>setiap {intervalText(r.interval_km, r.interval_hari)}</Small>
            </>
          ),
        },
        {
          header: 'Servis Terakhir',
          className: 'whitespace-nowrap',
          cell: (r) =>
            r.servis_terakhir_tanggal ? (
              <>
                {formatDate(r.servis_terakhir_tanggal)}
                <Small>{formatNumber(r.servis_terakhir_km)} km</Small>
              </>
            ) : (
              'Belum ada riwayat'
            ),
        },
        {
          header: 'Jatuh Tempo',
          className: 'whitespace-nowrap',
          cell: (r) =>
            r.belum_ada_riwayat ? (
              '—'
            ) : (
              <>
                {r.jatuh_tempo_km === null ? null : `${formatNumber(r.jatuh_tempo_km)} km`}
                {r.jatuh_tempo_tanggal ? <Small>{formatDate(r.jatuh_tempo_tanggal)}</Small> : null}
              </>
            ),
        },
        { header: 'Sisa', className: 'whitespace-nowrap', cell: (r) => <SisaLabel row={r} /> },
        { header: 'Perkiraan', cell: (r) => (r.tanggal_perkiraan ? formatDate(r.tanggal_perkiraan) : '—'), className: 'whitespace-nowrap' },
        ...(buatPk
          ? [
              {
                header: 'Aksi',
                className: 'whitespace-nowrap',
                cell: (r: ServisJatuhTempoRow) => (
                  <Link
                    to={buatPerintahKerjaHref(r.kendaraan_id, itemsOf.get(r.kendaraan_id) ?? [r.item_servis_id])}
                    className="text-blue-700 hover:underline"
                    aria-label={`Buat Perintah Kerja ${r.no_kabin || `#${r.kendaraan_id}`} ${r.nama_item}`}
                  >
                    Buat Perintah Kerja
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

/** A second line of a cell, smaller (a cell's detail: the vehicle's type, the item's interval). */
const Small = ({ children }: { children: ReactNode }) => <span className="block text-xs text-slate-500">{children}</span>

/** Km and days left, one per line; past due in red ('lewat 300 km'). */
function SisaLabel({ row }: { row: ServisJatuhTempoRow }) {
  if (row.belum_ada_riwayat) return <span className="font-semibold text-amber-800">{sisaServisText(row)}</span>
  const lines = sisaServisText(row)
    .split(' · ')
    .map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    ))
  if (row.lewat) return <strong className="font-semibold text-red-700">{lines}</strong>
  return <span className="text-slate-700">{lines}</span>
}

export const ErrorBoundary = GeneralErrorBoundary
