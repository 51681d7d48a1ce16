import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { todayInCompany } from '~/lib/date-filter'
import { formatNumber } from '~/lib/format'
import { formatPrice, grandTotal } from '~/lib/forms/pembelian'
import { EMPTY_JASA, EMPTY_PART, formErrorsOf, perintahKerjaBody, PerintahKerjaSchema } from '~/lib/perintah-kerja'
import { choiceUrl, KENDARAAN_CHOICE, lineChoices, searchChoices, SUKU_CADANG_CHOICE, type Choices } from '~/server/choices.server'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { draftFormData, takeDraft } from '~/server/draft.server'
import { formAsSent, readForm } from '~/server/form.server'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { listItemServis } from '~/upstream/jadwal-servis.server'
import { listKaryawan } from '~/upstream/karyawan.server'
import { getKendaraan } from '~/upstream/kendaraan.server'
import { createPerintahKerja, getPerintahKerja, updatePerintahKerja, type PerintahKerja } from '~/upstream/perintah-kerja.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextareaField, TextField, type Option } from '~/ui/fields'
import { LineInput, LineTable, type LineColumn } from '~/ui/line-table'
import { SearchableSelectField, searchIntentOf, searchParamOf } from '~/ui/searchable-select'

const POSTED = 'Perintah Kerja ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'
const FIELD = 'kendaraan_id'

const isId = (v: string) => /^\d{1,12}$/.test(v)

/** The list behind the dialog, without what a form opened from the due list carries in its address. */
function listOf(request: Request) {
  const url = new URL(listUrlOf(request), 'http://app')
  url.searchParams.delete(FIELD)
  url.searchParams.delete('item_servis_id')
  return url.pathname + url.search
}

const vehicleChoices = (request: Request, up: Upstream, chosen: string, q = '') =>
  searchChoices(up, KENDARAAN_CHOICE, { url: choiceUrl(request, 'kendaraan'), q, chosen })

/** The part field of line `i` (its search box and Cari button: searchParamOf / searchIntentOf of it). */
const partField = (i: number) => `parts[${i}].suku_cadang_id`

/**
 * The part lines' choices (a store of any size, searched upstream): per line the first matches of what
 * was searched on it (`q`, sent without JavaScript) and its chosen part; `base` for a line added in the browser.
 */
const partChoices = (request: Request, up: Upstream, lines: { chosen: string; q: string }[]) =>
  lineChoices(up, SUKU_CADANG_CHOICE, { url: choiceUrl(request, 'suku-cadang'), lines })

/** The chosen part of every line of a form's values (Conform's payload: parts: [{suku_cadang_id}]). */
function partLinesOf(payload: unknown, q: (i: number) => string = () => ''): { chosen: string; q: string }[] {
  const parts = payload && typeof payload === 'object' ? (payload as { parts?: unknown }).parts : undefined
  const list = Array.isArray(parts) ? parts : []
  return list.map((l, i) => {
    const v = l && typeof l === 'object' ? (l as { suku_cadang_id?: unknown }).suku_cadang_id : undefined
    return { chosen: typeof v === 'string' && isId(v) ? v : '', q: q(i) }
  })
}

/** The pickers' lists: service items, mechanics (employees). */
async function pickers(up: Upstream) {
  const [items, mekanik] = await Promise.all([
    lookupChoices(
      () => listItemServis(up),
      (i): Option => ({ value: String(i.id), label: i.nama }),
      'item servis',
    ),
    lookupChoices(
      () => listKaryawan(up),
      (k): Option => ({ value: String(k.id), label: [k.kode_karyawan, k.nama_lengkap].filter(Boolean).join(' — ') }),
      'mekanik',
    ),
  ])
  return { items, mekanik }
}

async function loadDoc(request: Request, up: Upstream, id: number) {
  const p = await findOneForDialog(request, () => getPerintahKerja(up, id), 'Perintah Kerja tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/** The work order an edit is sent to: 404 when it is gone, 409 when it was posted meanwhile. */
async function stillOpen(up: Upstream, id: number): Promise<PerintahKerja> {
  let p: PerintahKerja
  try {
    p = await getPerintahKerja(up, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404)
      throw data({ message: 'Perintah Kerja tidak ditemukan.' }, { status: 404 })
    throw error
  }
  if (p.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/** The chosen vehicle's km (the form's starting km), '' when unknown. */
async function kmOf(up: Upstream, kendaraanId: string): Promise<string> {
  if (!isId(kendaraanId)) return ''
  try {
    const k = await getKendaraan(up, Number(kendaraanId))
    return k?.km === null || k?.km === undefined ? '' : String(k.km)
  } catch (error) {
    if (error instanceof Response) throw error
    return ''
  }
}

/**
 * 'Tambah Perintah Kerja' / 'Edit Perintah Kerja'. Tambah: the vehicle (a searched choice; with
 * ?kendaraan_id=&item_servis_id=… from the due list, that vehicle and its due items checked, its km
 * filled in), the date, the km, the mechanic, the service items (checkboxes), the part lines (a part of
 * the store and how many), the labour lines (what and its cost), a note. Lines are added and removed
 * with Conform's list buttons, which post the form back without JavaScript. Edit: the same but the vehicle.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  const doc = params.id ? ((await loadDoc(request, auth.upstream, idParam(params.id))) ?? null) : null
  const url = new URL(request.url).searchParams
  const chosen = String(draft?.values?.fields[FIELD] ?? doc?.kendaraan_id ?? url.get(FIELD) ?? '')
  const partLines = draft?.values
    ? partLinesOf(parseWithZod(draftFormData(draft.values), { schema: PerintahKerjaSchema }).payload)
    : (doc?.parts ?? []).map((l) => ({ chosen: String(l.suku_cadang_id), q: '' }))
  const [kendaraan, choices, parts, km] = await Promise.all([
    doc ? null : vehicleChoices(request, auth.upstream, chosen),
    pickers(auth.upstream),
    partChoices(request, auth.upstream, partLines),
    doc ? String(doc.km) : kmOf(auth.upstream, chosen),
  ])
  const items = doc ? (doc.servis ?? []).map((s) => String(s.item_servis_id)) : url.getAll('item_servis_id').filter(isId)
  return data(
    {
      doc,
      chosen,
      kendaraan,
      choices: { ...choices, parts },
      km,
      items,
      today: todayInCompany(),
      closeTo: listOf(request),
      draft: draft?.values ?? null,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  // A work order deleted or posted meanwhile: its 404 or 409 page, before the form is read.
  const doc = id !== null ? await stillOpen(auth.upstream, id) : null
  const read = await readForm(request.clone())
  const chosen = doc ? String(doc.kendaraan_id) : read.ok ? String(read.formData.get(FIELD) ?? '') : ''
  const fill = (formData: FormData) => {
    if (doc) formData.set(FIELD, String(doc.kendaraan_id))
    return formData
  }
  const sent = (name: string) => (read.ok ? String(read.formData.get(searchParamOf(name)) ?? '') : '')
  // The dialog again: the choices of the lines as sent (after a line added or removed), with what was searched.
  const again = async (payload: unknown, searching = false) => {
    const [kendaraan, choices, parts] = await Promise.all([
      doc ? null : vehicleChoices(request, auth.upstream, chosen, searching ? sent(FIELD) : ''),
      pickers(auth.upstream),
      partChoices(
        request,
        auth.upstream,
        partLinesOf(payload, (i) => (searching ? sent(partField(i)) : '')),
      ),
    ])
    return { kendaraan, choices: { ...choices, parts } }
  }
  // A choice's search without JavaScript (the vehicle's, a part line's): the dialog again with the
  // matches of every search box, everything typed kept.
  const intent = read.ok ? String(read.formData.get('intent') ?? '') : ''
  if (read.ok && (intent === searchIntentOf(FIELD) || /^cari-parts\[\d+\]\.suku_cadang_id$/.test(intent))) {
    const submission = parseWithZod(fill(read.formData), { schema: PerintahKerjaSchema })
    return data({ result: formAsSent(submission), ...(await again(submission.payload, true)) }, { status: 200 })
  }
  // Which row of the form each line the upstream names was (empty rows are not sent).
  let at = { parts: [] as number[], jasa: [] as number[] }
  const saved = await saveDialogForm(request, {
    schema: PerintahKerjaSchema,
    prepare: fill,
    save: (value) => {
      const sent = perintahKerjaBody(value)
      at = sent.at
      return id ? updatePerintahKerja(auth.upstream, id, sent.body) : createPerintahKerja(auth.upstream, sent.body)
    },
    validationErrors: (error) => {
      const mapped = formErrorsOf(error.fieldErrors, at)
      const formErrors = mapped.formErrors.length ? mapped.formErrors : Object.keys(mapped.fieldErrors).length ? [] : [error.serverMessage]
      return { fieldErrors: mapped.fieldErrors, formErrors }
    },
    successMessage: id ? 'Perintah Kerja berhasil diperbarui!' : 'Perintah Kerja berhasil disimpan!',
    notFoundMessage: 'Perintah Kerja tidak ditemukan.',
    redirectTo: listOf(request),
  })
  if (saved instanceof Response || !('data' in saved)) return saved
  const lines = read.ok ? parseWithZod(fill(read.formData), { schema: PerintahKerjaSchema }).payload : {}
  return data({ ...saved.data, ...(await again(lines)) }, saved.init ?? undefined)
}

type PartLine = Record<keyof typeof EMPTY_PART, FieldMetadata<string | undefined>>
type JasaLine = Record<keyof typeof EMPTY_JASA, FieldMetadata<string | undefined>>

type PartChoices = { base: Choices; lines: Choices[] }

/**
 * The part lines: a part of the store (a searched choice per line: without JavaScript its search box
 * and Cari button re-render the dialog with the matches, with JavaScript it asks …/pilihan/suku-cadang
 * as one types) and how many.
 */
const partColumns = (parts: PartChoices): LineColumn<PartLine>[] => [
  {
    header: 'Suku Cadang',
    cell: (f, n) => {
      const c = parts.lines[n - 1] ?? parts.base
      return (
        <SearchableSelectField
          meta={f.suku_cadang_id}
          label={`Suku cadang baris ${n}`}
          labelHidden
          options={c.options}
          placeholder="-- Pilih suku cadang --"
          searchPlaceholder="Cari kode atau nama..."
          search={c.search}
          className="min-w-56"
        />
      )
    },
  },
  {
    header: 'Jumlah',
    className: 'w-28',
    cell: (f, n) => (
      <LineInput
        meta={f.jumlah}
        label={`Jumlah suku cadang baris ${n}`}
        inputProps={{ inputMode: 'numeric', maxLength: 9 }}
        className="w-24 text-right tabular-nums"
      />
    ),
  },
]

/** The labour lines: what was done and its cost. */
const JASA_COLUMNS: LineColumn<JasaLine>[] = [
  { header: 'Uraian', cell: (f, n) => <LineInput meta={f.uraian} label={`Uraian jasa baris ${n}`} inputProps={{ maxLength: 255 }} /> },
  {
    header: 'Biaya',
    className: 'w-40',
    cell: (f, n) => (
      <LineInput
        meta={f.biaya}
        label={`Biaya jasa baris ${n}`}
        format={formatPrice}
        inputProps={{ inputMode: 'numeric', maxLength: 20 }}
        className="w-36 text-right tabular-nums"
      />
    ),
  },
]

/** The values a list field was given (one value alone arrives as text). */
const valuesOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x) => typeof x === 'string' && x)
    : v && typeof v === 'object'
      ? Object.values(v).filter((x): x is string => typeof x === 'string' && !!x)
      : typeof v === 'string' && v
        ? [v]
        : []

export default function PerintahKerjaForm() {
  const loaded = useLoaderData<typeof loader>()
  const { doc, closeTo, draft } = loaded
  const actionData = useActionData<typeof action>()
  const kendaraan = actionData && 'kendaraan' in actionData ? actionData.kendaraan : loaded.kendaraan
  const choices = actionData && 'choices' in actionData ? actionData.choices : loaded.choices
  const stored = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))
  const parts = doc?.parts?.length
    ? doc.parts.map((l) => ({ suku_cadang_id: String(l.suku_cadang_id), jumlah: String(l.jumlah) }))
    : [EMPTY_PART]
  const jasa = doc?.jasa?.length ? doc.jasa.map((l) => ({ uraian: l.uraian, biaya: formatPrice(String(l.biaya)) })) : [EMPTY_JASA]
  const [form, fields] = useForm({
    id: `perintah-kerja-${doc?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: {
      [FIELD]: loaded.chosen,
      tanggal_awal: stored(doc?.tanggal_awal) || loaded.today,
      km: loaded.km,
      karyawan_id: stored(doc?.karyawan_id),
      keterangan: stored(doc?.keterangan),
      servis: loaded.items,
      parts,
      jasa,
      ...(draft?.fields ?? {}),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PerintahKerjaSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const checked = new Set(valuesOf(fields.servis.initialValue))
  // Each item's checkbox is its own entry of the list (servis[k]): a form reads only the first of repeated names.
  const jasaList = fields.jasa.getFieldList()
  const totalJasa = grandTotal(jasaList.map((l) => l.getFieldset().biaya.value as string | undefined))
  const title = doc ? `Edit Perintah Kerja ${doc.kode_perintah_kerja}` : 'Tambah Perintah Kerja'
  return (
    <RouteDialog title={title} closeTo={closeTo} size="xl">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {doc ? (
          <>
            <input {...getInputProps(fields[FIELD], { type: 'hidden' })} key={fields[FIELD].key} />
            <p className="text-sm text-slate-700">
              Kendaraan <strong>{[doc.kendaraan?.no_kabin, doc.kendaraan?.no_pol].filter(Boolean).join(' — ')}</strong>
            </p>
          </>
        ) : kendaraan ? (
          <SearchableSelectField
            meta={fields[FIELD]}
            label="Kendaraan"
            required
            options={kendaraan.options}
            placeholder="-- Pilih kendaraan --"
            searchPlaceholder="Cari kode, no kabin atau no pol..."
            hint={kendaraan.error}
            search={kendaraan.search}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={fields.tanggal_awal} label="Tanggal" type="date" required />
          <TextField meta={fields.km} label="Km" required inputProps={{ inputMode: 'numeric', maxLength: 12 }} />
          <div>
            <SelectField meta={fields.karyawan_id} label="Mekanik" options={choices.mekanik.options} placeholder="-- Pilih mekanik --" />
            {choices.mekanik.error ? <p className="mt-1 text-sm text-amber-800">{choices.mekanik.error}</p> : null}
          </div>
        </div>

        <fieldset>
          <legend className="mb-1 font-semibold text-slate-800">Item Servis</legend>
          {choices.items.error ? <p className="text-sm text-amber-800">{choices.items.error}</p> : null}
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2" key={fields.servis.key}>
            {choices.items.options.map((o: Option, k: number) => (
              <label key={o.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={`${fields.servis.name}[${k}]`}
                  value={o.value}
                  defaultChecked={checked.has(o.value)}
                  form={form.id}
                  className="size-4"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>

        <LineTable
          form={form}
          field={fields.parts}
          title="Suku Cadang"
          addLabel="Tambah Suku Cadang"
          emptyLine={EMPTY_PART}
          removeLabel={(n) => `Hapus suku cadang baris ${n}`}
          notice={choices.parts.base.error ? <p className="text-sm text-amber-800">{choices.parts.base.error}</p> : null}
          columns={partColumns(choices.parts)}
        />
        <LineTable
          form={form}
          field={fields.jasa}
          title="Jasa"
          addLabel="Tambah Jasa"
          emptyLine={EMPTY_JASA}
          removeLabel={(n) => `Hapus jasa baris ${n}`}
          columns={JASA_COLUMNS}
        />
        <div className="flex items-center justify-end gap-3">
          <label htmlFor="total-jasa" className="text-sm font-semibold text-slate-700">
            Total Jasa
          </label>
          <output
            id="total-jasa"
            aria-live="polite"
            className="min-w-40 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-right font-semibold tabular-nums"
          >
            {formatNumber(totalJasa)}
          </output>
        </div>
        <p className="text-xs text-slate-600">Harga suku cadang mengikuti harga rata-rata stok saat disimpan.</p>
        <TextareaField meta={fields.keterangan} label="Keterangan" rows={2} textareaProps={{ maxLength: 255 }} />
        <DialogButtons closeTo={closeTo} editing={!!doc} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
