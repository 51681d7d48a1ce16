import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react'
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
import { DraftNotice, FormErrors, TextField, type Option } from '~/ui/fields'
import { LineInput, LineSelect, LineTable, type LineColumn } from '~/ui/line-table'
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

type PartLine = Record<keyof typeof EMPTY_PART_LINE, FieldMetadata<string | undefined>>

/** The columns of the part lines: the part, how many, the price of one. */
const partColumns = (parts: Option[]): LineColumn<PartLine>[] => [
  {
    header: 'Suku Cadang',
    cell: (f, n) => (
      <LineSelect meta={f.suku_cadang_id} label={`Suku cadang baris ${n}`} options={parts} placeholder="-- Pilih suku cadang --" />
    ),
  },
  {
    header: 'Jumlah',
    className: 'w-28',
    cell: (f, n) => (
      <LineInput
        meta={f.jumlah}
        label={`Jumlah baris ${n}`}
        inputProps={{ inputMode: 'numeric', maxLength: 12 }}
        className="w-24 text-right tabular-nums"
      />
    ),
  },
  {
    header: 'Harga Satuan',
    cell: (f, n) => (
      <LineInput
        meta={f.harga}
        label={`Harga baris ${n}`}
        format={formatPrice}
        inputProps={{ inputMode: 'numeric', maxLength: 20 }}
        className="text-right tabular-nums"
      />
    ),
  },
]

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
        <LineTable
          form={form}
          field={fields.detail}
          title="Daftar Suku Cadang"
          addLabel="Tambah Baris"
          emptyLine={EMPTY_PART_LINE}
          removeLabel={(n) => `Hapus baris ${n}`}
          notice={choices.part.error ? <p className="text-sm text-amber-800">{choices.part.error}</p> : null}
          columns={partColumns(choices.part.options)}
        />
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
