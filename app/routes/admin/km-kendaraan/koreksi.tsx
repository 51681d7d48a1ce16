import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { todayInCompany } from '~/lib/date-filter'
import { formatNumber } from '~/lib/format'
import { KoreksiKmSchema } from '~/lib/forms/koreksi-km'
import { idParam, saveDialogForm } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { findOneForDialog } from '~/server/route-errors.server'
import { UpstreamHttpError, UpstreamValidation } from '~/upstream/errors'
import { koreksiKm, kmKendaraanOf } from '~/upstream/km-kendaraan.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, ReadOnlyField, TextareaField, TextField } from '~/ui/fields'
import { KmReadingsTable } from '~/ui/km-readings'

export const meta: MetaFunction = () => [{ title: 'Koreksi Km — Armada' }]

const KENDARAAN_TIDAK_DITEMUKAN = 'Kendaraan tidak ditemukan.'
const LAST_READINGS = 5

/** Km Kendaraan with the list's parameters (where the dialog closes to). */
const listUrl = (request: Request) => `/admin/km-kendaraan${new URL(request.url).search}`

/**
 * /admin/km-kendaraan/:id/koreksi (Update): the vehicle, its latest readings, and a correction — a
 * date, the km read and the reason — which starts the vehicle's readings anew.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  const riwayat = await findOneForDialog(request, () => kmKendaraanOf(auth.upstream, id, 1, LAST_READINGS), KENDARAAN_TIDAK_DITEMUKAN)
  return {
    id,
    kendaraan: riwayat?.kendaraan ?? null,
    rows: riwayat?.rows ?? [],
    today: todayInCompany(),
    closeTo: listUrl(request),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  return saveDialogForm(request, {
    schema: KoreksiKmSchema,
    save: async (v) => {
      try {
        return await koreksiKm(auth.upstream, { kendaraan_id: id, tanggal: v.tanggal, km: Number(v.km), alasan: v.alasan })
      } catch (error) {
        // The vehicle is the dialog's address, not a field: one deleted meanwhile is this page's 404.
        if (error instanceof UpstreamValidation && error.fieldErrors.kendaraan_id?.length)
          throw new UpstreamHttpError(404, KENDARAAN_TIDAK_DITEMUKAN, KENDARAAN_TIDAK_DITEMUKAN)
        throw error
      }
    },
    successMessage: 'Koreksi km berhasil disimpan.',
    notFoundMessage: KENDARAAN_TIDAK_DITEMUKAN,
    redirectTo: listUrl(request),
  })
}

export default function KoreksiKm() {
  const { id, kendaraan, rows, today, closeTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: `koreksi-km-${id}`,
    lastResult: actionData?.result,
    defaultValue: { tanggal: today, km: '', alasan: '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KoreksiKmSchema }),
    shouldRevalidate: 'onInput',
  })
  const label = kendaraan?.no_kabin || `#${id}`
  return (
    <RouteDialog title={`Koreksi Km ${label}`} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <ReadOnlyField id="koreksi-no-kabin" label="No Kabin" value={kendaraan?.no_kabin || '—'} />
          <ReadOnlyField id="koreksi-no-pol" label="No Polisi" value={kendaraan?.no_pol || '—'} />
          <ReadOnlyField id="koreksi-km-akhir" label="Km Akhir" value={kendaraan?.km == null ? '—' : formatNumber(kendaraan.km)} />
        </div>
        {rows.length > 0 ? (
          <section aria-labelledby="koreksi-riwayat">
            <h3 id="koreksi-riwayat" className="text-sm font-semibold text-slate-800">
              Pembacaan terakhir
            </h3>
            <KmReadingsTable rows={rows} label="Tabel pembacaan terakhir (geser ke samping)" />
          </section>
        ) : null}
        <p className="text-sm text-slate-600">
          Koreksi memulai pembacaan baru kendaraan ini (misalnya odometer diganti): km sesudahnya dibandingkan dengan koreksi ini.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.tanggal} label="Tanggal" type="date" required inputProps={{ max: today }} />
          <TextField meta={fields.km} label="Km" required inputProps={{ inputMode: 'numeric', maxLength: 12, autoComplete: 'off' }} />
        </div>
        <TextareaField meta={fields.alasan} label="Alasan Koreksi" required textareaProps={{ maxLength: 255, required: true }} />
        <DialogButtons closeTo={closeTo} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
