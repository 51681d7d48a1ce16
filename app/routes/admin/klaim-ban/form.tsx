import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { todayInCompany } from '~/lib/date-filter'
import { formatNumber, formatRupiah } from '~/lib/format'
import { formatPrice } from '~/lib/forms/pembelian'
import { JENIS_KLAIM, KlaimSchema, type KlaimValue } from '~/lib/klaim'
import { choiceUrl, PELEPASAN_KLAIM_CHOICE, searchChoices, sumberFigures } from '~/server/choices.server'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formAsSent, readForm } from '~/server/form.server'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import type { Upstream } from '~/upstream/client.server'
import { listKaryawan } from '~/upstream/karyawan.server'
import { createKlaim, getKlaim, getSumberKlaim, updateKlaim, type Klaim, type KlaimInput } from '~/upstream/klaim-ban.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { listSupplier } from '~/upstream/supplier.server'
import { DetailList } from '~/ui/detail-list'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextareaField, TextField } from '~/ui/fields'
import { SearchableSelectField, searchIntentOf, searchParamOf, type ChoiceOption } from '~/ui/searchable-select'
import { useHydrated } from '~/ui/use-hydrated'

const POSTED = 'Klaim ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'
const FIELD = 'detail_pelepasan_ban_id'
/** The no-JS button that shows the chosen pelepasan line's figures (with JS they follow the choice at once). */
const HITUNG = 'hitung'

type Figures = Record<string, string>

/** The figures of the pelepasan line `lineId` (empty when none is chosen or it cannot be read). */
async function figuresOf(up: Upstream, lineId: string): Promise<Figures | null> {
  if (!/^\d{1,12}$/.test(lineId)) return null
  try {
    return sumberFigures(await getSumberKlaim(up, Number(lineId)))
  } catch (error) {
    if (error instanceof Response) throw error
    return null
  }
}

const claimFigures = (k: Klaim): Figures => ({
  harga: String(k.harga ?? ''),
  target_km: String(k.target_km ?? ''),
  km_tempuh: String(k.km_tempuh ?? ''),
  nilai_hitung: String(k.nilai_hitung ?? ''),
  supplier_id: k.supplier_id ? String(k.supplier_id) : '',
})

async function parties(up: Upstream) {
  return Promise.all([
    lookupChoices(
      () => listSupplier(up),
      (s) => ({ value: String(s.id), label: [s.kode_supplier, s.nama_supp].filter(Boolean).join(' — ') }),
      'supplier',
    ),
    lookupChoices(
      () => listKaryawan(up),
      (k) => ({ value: String(k.id), label: [k.kode_karyawan, k.nama_lengkap].filter(Boolean).join(' — ') }),
      'karyawan',
    ),
  ])
}

const pelepasanChoices = (request: Request, up: Upstream, chosen: string, q = '') =>
  searchChoices(up, PELEPASAN_KLAIM_CHOICE, { url: choiceUrl(request, 'pelepasan'), q, chosen })

async function loadKlaim(request: Request, up: Upstream, id: number) {
  const k = await findOneForDialog(request, () => getKlaim(up, id), 'Klaim ban tidak ditemukan.')
  if (k?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return k
}

/** The claim an edit is sent to: 404 when it is gone, 409 when it was posted meanwhile. */
async function stillOpen(up: Upstream, id: number) {
  let k: Klaim
  try {
    k = await getKlaim(up, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: 'Klaim ban tidak ditemukan.' }, { status: 404 })
    throw error
  }
  if (k.status === 'posting') throw data({ message: POSTED }, { status: 409 })
}

/**
 * 'Tambah Klaim Ban' / 'Edit Klaim Ban' (under the list and under the claim inquiry). Tambah: the
 * pelepasan line (a searched choice of the lines that may be claimed), its figures and the computed
 * amount, the party. Edit (Update): the party, and another amount with its reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  const klaim = params.id ? ((await loadKlaim(request, auth.upstream, idParam(params.id))) ?? null) : null
  const chosen = String(
    draft?.values?.fields[FIELD] ?? klaim?.detail_pelepasan_ban_id ?? new URL(request.url).searchParams.get('pelepasan') ?? '',
  )
  const [[supplier, karyawan], pelepasan, figures] = await Promise.all([
    parties(auth.upstream),
    klaim ? null : pelepasanChoices(request, auth.upstream, chosen),
    klaim ? claimFigures(klaim) : figuresOf(auth.upstream, chosen),
  ])
  return data(
    {
      klaim,
      chosen,
      supplier,
      karyawan,
      pelepasan,
      figures,
      today: todayInCompany(),
      closeTo: listUrlOf(request),
      draft: draft?.values ?? null,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

const toInput = (v: KlaimValue, create: boolean): KlaimInput => ({
  ...(create ? { detail_pelepasan_ban_id: Number(v.detail_pelepasan_ban_id) } : {}),
  tanggal_awal: v.tanggal_awal,
  jenis: v.jenis,
  supplier_id: v.jenis === 'Garansi Supplier' && v.supplier_id ? Number(v.supplier_id) : null,
  karyawan_id: v.jenis === 'Karyawan' && v.karyawan_id ? Number(v.karyawan_id) : null,
  nilai_klaim: v.nilai_klaim ? Number(v.nilai_klaim) : null,
  alasan_ubah_nilai: v.alasan_ubah_nilai || null,
  keterangan: v.keterangan || null,
})

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  // A claim deleted or posted meanwhile: its 404 or 409 page, before the form is read.
  if (id !== null) await stillOpen(auth.upstream, id)
  const read = await readForm(request.clone())
  const lineId = read.ok ? String(read.formData.get(FIELD) ?? '') : ''
  // The chosen line's figures, and its purchase's supplier as the default party of a warranty claim.
  const figures = id === null ? await figuresOf(auth.upstream, lineId) : null
  const fill = (formData: FormData) => {
    if (figures?.supplier_id && !formData.get('supplier_id')) formData.set('supplier_id', figures.supplier_id)
    return formData
  }
  const again = async (q = '') => ({ pelepasan: id === null ? await pelepasanChoices(request, auth.upstream, lineId, q) : null, figures })
  const intent = read.ok ? read.formData.get('intent') : null
  if (read.ok && (intent === HITUNG || intent === searchIntentOf(FIELD))) {
    const submission = parseWithZod(fill(read.formData), { schema: KlaimSchema })
    const q = intent === HITUNG ? '' : String(read.formData.get(searchParamOf(FIELD)) ?? '')
    return data({ result: formAsSent(submission), ...(await again(q)) }, { status: 200 })
  }
  const saved = await saveDialogForm(request, {
    schema: KlaimSchema,
    prepare: fill,
    save: (value) => (id ? updateKlaim(auth.upstream, id, toInput(value, false)) : createKlaim(auth.upstream, toInput(value, true))),
    successMessage: id ? 'Klaim ban berhasil diperbarui!' : 'Klaim ban berhasil diajukan!',
    notFoundMessage: 'Klaim ban tidak ditemukan.',
  })
  if (saved instanceof Response || !('data' in saved)) return saved
  return data({ ...saved.data, ...(await again()) }, saved.init ?? undefined)
}

const JENIS_OPTIONS = JENIS_KLAIM.map((j) => ({ value: j, label: j }))
const number = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null)

export default function KlaimForm() {
  const loaded = useLoaderData<typeof loader>()
  const { klaim, supplier, karyawan, closeTo, draft } = loaded
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const pelepasan = actionData && 'pelepasan' in actionData ? actionData.pelepasan : loaded.pelepasan
  const [picked, setPicked] = useState<Figures | null>(null)
  const figures = picked ?? (actionData && 'figures' in actionData && actionData.figures ? actionData.figures : loaded.figures)
  const stored = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))
  const initial: Record<string, string> = {
    [FIELD]: loaded.chosen,
    tanggal_awal: stored(klaim?.tanggal_awal) || loaded.today,
    jenis: klaim?.jenis || 'Garansi Supplier',
    supplier_id: stored(klaim?.supplier_id) || (figures?.supplier_id ?? ''),
    karyawan_id: stored(klaim?.karyawan_id),
    nilai_klaim: klaim ? formatPrice(stored(klaim.nilai_klaim)) : '',
    nilai_hitung: klaim ? stored(klaim.nilai_hitung) : '',
    alasan_ubah_nilai: stored(klaim?.alasan_ubah_nilai),
    keterangan: stored(klaim?.keterangan),
    ...(draft?.fields ?? {}),
  }
  const [form, fields] = useForm({
    id: `klaim-${klaim?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KlaimSchema }),
    shouldRevalidate: 'onInput',
  })
  const pickLine = (_: string, option?: ChoiceOption) => {
    setPicked(option?.data ?? {})
    if (option?.data?.supplier_id && !fields.supplier_id.value) form.update({ name: 'supplier_id', value: option.data.supplier_id })
  }
  const figureItems: [string, string][] = [
    ['Harga Ban', figures?.harga ? formatRupiah(number(figures.harga)) : ''],
    ['Target Km', figures?.target_km ? formatNumber(number(figures.target_km)) : ''],
    ['Km Tempuh', figures?.km_tempuh ? formatNumber(number(figures.km_tempuh)) : ''],
    ['Nilai Klaim (dihitung)', figures?.nilai_hitung ? formatRupiah(number(figures.nilai_hitung)) : ''],
  ]
  return (
    <RouteDialog title={klaim ? `Edit Klaim Ban ${klaim.kode_klaim}` : 'Tambah Klaim Ban'} closeTo={closeTo} size="xl">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {klaim ? (
          <>
            <input {...getInputProps(fields[FIELD], { type: 'hidden' })} key={fields[FIELD].key} />
            <input {...getInputProps(fields.nilai_hitung, { type: 'hidden' })} key={fields.nilai_hitung.key} />
            <p className="text-sm text-slate-700">
              Ban <strong>{klaim.ban?.no_seri ?? '-'}</strong> dari pelepasan {klaim.pelepasan?.kode_pelepasan ?? '-'} (
              {klaim.pelepasan?.alasan ?? '-'})
            </p>
          </>
        ) : pelepasan ? (
          <div>
            <SearchableSelectField
              meta={fields[FIELD]}
              label="Pelepasan Ban yang Diklaim"
              options={pelepasan.options}
              placeholder="-- Pilih pelepasan ban --"
              searchPlaceholder="Cari no seri, kode pelepasan atau no kabin..."
              onValueChange={pickLine}
              hint={pelepasan.error ?? 'Hanya pelepasan dengan alasan Pecah atau Klaim Garansi yang km tempuhnya di bawah target km.'}
              search={pelepasan.search}
            />
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value={HITUNG}
                formNoValidate
                className="mt-1 text-sm font-semibold text-blue-700 hover:underline"
              >
                Tampilkan nilai klaim
              </button>
            )}
          </div>
        ) : null}
        <section aria-label="Perhitungan klaim" className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <DetailList items={figureItems} />
          <p className="mt-2 text-xs text-slate-600">Nilai klaim = harga ban × (1 − km tempuh ÷ target km), dibulatkan ke rupiah.</p>
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.tanggal_awal} label="Tanggal" type="date" required />
          <SelectField meta={fields.jenis} label="Pihak yang Diklaim" options={JENIS_OPTIONS} required />
          {/* Keyed by the field: a supplier filled from the chosen line (form.update) shows at once. */}
          <div key={fields.supplier_id.key}>
            <SearchableSelectField
              meta={fields.supplier_id}
              label="Supplier (Garansi Supplier)"
              options={supplier.options}
              placeholder="-- Pilih supplier --"
              searchPlaceholder="Cari supplier..."
              hint={supplier.error}
            />
          </div>
          <div>
            <SearchableSelectField
              meta={fields.karyawan_id}
              label="Karyawan (pengemudi yang bertanggung jawab)"
              options={karyawan.options}
              placeholder="-- Pilih karyawan --"
              searchPlaceholder="Cari karyawan..."
              hint={karyawan.error}
            />
          </div>
          {klaim ? (
            <>
              <TextField meta={fields.nilai_klaim} label="Nilai Klaim (Rp)" inputProps={{ inputMode: 'numeric', maxLength: 20 }} />
              <TextField meta={fields.alasan_ubah_nilai} label="Alasan Perubahan Nilai" inputProps={{ maxLength: 255 }} />
            </>
          ) : null}
        </div>
        <TextareaField meta={fields.keterangan} label="Keterangan" rows={2} textareaProps={{ maxLength: 255 }} />
        <DialogButtons closeTo={closeTo} editing={!!klaim} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
