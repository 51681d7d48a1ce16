import { useForm } from '@conform-to/react'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { requireScreen } from '~/lib/grants.server'
import { lookupChoices } from '~/lib/lookup.server'
import { listKendaraan } from '~/upstream/kendaraan.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { SearchableSelectField } from '~/ui/searchable-select'

/** The list's own parameters, carried through the picker so Batal returns to the same page. */
const LIST_PARAMS = ['q', 'sort', 'dir', 'page'] as const

/**
 * 'Tambah' on Pemasangan Ban (spec 001 §2, issue 9.2): a dialog with the searchable choice of
 * vehicles and 'Lanjutkan'. A GET form: with a vehicle it leads to
 * /admin/create-pemasangan-ban?kendaraan_id={id} (a URL survives a reload and a bookmark);
 * without one it says 'Peringatan' / 'Harap pilih kendaraan terlebih dahulu.'.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  const url = new URL(request.url)
  const chosen = url.searchParams.get('kendaraan_id')
  if (chosen !== null && /^\d{1,12}$/.test(chosen.trim()) && Number(chosen) > 0) {
    throw redirect(`/admin/create-pemasangan-ban?${new URLSearchParams({ kendaraan_id: String(Number(chosen)) })}`)
  }
  const kendaraan = await lookupChoices(
    () => listKendaraan(auth.upstream),
    (k) => ({
      value: String(k.id),
      label: [k.kode_kendaraan, k.no_kabin, k.no_pol, k.jenis_kendaraan?.nama_jenis_kendaraan].filter(Boolean).join(' - '),
    }),
    'kendaraan',
  )
  const listParams = new URLSearchParams()
  for (const p of LIST_PARAMS) {
    const v = url.searchParams.get(p)
    if (v) listParams.set(p, v)
  }
  return {
    kendaraan,
    warning: chosen !== null,
    listParams: [...listParams.entries()],
    closeTo: `/admin/pemasangan-ban${listParams.size ? `?${listParams}` : ''}`,
  }
}

export default function PilihKendaraan() {
  const { kendaraan, warning, listParams, closeTo } = useLoaderData<typeof loader>()
  const [form, fields] = useForm({ id: 'pilih-kendaraan', defaultValue: { kendaraan_id: '' } })
  return (
    <RouteDialog title="Pilih Kendaraan" closeTo={closeTo}>
      <Form method="get" id={form.id} className="space-y-4">
        {warning ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-semibold">Peringatan</p>
            <p>Harap pilih kendaraan terlebih dahulu.</p>
          </div>
        ) : null}
        {listParams.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <SearchableSelectField
          meta={fields.kendaraan_id}
          label="Kendaraan"
          options={kendaraan.options}
          placeholder="-- Pilih kendaraan --"
          searchPlaceholder="Cari kendaraan..."
          hint={kendaraan.error}
        />
        <DialogButtons closeTo={closeTo} label="Lanjutkan" />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
