import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { intervalText } from '~/lib/jadwal-servis'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { savePlanForm } from '~/server/jadwal-servis.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getJadwalServisJenis, saveJadwalServisJenis } from '~/upstream/jadwal-servis.server'
import { SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors } from '~/ui/fields'
import { PageHeader } from '~/ui/page-header'
import { PlanAktif, PlanInput, planProblems } from '~/ui/plan-fields'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Jadwal Servis ${data?.jadwal.jenis_kendaraan.nama_jenis_kendaraan ?? ''} — Armada` },
]

const LIST = '/admin/jadwal-servis'

/**
 * /admin/jadwal-servis/jenis/{id}: the plan of a vehicle type — every service item of the master, a
 * box Aktif, its Interval Km and Interval Hari (the item's own filled in until changed). With Update,
 * Simpan replaces the plan with the ticked rows (all or nothing: a refused row says why beside its
 * field, everything typed kept).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const id = idParam(params.id)
  const jadwal = await loadOrFail(() => getJadwalServisJenis(auth.upstream, id))
  return { jadwal, canUpdate: auth.can.update }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  return savePlanForm(request, {
    servis: false,
    send: (lines) =>
      lines
        .filter((l) => l.aktif)
        .map((l) => ({ item_servis_id: l.item_servis_id, interval_km: l.interval_km, interval_hari: l.interval_hari })),
    save: (lines) => saveJadwalServisJenis(auth.upstream, id, lines),
    redirectTo: LIST,
    success: 'Jadwal servis berhasil disimpan.',
  })
}

const numberText = (n: number | null) => (n === null ? '' : String(n))

export default function JadwalServisJenis() {
  const { jadwal, canUpdate } = useLoaderData<typeof loader>()
  const entry = useActionData<typeof action>()?.entry ?? null
  const nama = jadwal.jenis_kendaraan.nama_jenis_kendaraan || `#${jadwal.jenis_kendaraan.id}`
  return (
    <section>
      <PageHeader
        title={`Jadwal Servis: ${nama}`}
        subtitle="Centang item servis yang berlaku untuk jenis kendaraan ini dan atur intervalnya; jatuh tempo pada yang lebih dulu tercapai"
        actions={
          <Link to={LIST} className="font-semibold text-blue-700 hover:underline">
            Kembali ke Jadwal Servis
          </Link>
        }
      />
      {jadwal.items.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">
          Belum ada item servis. Tambahkan dulu di{' '}
          <Link to="/admin/item-servis" className="font-semibold text-blue-700 hover:underline">
            Item Servis
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="rounded-lg border border-slate-200 bg-white p-4">
          <FormErrors errors={planProblems(entry)} />
          {/* Below md each item is a card, as the lists' rows are (.data-table in app/tailwind.css). */}
          <div className="data-table-wrap overflow-x-auto">
            <table className="data-table w-full text-left text-sm">
              <caption className="sr-only">Item servis jadwal {nama}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="px-2 py-2">
                    Aktif
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Item Servis
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Interval Km
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Interval Hari
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Bawaan Item
                  </th>
                </tr>
              </thead>
              <tbody>
                {jadwal.items.map((it) => (
                  <tr key={it.item_servis_id} className="border-b border-slate-100 align-top">
                    <td data-label="Aktif" className="px-2 py-2">
                      <PlanAktif
                        itemId={it.item_servis_id}
                        stored={it.aktif}
                        entry={entry}
                        label={`Aktif ${it.nama}`}
                        disabled={!canUpdate}
                      />
                    </td>
                    <th scope="row" className="px-2 py-2 font-medium text-slate-900">
                      {it.nama}
                      <span className="block text-xs font-normal text-slate-500">{it.kode_item_servis}</span>
                    </th>
                    <td data-label="Interval Km" className="px-2 py-2">
                      <PlanInput
                        field="km"
                        itemId={it.item_servis_id}
                        stored={numberText(it.interval_km)}
                        entry={entry}
                        label={`Interval Km ${it.nama}`}
                        disabled={!canUpdate}
                      />
                    </td>
                    <td data-label="Interval Hari" className="px-2 py-2">
                      <PlanInput
                        field="hari"
                        itemId={it.item_servis_id}
                        stored={numberText(it.interval_hari)}
                        entry={entry}
                        label={`Interval Hari ${it.nama}`}
                        disabled={!canUpdate}
                      />
                    </td>
                    <td data-label="Bawaan Item" className="px-2 py-2 text-slate-600">
                      {intervalText(it.default_interval_km, it.default_interval_hari)}
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
      )}
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
