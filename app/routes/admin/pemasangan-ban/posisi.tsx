import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { DEFAULT_TARGET_BAN, pemasanganLineErrors, PosisiBanSchema } from '~/lib/pemasangan'
import { takeDraft } from '~/server/draft.server'
import { pemasanganMode, loadPemasanganScreen, positionOrFail, refuseIfPosted, screenUrl } from '~/server/pemasangan.server'
import { formatNumber } from '~/lib/format'
import { FormRefusal, saveDialogForm } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { BAN_STOK_CHOICE, choiceUrl, searchChoices } from '~/server/choices.server'
import { formAsSent, readForm } from '~/server/form.server'
import { fittedTyreOf } from '~/server/tyre-screen.server'
import type { Upstream } from '~/upstream/client.server'
import { addDetailBan, addInqueryDetailBan } from '~/upstream/pemasangan-ban.server'
import { CancelLink } from '~/ui/button'
import { DetailList } from '~/ui/detail-list'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, ReadOnlyField, TextField } from '~/ui/fields'
import { SearchableSelectField, searchIntentOf, searchParamOf } from '~/ui/searchable-select'
import { FittedTyreDetails } from '~/ui/tyre-screen'

const permOf = (params: LoaderFunctionArgs['params']) => (params.id === undefined ? 'create' : 'update')

/**
 * 'Form Input Pemasangan Ban ({position})': a dialog route of the pemasangan
 * screen. A free position offers the tyres in stock (GET /api/ban?status=stok); a filled one shows
 * its tyre and a delete action.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = pemasanganMode(request, params)
  const screen = await loadPemasanganScreen(auth.upstream, mode)
  refuseIfPosted(screen)
  const posisi = positionOrFail(screen.layout, params.posisi)
  const url = screenUrl(request, mode)
  const draft = await takeDraft(request, auth.user.id)
  // Who holds the position now: a line of this screen not taken off, else another pemasangan's tyre.
  const filled = screen.fitted.find((d) => d.posisi_ban === posisi) ?? null
  const other = filled ? null : (screen.elsewhere.find((e) => e.posisi === posisi) ?? null)
  // A free position chooses among the tyres in stock (a searchable choice: at a large stock's size
  // the first matches, searched upstream).
  const ban = filled || other ? null : await tyreChoices(request, auth.upstream, draft?.values?.fields.no_seri ?? '')
  return data(
    {
      posisi,
      // Typed before the session ended (app/server/draft.server.ts); only for a position still free.
      draft: filled || other ? null : (draft?.values ?? null),
      kendaraan: { id: screen.kendaraan.id, km: screen.kendaraan.km },
      filled: filled ? { id: filled.id, ...fittedTyreOf(filled), target: filled.target_presentase } : null,
      other: other
        ? {
            no_seri: other.no_seri,
            kode_ban: other.kode_ban,
            kode: other.pemasangan.kode,
            show: `/admin/pemasangan-detail/${other.pemasangan.id}?${new URLSearchParams({ back: url.href })}`,
            edit: other.pemasangan.status === 'posting' ? null : `/admin/inquery-pemasangan-ban/edit/${other.pemasangan.id}`,
          }
        : null,
      ban: ban ? { ...ban, options: ban.options.filter((o) => o.value) } : { options: [], error: null, search: null },
      closeTo: url.href,
      hapusTo: filled ? `${url.path}/detail/${filled.id}/hapus${url.search}` : null,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

/** The tyres in stock offered for a free position (`chosen` kept), the first matches of `q` when the upstream pages. */
const tyreChoices = (request: Request, up: Upstream, chosen: string, q = '') =>
  searchChoices(up, BAN_STOK_CHOICE, { url: choiceUrl(request, 'ban'), q, chosen })

/**
 * Saves the tyre line at once (POST /api/pemasangan-ban/detail-ban; on the edit screen
 * POST /api/inquery-pemasangan-ban/detail-ban with pemasangan_ban_id) and returns to the screen with
 * 'Data pemasangan ban berhasil disimpan.' (2 s). The upstream's refusals are shown beside the fields
 * (the km rule beside Km Pemasangan), every value kept.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = pemasanganMode(request, params)
  // The screen first: a vehicle or pemasangan that is gone is a 404, a posted pemasangan a 409 (thrown pages).
  const screen = await loadPemasanganScreen(auth.upstream, mode)
  refuseIfPosted(screen)
  const posisi = positionOrFail(screen.layout, params.posisi)
  // Cari (the tyre search without JavaScript) and a refused save re-render the dialog: the tyre
  // choice comes along with the chosen tyre and the matches of the text searched.
  const read = await readForm(request.clone())
  const chosen = read.ok ? String(read.formData.get('no_seri') ?? '') : ''
  if (read.ok && read.formData.get('intent') === searchIntentOf('no_seri')) {
    const submission = parseWithZod(read.formData, { schema: PosisiBanSchema })
    const q = String(read.formData.get(searchParamOf('no_seri')) ?? '')
    return data({ result: formAsSent(submission), ban: await tyreChoices(request, auth.upstream, chosen, q) })
  }
  const saved = await saveDialogForm(request, {
    schema: PosisiBanSchema,
    save: async (v) => {
      if (screen.fitted.some((d) => d.posisi_ban === posisi) || screen.elsewhere.some((e) => e.posisi === posisi)) {
        throw new FormRefusal(409, `Posisi ban ${posisi} sudah terisi ban lain.`)
      }
      const line = {
        kendaraan_id: screen.kendaraan.id,
        km_pemasangan: v.km_pemasangan,
        posisi_ban: posisi,
        no_seri: v.no_seri,
        target_presentase: v.target_presentase,
      }
      if (mode.kind === 'create') await addDetailBan(auth.upstream, line)
      else await addInqueryDetailBan(auth.upstream, { ...line, pemasangan_ban_id: mode.pemasanganId })
    },
    validationErrors: (error) => pemasanganLineErrors(error.serverMessage, error.fieldErrors),
    successMessage: 'Data pemasangan ban berhasil disimpan.',
    ms: 2000,
    redirectTo: screenUrl(request, mode).href,
  })
  if (saved instanceof Response || !('data' in saved)) return saved
  return data({ ...saved.data, ban: await tyreChoices(request, auth.upstream, chosen) }, saved.init ?? undefined)
}

export default function PosisiDialog() {
  const l = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const ban = actionData && 'ban' in actionData ? actionData.ban : l.ban
  const [form, fields] = useForm({
    id: `posisi-${l.posisi}`,
    lastResult: actionData?.result,
    defaultValue: {
      no_seri: l.draft?.fields.no_seri ?? '',
      km_pemasangan: l.draft?.fields.km_pemasangan ?? (l.kendaraan.km === null ? '' : String(l.kendaraan.km)),
      target_presentase: l.draft?.fields.target_presentase ?? String(DEFAULT_TARGET_BAN),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PosisiBanSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const title = `Form Input Pemasangan Ban (${l.posisi})`
  if (l.filled) {
    const f = l.filled
    return (
      <RouteDialog title={title} closeTo={l.closeTo}>
        <FittedTyreDetails posisi={l.posisi} tyre={f} extra={[['Target Ban', f.target === null ? null : formatNumber(f.target)]]} />
        <div className="mt-5 flex justify-end gap-2">
          <CancelLink to={l.closeTo} label="Tutup" />
          {l.hapusTo ? (
            <Link
              to={l.hapusTo}
              preventScrollReset
              className="rounded-md bg-red-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-red-700"
            >
              Hapus Ban
            </Link>
          ) : null}
        </div>
      </RouteDialog>
    )
  }
  if (l.other) {
    const o = l.other
    return (
      <RouteDialog title={title} closeTo={l.closeTo}>
        <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {`Posisi ${l.posisi} sudah terisi ban dari pemasangan ${o.kode || '-'}. Lepaskan ban itu pada pemasangannya terlebih dahulu.`}
        </p>
        <DetailList
          items={[
            ['Posisi', l.posisi],
            ['No. Seri', o.no_seri],
            ['Kode Ban', o.kode_ban],
            ['Kode Pemasangan', o.kode],
          ]}
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <CancelLink to={l.closeTo} label="Tutup" />
          <Link
            to={o.show}
            className="rounded-md px-3.5 py-2 text-sm font-semibold text-blue-700 ring-1 ring-inset ring-blue-300 hover:bg-blue-50"
          >
            Lihat Faktur
          </Link>
          {o.edit ? (
            <Link to={o.edit} className="rounded-md bg-blue-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-blue-800">
              Buka Pemasangan
            </Link>
          ) : null}
        </div>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title={title} closeTo={l.closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={l.draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          <ReadOnlyField id="posisi-kendaraan-id" label="Kendaraan Id" value={String(l.kendaraan.id)} />
          <ReadOnlyField
            id="posisi-km-kendaraan"
            label="Km Kendaraan"
            value={l.kendaraan.km === null ? '-' : formatNumber(l.kendaraan.km)}
          />
          <ReadOnlyField id="posisi-posisi" label="Posisi" value={l.posisi} />
        </div>
        <SearchableSelectField
          meta={fields.no_seri}
          label="No. Seri"
          required
          options={ban.options}
          placeholder="-- Cari no seri --"
          searchPlaceholder="Cari no seri..."
          hint={ban.error ?? (ban.options.length === 0 && !ban.search?.q ? 'Tidak ada ban di stok.' : null)}
          search={ban.search}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={fields.km_pemasangan}
            label="Km Pemasangan"
            required
            inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
          />
          <TextField meta={fields.target_presentase} label="Target Ban" inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
        </div>
        <DialogButtons closeTo={l.closeTo} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
