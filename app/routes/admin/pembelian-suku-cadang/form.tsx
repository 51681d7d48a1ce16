import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formatNumber } from '~/lib/format'
import { formatPrice, priceDigits } from '~/lib/forms/pembelian'
import { EMPTY_PART_LINE, lineErrorNames, PembelianSukuCadangSchema, toPembelianSukuCadangInput } from '~/lib/forms/suku-cadang'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import type { Upstream } from '~/upstream/client.server'
import {
  createPembelianSukuCadang,
  getPembelianSukuCadang,
  listSukuCadang,
  updatePembelianSukuCadang,
  type PembelianSukuCadang,
} from '~/upstream/suku-cadang.server'
import { listSupplier } from '~/upstream/supplier.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FieldError, FormErrors, TextField, type Option } from '~/ui/fields'
import { PlusIcon, TrashIcon } from '~/ui/icons'
import { SearchableSelectField } from '~/ui/searchable-select'

const POSTED = 'Pembelian ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'

async function loadPurchase(request: Request, up: Upstream, id: number) {
  const p = await findOneForDialog(request, () => getPembelianSukuCadang(up, id), 'Pembelian suku cadang tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/**
 * 'Tambah Pembelian Suku Cadang' / 'Edit …': a supplier, the day, a note and lines of part × quantity ×
 * price. Lines are added and removed with buttons that work without JavaScript (Conform's list intents:
 * the same dialog again). The upstream's refusals per line (`detail.0.jumlah`, e.g. the stock message
 * when an edit would take back parts work orders used) are shown beside the line.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const pembelian: PembelianSukuCadang | null = params.id
    ? ((await loadPurchase(request, auth.upstream, idParam(params.id))) ?? null)
    : null
  const [supplier, part] = await Promise.all([
    lookupChoices(
      () => listSupplier(auth.upstream),
      (s) => ({ value: String(s.id), label: [s.kode_supplier, s.nama_supp].filter(Boolean).join(' — ') }),
      'supplier',
    ),
    lookupChoices(
      () => listSukuCadang(auth.upstream),
      (p) => ({ value: String(p.id), label: `${p.kode_suku_cadang} — ${p.nama} (${p.satuan})` }),
      'suku cadang',
    ),
  ])
  const draft = await takeDraft(request, auth.user.id)
  return data(
    { pembelian, choices: { supplier, part }, closeTo: listUrlOf(request), editing: !!params.id, draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  if (id) await loadPurchase(request, auth.upstream, id)
  return saveDialogForm(request, {
    schema: PembelianSukuCadangSchema,
    save: (value) =>
      id
        ? updatePembelianSukuCadang(auth.upstream, id, toPembelianSukuCadangInput(value))
        : createPembelianSukuCadang(auth.upstream, toPembelianSukuCadangInput(value)),
    successMessage: id ? 'Pembelian suku cadang berhasil diperbarui!' : 'Pembelian suku cadang berhasil ditambahkan!',
    notFoundMessage: 'Pembelian suku cadang tidak ditemukan.',
    validationErrors: (error) => ({ fieldErrors: lineErrorNames(error.fieldErrors), formErrors: [error.serverMessage] }),
  })
}

const control =
  'block w-full min-w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

function LineSelect({ meta, label, options }: { meta: FieldMetadata<string | undefined>; label: string; options: Option[] }) {
  const props = getSelectProps(meta, { ariaAttributes: true })
  return (
    <>
      <select {...props} key={props.key} aria-label={label} className={control}>
        <option value="">-- Pilih suku cadang --</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </>
  )
}

export default function PembelianSukuCadangForm() {
  const { pembelian, choices, closeTo, editing, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const lines = pembelian?.detail.length
    ? pembelian.detail.map((l) => ({
        suku_cadang_id: String(l.suku_cadang_id),
        jumlah: String(l.jumlah),
        harga: formatPrice(String(l.harga)),
      }))
    : [EMPTY_PART_LINE]
  const [form, fields] = useForm({
    id: `pembelian-suku-cadang-${pembelian?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: {
      supplier_id: pembelian?.supplier_id ? String(pembelian.supplier_id) : '',
      tanggal_awal: pembelian?.tanggal_awal ?? '',
      keterangan: pembelian?.keterangan ?? '',
      detail: lines,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PembelianSukuCadangSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const list = fields.detail.getFieldList()
  const total = list.reduce((sum, l) => {
    const f = l.getFieldset()
    return sum + (Number(priceDigits(String(f.jumlah.value ?? ''))) || 0) * (Number(priceDigits(String(f.harga.value ?? ''))) || 0)
  }, 0)
  return (
    <RouteDialog title={editing ? 'Edit Pembelian Suku Cadang' : 'Tambah Pembelian Suku Cadang'} closeTo={closeTo} size="xl">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SearchableSelectField
            meta={fields.supplier_id}
            label="Supplier"
            required
            options={choices.supplier.options}
            placeholder="-- Pilih supplier --"
            searchPlaceholder="Cari supplier..."
            hint={choices.supplier.error}
          />
          <TextField meta={fields.tanggal_awal} label="Tanggal (kosong: hari ini)" inputProps={{ type: 'date' }} />
        </div>
        <TextField meta={fields.keterangan} label="Keterangan" inputProps={{ maxLength: 255 }} />
        <div className="flex items-center justify-between">
          <h3 className="font-semibold text-slate-800">Daftar Suku Cadang</h3>
          <button
            {...form.insert.getButtonProps({ name: fields.detail.name, defaultValue: EMPTY_PART_LINE })}
            className="inline-flex items-center gap-1 rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            <PlusIcon className="size-4" /> Tambah Baris
          </button>
        </div>
        <FieldError id={fields.detail.errorId} errors={fields.detail.errors} />
        {choices.part.error ? <p className="text-sm text-amber-800">{choices.part.error}</p> : null}
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="px-1 py-1 font-medium">No</th>
                <th className="px-1 py-1 font-medium">Suku Cadang</th>
                <th className="px-1 py-1 font-medium">Jumlah</th>
                <th className="px-1 py-1 font-medium">Harga Satuan</th>
                <th className="px-1 py-1 font-medium">
                  <span className="sr-only">Hapus</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((line, i) => {
                const f = line.getFieldset()
                const n = i + 1
                return (
                  <tr key={line.key} className="align-top">
                    <td className="px-1 py-1.5 text-slate-600">{n}</td>
                    <td className="px-1 py-1">
                      <LineSelect meta={f.suku_cadang_id} label={`Suku cadang baris ${n}`} options={choices.part.options} />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        {...getInputProps(f.jumlah, { type: 'text', ariaAttributes: true })}
                        key={f.jumlah.key}
                        aria-label={`Jumlah baris ${n}`}
                        inputMode="numeric"
                        maxLength={12}
                        className={`${control} w-24 text-right tabular-nums`}
                      />
                      <FieldError id={f.jumlah.errorId} errors={f.jumlah.errors} />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        {...getInputProps(f.harga, { type: 'text', ariaAttributes: true })}
                        key={f.harga.key}
                        aria-label={`Harga baris ${n}`}
                        inputMode="numeric"
                        maxLength={20}
                        onInput={(e) => {
                          const el = e.currentTarget
                          el.value = formatPrice(el.value)
                        }}
                        className={`${control} text-right tabular-nums`}
                      />
                      <FieldError id={f.harga.errorId} errors={f.harga.errors} />
                    </td>
                    <td className="px-1 py-1">
                      <button
                        {...form.remove.getButtonProps({ name: fields.detail.name, index: i })}
                        aria-label={`Hapus baris ${n}`}
                        className="inline-flex size-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                      >
                        <TrashIcon className="size-4" />
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <div className="flex items-center justify-end gap-3">
          <label htmlFor="grand-total" className="text-sm font-semibold text-slate-700">
            Grand Total
          </label>
          <output
            id="grand-total"
            aria-live="polite"
            className="min-w-40 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-right font-semibold tabular-nums"
          >
            {formatNumber(total)}
          </output>
        </div>
        <DialogButtons closeTo={closeTo} editing={editing} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
