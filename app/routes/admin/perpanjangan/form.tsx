import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { todayInCompany } from '~/lib/date-filter'
import { formatDate } from '~/lib/format'
import { formatPrice } from '~/lib/forms/pembelian'
import { uploadSrc } from '~/lib/images'
import { FOTO_KWITANSI, JENIS_DOKUMEN, perpanjanganBody, PerpanjanganSchema } from '~/lib/perpanjangan'
import { choiceUrl, KENDARAAN_DOKUMEN_CHOICE, searchChoices } from '~/server/choices.server'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formAsSent, readForm } from '~/server/form.server'
import { requireScreen } from '~/server/grants.server'
import { findOneForDialog } from '~/server/route-errors.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { createPerpanjangan, getPerpanjangan, getSebelumnya, updatePerpanjangan, type Perpanjangan } from '~/upstream/perpanjangan.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, ImageField, SelectField, TextareaField, TextField } from '~/ui/fields'
import { SearchableSelectField, searchIntentOf, searchParamOf, type ChoiceOption } from '~/ui/searchable-select'
import { useHydrated } from '~/ui/use-hydrated'

const POSTED = 'Perpanjangan ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'
const FIELD = 'kendaraan_id'
/** The no-JS button that shows the chosen vehicle's old expiry (with JS it follows the choice at once). */
const LAMA = 'expired-lama'

const isId = (v: string) => /^\d{1,12}$/.test(v)
const jenisOf = (v: unknown) =>
  typeof v === 'string' && (JENIS_DOKUMEN as readonly string[]).includes(v.toUpperCase()) ? v.toUpperCase() : ''

/** The old expiry of `jenis` of vehicle `kendaraanId` as the upstream reads it ('' when none or not chosen). */
async function expiredLamaOf(up: Upstream, kendaraanId: string, jenis: string): Promise<string> {
  if (!isId(kendaraanId) || !jenis) return ''
  try {
    return (await getSebelumnya(up, Number(kendaraanId), jenis)).expired_lama ?? ''
  } catch (error) {
    if (error instanceof Response) throw error
    return ''
  }
}

/** The list behind the dialog, without the choice a form opened from the due lists carries in its address. */
function listOf(request: Request) {
  const url = new URL(listUrlOf(request), 'http://app')
  url.searchParams.delete(FIELD)
  url.searchParams.delete('jenis_dokumen')
  return url.pathname + url.search
}

const vehicleChoices = (request: Request, up: Upstream, chosen: string, q = '') =>
  searchChoices(up, KENDARAAN_DOKUMEN_CHOICE, { url: choiceUrl(request, 'kendaraan-dokumen'), q, chosen })

async function loadDoc(request: Request, up: Upstream, id: number) {
  const p = await findOneForDialog(request, () => getPerpanjangan(up, id), 'Perpanjangan tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/** The renewal an edit is sent to: 404 when it is gone, 409 when it was posted meanwhile. */
async function stillOpen(up: Upstream, id: number): Promise<Perpanjangan> {
  let p: Perpanjangan
  try {
    p = await getPerpanjangan(up, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404)
      throw data({ message: 'Perpanjangan tidak ditemukan.' }, { status: 404 })
    throw error
  }
  if (p.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return p
}

/**
 * 'Tambah Perpanjangan' / 'Edit Perpanjangan'. Tambah: the vehicle (a searched choice) and the
 * document (STNK or KIR), both given by ?kendaraan_id=&jenis_dokumen= from the due lists; the old
 * expiry shown; the new expiry, the cost, the payment date, the receipt photo, a note. Edit: the same
 * but the vehicle and the document.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  const doc = params.id ? ((await loadDoc(request, auth.upstream, idParam(params.id))) ?? null) : null
  const url = new URL(request.url).searchParams
  const chosen = String(draft?.values?.fields[FIELD] ?? doc?.kendaraan_id ?? url.get(FIELD) ?? '')
  const jenis = jenisOf(draft?.values?.fields.jenis_dokumen ?? doc?.jenis_dokumen ?? url.get('jenis_dokumen') ?? 'STNK')
  const [kendaraan, expiredLama] = await Promise.all([
    doc ? null : vehicleChoices(request, auth.upstream, chosen),
    doc ? (doc.expired_lama ?? '') : expiredLamaOf(auth.upstream, chosen, jenis),
  ])
  return data(
    { doc, chosen, jenis, kendaraan, expiredLama, today: todayInCompany(), closeTo: listOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  // A renewal deleted or posted meanwhile: its 404 or 409 page, before the form is read.
  const doc = id !== null ? await stillOpen(auth.upstream, id) : null
  const read = await readForm(request.clone())
  const chosen = doc ? String(doc.kendaraan_id) : read.ok ? String(read.formData.get(FIELD) ?? '') : ''
  const jenis = doc ? doc.jenis_dokumen : read.ok ? jenisOf(read.formData.get('jenis_dokumen')) : ''
  // The old expiry as the upstream has it now (the form's copy is only for the browser's own check).
  const expiredLama = doc ? (doc.expired_lama ?? '') : await expiredLamaOf(auth.upstream, chosen, jenis)
  const fill = (formData: FormData) => {
    if (doc) {
      formData.set(FIELD, String(doc.kendaraan_id))
      formData.set('jenis_dokumen', doc.jenis_dokumen)
    }
    if (expiredLama) formData.set('expired_lama', expiredLama)
    else formData.delete('expired_lama')
    return formData
  }
  const again = async (q = '') => ({ kendaraan: doc ? null : await vehicleChoices(request, auth.upstream, chosen, q), expiredLama })
  const intent = read.ok ? read.formData.get('intent') : null
  if (read.ok && (intent === LAMA || intent === searchIntentOf(FIELD))) {
    const submission = parseWithZod(fill(read.formData), { schema: PerpanjanganSchema })
    const q = intent === LAMA ? '' : String(read.formData.get(searchParamOf(FIELD)) ?? '')
    return data({ result: formAsSent(submission), ...(await again(q)) }, { status: 200 })
  }
  const saved = await saveDialogForm(request, {
    schema: PerpanjanganSchema,
    prepare: fill,
    images: { gambar: FOTO_KWITANSI },
    save: (value) =>
      id
        ? updatePerpanjangan(auth.upstream, id, perpanjanganBody(value, false))
        : createPerpanjangan(auth.upstream, perpanjanganBody(value, true)),
    successMessage: id
      ? 'Perpanjangan berhasil diperbarui!'
      : 'Perpanjangan berhasil disimpan! Tanggal expired kendaraan sudah diperbarui.',
    notFoundMessage: 'Perpanjangan tidak ditemukan.',
    redirectTo: listOf(request),
  })
  if (saved instanceof Response || !('data' in saved)) return saved
  return data({ ...saved.data, ...(await again()) }, saved.init ?? undefined)
}

const JENIS_OPTIONS = JENIS_DOKUMEN.map((j) => ({ value: j, label: j }))

export default function PerpanjanganForm() {
  const loaded = useLoaderData<typeof loader>()
  const { doc, closeTo, draft } = loaded
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const kendaraan = actionData && 'kendaraan' in actionData ? actionData.kendaraan : loaded.kendaraan
  const serverLama = actionData && 'expiredLama' in actionData ? actionData.expiredLama : loaded.expiredLama
  // With JS: the chosen vehicle's dates (from its option) and the chosen document give the old expiry at once.
  const [picked, setPicked] = useState<Record<string, string> | null>(null)
  const stored = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))
  const initial: Record<string, string> = {
    [FIELD]: loaded.chosen,
    jenis_dokumen: loaded.jenis,
    expired_baru: stored(doc?.expired_baru),
    tanggal_bayar: stored(doc?.tanggal_bayar) || loaded.today,
    biaya: doc ? formatPrice(stored(doc.biaya)) : '',
    keterangan: stored(doc?.keterangan),
    ...(draft?.fields ?? {}),
  }
  const [form, fields] = useForm({
    id: `perpanjangan-${doc?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PerpanjanganSchema }),
    shouldRevalidate: 'onInput',
  })
  const jenis = jenisOf(fields.jenis_dokumen.value ?? loaded.jenis)
  const expiredLama = picked ? (jenis === 'KIR' ? picked.expired_kir : picked.expired_stnk) || '' : serverLama
  const pickVehicle = (_: string, option?: ChoiceOption) => setPicked(option?.data ?? {})
  const title = doc ? `Edit Perpanjangan ${doc.kode_perpanjangan}` : 'Tambah Perpanjangan STNK / KIR'
  return (
    <RouteDialog title={title} closeTo={closeTo} size="xl">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {expiredLama ? <input type="hidden" name="expired_lama" value={expiredLama} /> : null}
        {doc ? (
          <>
            <input {...getInputProps(fields[FIELD], { type: 'hidden' })} key={fields[FIELD].key} />
            <input {...getInputProps(fields.jenis_dokumen, { type: 'hidden' })} key={fields.jenis_dokumen.key} />
            <p className="text-sm text-slate-700">
              {doc.jenis_dokumen} kendaraan <strong>{[doc.kendaraan?.no_kabin, doc.kendaraan?.no_pol].filter(Boolean).join(' — ')}</strong>
            </p>
          </>
        ) : kendaraan ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <SearchableSelectField
                meta={fields[FIELD]}
                label="Kendaraan"
                options={kendaraan.options}
                placeholder="-- Pilih kendaraan --"
                searchPlaceholder="Cari kode, no kabin atau no pol..."
                onValueChange={pickVehicle}
                hint={kendaraan.error}
                search={kendaraan.search}
              />
            </div>
            <SelectField meta={fields.jenis_dokumen} label="Dokumen" options={JENIS_OPTIONS} required />
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value={LAMA}
                formNoValidate
                className="justify-self-start text-sm font-semibold text-blue-700 hover:underline"
              >
                Tampilkan tanggal expired lama
              </button>
            )}
          </div>
        ) : null}
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="expired-lama">
          Expired lama: <strong>{expiredLama ? formatDate(expiredLama) : 'belum tercatat'}</strong>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.expired_baru} label="Expired Baru" type="date" required />
          <TextField meta={fields.biaya} label="Biaya (Rp)" required inputProps={{ inputMode: 'numeric', maxLength: 20 }} />
          <TextField meta={fields.tanggal_bayar} label="Tanggal Bayar" type="date" required />
          <ImageField meta={fields.gambar} label={FOTO_KWITANSI} currentSrc={uploadSrc(doc?.gambar)} />
        </div>
        <TextareaField meta={fields.keterangan} label="Keterangan" rows={2} textareaProps={{ maxLength: 255 }} />
        <DialogButtons closeTo={closeTo} editing={!!doc} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
