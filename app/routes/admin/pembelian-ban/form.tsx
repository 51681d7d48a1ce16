import { getFormProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { draftFormData, takeDraft, type DraftValues } from '~/server/draft.server'
import { formatNumber } from '~/lib/format'
import { EMPTY_LINE, formatPrice, grandTotal, PembelianSchema, toPembelianInput } from '~/lib/forms/pembelian'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import type { Upstream } from '~/upstream/client.server'
import { createPembelian, getPembelian, updatePembelian, type Pembelian } from '~/upstream/pembelian-ban.server'
import { KONDISI_BAN } from '~/lib/forms/choices'
import { listSupplier } from '~/upstream/supplier.server'
import { simpleMasterApi } from '~/upstream/simple-master.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, type Option } from '~/ui/fields'
import { LineInput, LineSelect, LineTable, type LineColumn } from '~/ui/line-table'
import { SearchableSelectField } from '~/ui/searchable-select'

/** A posted purchase cannot be changed. */
const POSTED = 'Pembelian ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'

async function suppliers(up: Upstream) {
  const loaded: { all: Awaited<ReturnType<typeof listSupplier>> } = { all: [] }
  const choices = await lookupChoices(
    async () => (loaded.all = await listSupplier(up)),
    (s) => ({ value: String(s.id), label: [s.kode_supplier, s.nama_supp].filter(Boolean).join(' — ') }),
    'supplier',
  )
  return { choices, alamat: Object.fromEntries(loaded.all.map((s) => [String(s.id), s.alamat ?? ''])) }
}

async function loadPurchase(request: Request, up: Upstream, id: number) {
  const p = await findOneForDialog(request, () => getPembelian(up, id), 'Pembelian ban tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/**
 * 'Tambah Pembelian Ban' / 'Edit Pembelian Ban'. Mounted under the purchase
 * list and under the purchase inquiry: it returns to whichever list it was opened from.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const pembelian: Pembelian | null = params.id ? ((await loadPurchase(request, auth.upstream, idParam(params.id))) ?? null) : null
  const option = (value: number, label: string): Option => ({ value: String(value), label })
  const [supplier, ukuran, merek, typeban] = await Promise.all([
    suppliers(auth.upstream),
    lookupChoices(
      () => simpleMasterApi('ukuran').list(auth.upstream),
      (u) => option(u.id, u.nama),
      'ukuran',
    ),
    lookupChoices(
      () => simpleMasterApi('merek').list(auth.upstream),
      (m) => option(m.id, m.nama_merek),
      'merek',
    ),
    lookupChoices(
      () => simpleMasterApi('typban').list(auth.upstream),
      (t) => option(t.id, t.nama_type),
      'type ban',
    ),
  ])
  // Typed before the session ended (app/server/draft.server.ts): the supplier and every tyre line,
  // read back into the form's shape (`ban[0].no_seri` → ban: [{ no_seri }]); the address is the supplier's.
  const draft = await takeDraft(request, auth.user.id)
  const restored = draft?.values ? restoredPurchase(draft.values, supplier.alamat) : null
  return data(
    {
      pembelian,
      choices: { supplier: supplier.choices, ukuran, merek, typeban },
      alamat: supplier.alamat,
      closeTo: listUrlOf(request),
      editing: !!params.id,
      draft: draft?.values ?? null,
      restored,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

type LineValue = Partial<Record<keyof typeof EMPTY_LINE, string>>

function restoredPurchase(values: DraftValues, alamat: Record<string, string>): { supplier_id: string; alamat: string; ban: LineValue[] } {
  const payload = parseWithZod(draftFormData(values), { schema: PembelianSchema }).payload as { supplier_id?: unknown; ban?: unknown }
  const supplierId = typeof payload.supplier_id === 'string' ? payload.supplier_id : ''
  const lines = (Array.isArray(payload.ban) ? payload.ban.filter((l): l is LineValue => !!l && typeof l === 'object') : []).map((l) =>
    // The price as the input shows it (typed without JS it may be bare digits).
    typeof l.harga === 'string' ? { ...l, harga: formatPrice(l.harga) } : l,
  )
  return { supplier_id: supplierId, alamat: alamat[supplierId] ?? '', ban: lines.length > 0 ? lines : [EMPTY_LINE] }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  if (id) await loadPurchase(request, auth.upstream, id)
  let addresses: Record<string, string> | null = null
  const addressOf = async (supplierId: string) => {
    addresses ??= Object.fromEntries((await listSupplier(auth.upstream).catch(() => [])).map((s) => [String(s.id), s.alamat ?? '']))
    return addresses[supplierId] ?? ''
  }
  return saveDialogForm(request, {
    schema: PembelianSchema,
    // The address is the chosen supplier's, filled by the server (read-only in the form).
    prepare: async (formData) => {
      const supplierId = String(formData.get('supplier_id') ?? '')
      formData.set('alamat', supplierId ? await addressOf(supplierId) : '')
      return formData
    },
    save: async (value) => {
      const input = toPembelianInput(value, (await addressOf(value.supplier_id)) || null)
      return id ? updatePembelian(auth.upstream, id, input) : createPembelian(auth.upstream, input)
    },
    successMessage: id ? 'PembelianBan berhasil diperbarui!' : 'PembelianBan berhasil ditambahkan!',
    notFoundMessage: 'Pembelian ban tidak ditemukan.',
  })
}

const KONDISI_OPTIONS = KONDISI_BAN.map((k) => ({ value: k, label: k }))

type Pilihan = Record<'ukuran' | 'merek' | 'typeban', { options: Option[] }>
type BanLine = Record<keyof typeof EMPTY_LINE, FieldMetadata<string | undefined>>

/** The columns of the tyre lines. */
const BAN_COLUMNS = (choices: Pilihan): LineColumn<BanLine>[] => [
  { header: 'No Seri', cell: (f, n) => <LineInput meta={f.no_seri} label={`No Seri ban ${n}`} inputProps={{ maxLength: 100 }} /> },
  { header: 'Ukuran', cell: (f, n) => <LineSelect meta={f.ukuran_id} label={`Ukuran ban ${n}`} options={choices.ukuran.options} /> },
  { header: 'Kondisi', cell: (f, n) => <LineSelect meta={f.kondisi_ban} label={`Kondisi ban ${n}`} options={KONDISI_OPTIONS} /> },
  { header: 'Merek', cell: (f, n) => <LineSelect meta={f.merek_id} label={`Merek ban ${n}`} options={choices.merek.options} /> },
  { header: 'Type', cell: (f, n) => <LineSelect meta={f.typeban_id} label={`Type ban ${n}`} options={choices.typeban.options} /> },
  {
    header: 'Harga',
    // Digits only, shown with id-ID thousands separators.
    cell: (f, n) => (
      <LineInput
        meta={f.harga}
        label={`Harga ban ${n}`}
        format={formatPrice}
        inputProps={{ inputMode: 'numeric', maxLength: 20 }}
        className="text-right tabular-nums"
      />
    ),
  },
  {
    header: 'Tebal Tapak Awal (mm)',
    cell: (f, n) => (
      <LineInput
        meta={f.tebal_tapak_awal}
        label={`Tebal Tapak Awal ban ${n}`}
        inputProps={{ inputMode: 'decimal', maxLength: 5 }}
        className="w-20 text-right tabular-nums"
      />
    ),
  },
]

export default function PembelianForm() {
  const { pembelian, choices, alamat, closeTo, editing, draft, restored } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const lines = pembelian?.detail_ban.length
    ? pembelian.detail_ban.map((l) => ({
        no_seri: l.no_seri,
        ukuran_id: l.ukuran_id ? String(l.ukuran_id) : '',
        kondisi_ban: l.kondisi_ban ?? '',
        merek_id: l.merek_id ? String(l.merek_id) : '',
        typeban_id: l.typeban_id ? String(l.typeban_id) : '',
        harga: l.harga === null ? '' : formatPrice(String(Math.round(l.harga))),
        tebal_tapak_awal: l.tebal_tapak_awal === null ? '' : String(l.tebal_tapak_awal).replace('.', ','),
      }))
    : [EMPTY_LINE]
  const [form, fields] = useForm({
    id: `pembelian-${pembelian?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: restored ?? {
      supplier_id: pembelian?.supplier_id ? String(pembelian.supplier_id) : '',
      alamat: pembelian?.alamat ?? '',
      ban: lines,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PembelianSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const banList = fields.ban.getFieldList()
  const total = grandTotal(banList.map((l) => l.getFieldset().harga.value as string | undefined))
  return (
    <RouteDialog title={editing ? 'Edit Pembelian Ban' : 'Tambah Pembelian Ban'} closeTo={closeTo} size="xl">
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
            onValueChange={(v) => form.update({ name: fields.alamat.name, value: alamat[v] ?? '' })}
            hint={choices.supplier.error}
          />
          <div>
            <label htmlFor={fields.alamat.id} className="mb-1 block text-sm font-medium text-slate-700">
              Alamat
            </label>
            <textarea
              {...getTextareaProps(fields.alamat)}
              key={fields.alamat.key}
              readOnly
              rows={2}
              className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900"
            />
          </div>
        </div>
        <LineTable
          form={form}
          field={fields.ban}
          title="Daftar Ban"
          addLabel="Tambah Ban"
          emptyLine={EMPTY_LINE}
          removeLabel={(n) => `Hapus ban ${n}`}
          columns={BAN_COLUMNS(choices)}
        />
        {[choices.ukuran.error, choices.merek.error, choices.typeban.error].filter(Boolean).map((e) => (
          <p key={e} className="text-sm text-amber-800">
            {e}
          </p>
        ))}
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
