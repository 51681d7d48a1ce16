import type { ReactNode } from 'react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { todayInCompany } from '~/lib/date-filter'
import { formatDate, formatNumber } from '~/lib/format'
import { intervalText } from '~/lib/jadwal-servis'
import { sisaServisText } from '~/lib/servis-jatuh-tempo'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { savePlanForm } from '~/server/jadwal-servis.server'
import { loadList, loadOrFail } from '~/server/route-errors.server'
import { getJadwalServisKendaraan, listItemServis, saveJadwalServisKendaraan } from '~/upstream/jadwal-servis.server'
import { SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors } from '~/ui/fields'
import { PageHeader } from '~/ui/page-header'
import { PlanAktif, PlanInput, planProblems } from '~/ui/plan-fields'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Jadwal Servis ${data?.jadwal.kendaraan.no_kabin ?? ''} — Armada` },
]

/**
 * /admin/jadwal-servis/kendaraan/{id}: a vehicle's own plan — its type's items, each with the
 * vehicle's intervals (changed here they override the type's), its last service (an opening entry:
 * date and km, until work orders record them) and when it falls due; the master's other items below,
 * off, to add one for this vehicle only. With Update, Simpan stores it all (all or nothing).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const id = idParam(params.id)
  const [jadwal, items] = await Promise.all([
    loadOrFail(() => getJadwalServisKendaraan(auth.upstream, id)),
    loadList(() => listItemServis(auth.upstream)),
  ])
  const planned = new Set(jadwal.items.map((i) => i.item_servis_id))
  const others = items.all.filter((i) => !planned.has(i.id))
  return { jadwal, others, canUpdate: auth.can.update, today: todayInCompany() }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  const url = new URL(request.url)
  return savePlanForm(request, {
    servis: true,
    send: (lines) => lines,
    save: (lines) => saveJadwalServisKendaraan(auth.upstream, id, lines),
    redirectTo: url.pathname + url.search,
    success: 'Jadwal servis kendaraan berhasil disimpan.',
  })
}

const numberText = (n: number | null) => (n === null ? '' : String(n))

type Row = {
  item_servis_id: number
  nama: string
  aktif: boolean
  interval_km: number | null
  interval_hari: number | null
  jenis: string
  tanggal: string
  km: string
  due: ReactNode
}

export default function JadwalServisKendaraan() {
  const { jadwal, others, canUpdate, today } = useLoaderData<typeof loader>()
  const entry = useActionData<typeof action>()?.entry ?? null
  const k = jadwal.kendaraan
  const nama = k.no_kabin || `#${k.id}`
  const rows: Row[] = [
    ...jadwal.items.map((it) => ({
      item_servis_id: it.item_servis_id,
      nama: it.nama,
      aktif: it.aktif,
      interval_km: it.interval_km,
      interval_hari: it.interval_hari,
      jenis:
        it.jenis_interval_km === null && it.jenis_interval_hari === null
          ? 'Tidak ada'
          : intervalText(it.jenis_interval_km, it.jenis_interval_hari),
      tanggal: it.servis_terakhir?.tanggal ?? '',
      km: it.servis_terakhir?.km === null || it.servis_terakhir?.km === undefined ? '' : String(it.servis_terakhir.km),
      due: !it.aktif ? (
        <span className="text-slate-500">Tidak aktif</span>
      ) : it.belum_ada_riwayat ? (
        <span className="font-semibold text-amber-800">Isi servis terakhir</span>
      ) : (
        <span className={it.lewat ? 'font-semibold text-red-700' : 'text-slate-700'}>
          {sisaServisText(it)}
          {it.tanggal_perkiraan ? <span className="block text-xs text-slate-500">perkiraan {formatDate(it.tanggal_perkiraan)}</span> : null}
        </span>
      ),
    })),
    ...others.map((i) => ({
      item_servis_id: i.id,
      nama: i.nama,
      aktif: false,
      interval_km: i.interval_km,
      interval_hari: i.interval_hari,
      jenis: 'Tidak ada',
      tanggal: '',
      km: '',
      due: <span className="text-slate-500">Tidak aktif</span>,
    })),
  ]
  return (
    <section>
      <PageHeader
        title={`Jadwal Servis Kendaraan ${nama}`}
        subtitle={`${k.no_pol ?? '—'} · ${k.nama_jenis_kendaraan ?? 'tanpa jenis'} · Km Akhir ${formatNumber(k.km)} · ${
          jadwal.km_per_hari === null ? 'km per hari belum diketahui' : `${formatNumber(jadwal.km_per_hari)} km per hari`
        }`}
        actions={
          <Link to="/admin/servis-jatuh-tempo" className="font-semibold text-blue-700 hover:underline">
            Ke Servis Jatuh Tempo
          </Link>
        }
      />
      <Form method="post" className="rounded-lg border border-slate-200 bg-white p-4">
        <FormErrors errors={planProblems(entry)} />
        <p className="mb-3 text-sm text-slate-600">
          Interval yang diubah di sini hanya berlaku untuk kendaraan ini. Servis terakhir: isi tanggal dan km servis sebelum tercatat di
          sistem.
        </p>
        {/* Below md each item is a card, as the lists' rows are (.data-table in app/tailwind.css). */}
        <div className="data-table-wrap overflow-x-auto">
          <table className="data-table w-full text-left text-sm">
            <caption className="sr-only">Jadwal servis kendaraan {nama}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {[
                  'Aktif',
                  'Item Servis',
                  'Interval Km',
                  'Interval Hari',
                  'Jadwal Jenis',
                  'Servis Terakhir',
                  'Km Servis',
                  'Jatuh Tempo',
                ].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-2 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.item_servis_id} className="border-b border-slate-100 align-top">
                  <td data-label="Aktif" className="px-2 py-2">
                    <PlanAktif itemId={r.item_servis_id} stored={r.aktif} entry={entry} label={`Aktif ${r.nama}`} disabled={!canUpdate} />
                  </td>
                  <th scope="row" className="px-2 py-2 font-medium text-slate-900">
                    {r.nama}
                  </th>
                  <td data-label="Interval Km" className="px-2 py-2">
                    <PlanInput
                      field="km"
                      itemId={r.item_servis_id}
                      stored={numberText(r.interval_km)}
                      entry={entry}
                      label={`Interval Km ${r.nama}`}
                      disabled={!canUpdate}
                    />
                  </td>
                  <td data-label="Interval Hari" className="px-2 py-2">
                    <PlanInput
                      field="hari"
                      itemId={r.item_servis_id}
                      stored={numberText(r.interval_hari)}
                      entry={entry}
                      label={`Interval Hari ${r.nama}`}
                      disabled={!canUpdate}
                    />
                  </td>
                  <td data-label="Jadwal Jenis" className="whitespace-nowrap px-2 py-2 text-slate-600">
                    {r.jenis}
                  </td>
                  <td data-label="Servis Terakhir" className="px-2 py-2">
                    <PlanInput
                      field="tanggal"
                      type="date"
                      max={today}
                      itemId={r.item_servis_id}
                      stored={r.tanggal}
                      entry={entry}
                      label={`Tanggal servis terakhir ${r.nama}`}
                      disabled={!canUpdate}
                    />
                  </td>
                  <td data-label="Km Servis" className="px-2 py-2">
                    <PlanInput
                      field="servis_km"
                      itemId={r.item_servis_id}
                      stored={r.km}
                      entry={entry}
                      label={`Km servis terakhir ${r.nama}`}
                      disabled={!canUpdate}
                    />
                  </td>
                  <td data-label="Jatuh Tempo" className="px-2 py-2">
                    {r.due}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {canUpdate ? (
          <div className="mt-4 flex justify-end">
            <SubmitButton pendingText="Menyimpan...">Simpan</SubmitButton>
          </div>
        ) : null}
      </Form>
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
