import { useForm } from '@conform-to/react'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { requireScreen } from '~/server/grants.server'
import { choiceUrl, KENDARAAN_CHOICE, searchChoices } from '~/server/choices.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { SearchableSelectField, searchIntentOf, searchParamOf } from '~/ui/searchable-select'

/** The list's own parameters, carried through the picker so Batal returns to the same page. */
const LIST_PARAMS = ['q', 'sort', 'dir', 'page'] as const

/**
 * 'Tambah' on Pemasangan Ban, Pelepasan Ban, Rotasi Ban and Pemeriksaan Ban: a dialog with
 * the searchable choice of vehicles and 'Lanjutkan'. A GET form: with a vehicle it leads to the
 * list's create screen, /admin/create-{list}?kendaraan_id={id} (a URL survives a reload and a
 * bookmark); without one it says 'Peringatan' / 'Harap pilih kendaraan terlebih dahulu.'.
 * Mounted under each list (app/route-table.ts), with the list's extension of the spec when it has one.
 * The vehicles are a searchable choice (app/server/choices.server.ts): at a large fleet's size only the
 * first matches are rendered, searched upstream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  const url = new URL(request.url)
  const list = url.pathname.replace(/\/tambah\/?$/, '')
  const chosen = url.searchParams.get('kendaraan_id')
  // Cari (the vehicle search without JavaScript) re-renders the dialog with the matches, the choice kept.
  const searching = url.searchParams.get('intent') === searchIntentOf('kendaraan_id')
  if (!searching && chosen !== null && /^\d{1,12}$/.test(chosen.trim()) && Number(chosen) > 0) {
    throw redirect(`${list.replace(/\/admin\//, '/admin/create-')}?${new URLSearchParams({ kendaraan_id: String(Number(chosen)) })}`)
  }
  const kendaraan = await searchChoices(auth.upstream, KENDARAAN_CHOICE, {
    url: choiceUrl(request, 'kendaraan'),
    q: url.searchParams.get(searchParamOf('kendaraan_id')) ?? '',
    chosen: searching && chosen && /^\d{1,12}$/.test(chosen.trim()) ? String(Number(chosen)) : '',
  })
  const listParams = new URLSearchParams()
  for (const p of LIST_PARAMS) {
    const v = url.searchParams.get(p)
    if (v) listParams.set(p, v)
  }
  return {
    kendaraan,
    warning: chosen !== null && !searching,
    chosen: searching ? (chosen ?? '') : '',
    listParams: [...listParams.entries()],
    closeTo: `${list}${listParams.size ? `?${listParams}` : ''}`,
  }
}

export default function PilihKendaraan() {
  const { kendaraan, warning, chosen, listParams, closeTo } = useLoaderData<typeof loader>()
  const [form, fields] = useForm({ id: 'pilih-kendaraan', defaultValue: { kendaraan_id: chosen } })
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
          search={kendaraan.search}
        />
        <DialogButtons closeTo={closeTo} label="Lanjutkan" />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
