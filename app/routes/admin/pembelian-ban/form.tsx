import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
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
import { DraftNotice, FieldError, FormErrors, type Option } from '~/ui/fields'
import { PlusIcon, TrashIcon } from '~/ui/icons'
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

const control =
  'block w-full min-w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

function LineSelect({
  meta,
  label,
  options,
  placeholder = '-- Pilih --',
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  options: Option[]
  placeholder?: string
}) {
  const props = getSelectProps(meta, { ariaAttributes: true })
  return (
    <>
      <select {...props} key={props.key} aria-label={label} className={control}>
        <option value="">{placeholder}</option>
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

const KONDISI_OPTIONS = KONDISI_BAN.map((k) => ({ value: k, label: k }))

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
        <div className="flex items-center justify-between">
          <h3 className="font-semibold text-slate-800">Daftar Ban</h3>
          <button
            {...form.insert.getButtonProps({ name: fields.ban.name, defaultValue: EMPTY_LINE })}
            className="inline-flex items-center gap-1 rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            <PlusIcon className="size-4" /> Tambah Ban
          </button>
        </div>
        <FieldError id={fields.ban.errorId} errors={fields.ban.errors} />
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="px-1 py-1 font-medium">No</th>
                <th className="px-1 py-1 font-medium">No Seri</th>
                <th className="px-1 py-1 font-medium">Ukuran</th>
                <th className="px-1 py-1 font-medium">Kondisi</th>
                <th className="px-1 py-1 font-medium">Merek</th>
                <th className="px-1 py-1 font-medium">Type</th>
                <th className="px-1 py-1 font-medium">Harga</th>
                <th className="px-1 py-1 font-medium">Tebal Tapak Awal (mm)</th>
                <th className="px-1 py-1 font-medium">
                  <span className="sr-only">Hapus</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {banList.map((line, i) => {
                const f = line.getFieldset()
                const n = i + 1
                return (
                  <tr key={line.key} className="align-top">
                    <td className="px-1 py-1.5 text-slate-600">{n}</td>
                    <td className="px-1 py-1">
                      <input
                        {...getInputProps(f.no_seri, { type: 'text', ariaAttributes: true })}
                        key={f.no_seri.key}
                        aria-label={`No Seri ban ${n}`}
                        maxLength={100}
                        className={control}
                      />
                      <FieldError id={f.no_seri.errorId} errors={f.no_seri.errors} />
                    </td>
                    <td className="px-1 py-1">
                      <LineSelect meta={f.ukuran_id} label={`Ukuran ban ${n}`} options={choices.ukuran.options} />
                    </td>
                    <td className="px-1 py-1">
                      <LineSelect meta={f.kondisi_ban} label={`Kondisi ban ${n}`} options={KONDISI_OPTIONS} />
                    </td>
                    <td className="px-1 py-1">
                      <LineSelect meta={f.merek_id} label={`Merek ban ${n}`} options={choices.merek.options} />
                    </td>
                    <td className="px-1 py-1">
                      <LineSelect meta={f.typeban_id} label={`Type ban ${n}`} options={choices.typeban.options} />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        {...getInputProps(f.harga, { type: 'text', ariaAttributes: true })}
                        key={f.harga.key}
                        aria-label={`Harga ban ${n}`}
                        inputMode="numeric"
                        maxLength={20}
                        onInput={(e) => {
                          // Digits only, shown with id-ID thousands separators.
                          const el = e.currentTarget
                          el.value = formatPrice(el.value)
                        }}
                        className={`${control} text-right tabular-nums`}
                      />
                      <FieldError id={f.harga.errorId} errors={f.harga.errors} />
                    </td>
                    <td className="px-1 py-1">
                      <input
                        {...getInputProps(f.tebal_tapak_awal, { type: 'text', ariaAttributes: true })}
                        key={f.tebal_tapak_awal.key}
                        aria-label={`Tebal Tapak Awal ban ${n}`}
                        inputMode="decimal"
                        maxLength={5}
                        className={`${control} w-20 text-right tabular-nums`}
                      />
                      <FieldError id={f.tebal_tapak_awal.errorId} errors={f.tebal_tapak_awal.errors} />
                    </td>
                    <td className="px-1 py-1">
                      <button
                        {...form.remove.getButtonProps({ name: fields.ban.name, index: i })}
                        aria-label={`Hapus ban ${n}`}
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
