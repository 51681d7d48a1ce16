import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { idParam, saveDialogForm } from '~/server/crud.server'
import { todayInCompany } from '~/lib/date-filter'
import { TerimaVulkanisirSchema } from '~/lib/forms/terima-vulkanisir'
import { formatPrice } from '~/lib/forms/pembelian'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import { statusLabel } from '~/lib/stok-ban'
import { banRiwayat, terimaVulkanisir } from '~/upstream/ban.server'
import { listSupplier } from '~/upstream/supplier.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, ReadOnlyField, SelectField, TextField } from '~/ui/fields'

export const meta: MetaFunction = () => [{ title: 'Terima dari Vulkanisir — Armada' }]

const BAN_TIDAK_DITEMUKAN = 'Ban tidak ditemukan.'

/** Stok Ban with the list's parameters (where the dialog closes to). */
const listUrl = (request: Request) => `/admin/ban${new URL(request.url).search}`

/** /admin/ban/:id/terima-vulkanisir: the tyre, the retreader (a supplier), Biaya and Tanggal Terima. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  const [ban, supplier] = await Promise.all([
    // The one tyre (its history call): the tyre list grows with the fleet and is not read for one row.
    findOneForDialog(request, async () => (await banRiwayat(auth.upstream, id)).ban, BAN_TIDAK_DITEMUKAN),
    lookupChoices(
      () => listSupplier(auth.upstream),
      (s) => ({ value: String(s.id), label: s.nama_supp || s.kode_supplier || `#${s.id}` }),
      'vulkanisir',
    ),
  ])
  return {
    ban: ban
      ? { id: ban.id, kode_ban: ban.kode_ban, no_seri: ban.no_seri, status: ban.status }
      : { id, kode_ban: '', no_seri: '', status: null },
    supplier,
    today: todayInCompany(),
    closeTo: listUrl(request),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'update')
  const id = idParam(params.id)
  return saveDialogForm(request, {
    schema: TerimaVulkanisirSchema,
    save: (v) =>
      terimaVulkanisir(auth.upstream, id, { supplier_id: Number(v.supplier_id), biaya: Number(v.biaya || '0'), tanggal: v.tanggal }),
    successMessage: 'Ban diterima dari vulkanisir.',
    notFoundMessage: BAN_TIDAK_DITEMUKAN,
    redirectTo: listUrl(request),
  })
}

export default function TerimaVulkanisir() {
  const { ban, supplier, today, closeTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: `terima-vulkanisir-${ban.id}`,
    lastResult: actionData?.result,
    defaultValue: { supplier_id: '', biaya: '', tanggal: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TerimaVulkanisirSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title="Terima dari Vulkanisir" closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        {ban.status && ban.status !== 'vulkanisir' ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Ban ini tidak sedang di vulkanisir (status: {statusLabel(ban.status)}).
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField id="terima-kode-ban" label="Kode Ban" value={ban.kode_ban || '—'} />
          <ReadOnlyField id="terima-no-seri" label="No Seri" value={ban.no_seri || '—'} />
        </div>
        <div>
          <SelectField
            meta={fields.supplier_id}
            label="Vulkanisir"
            options={supplier.options}
            placeholder="-- Pilih vulkanisir --"
            required
          />
          {supplier.error ? <p className="mt-1 text-sm text-amber-800">{supplier.error}</p> : null}
        </div>
        <TextField
          meta={fields.biaya}
          label="Biaya (Rp)"
          required
          inputProps={{
            inputMode: 'numeric',
            maxLength: 20,
            autoComplete: 'off',
            onBlur: (e) => {
              const shown = formatPrice(e.currentTarget.value)
              if (shown && /^[\d.\sRp]*$/i.test(e.currentTarget.value)) form.update({ name: fields.biaya.name, value: shown })
            },
          }}
        />
        <TextField meta={fields.tanggal} label="Tanggal Terima" type="date" required />
        <DialogButtons closeTo={closeTo} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
