import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { formatNumber } from '~/lib/format'
import { tyreLineErrors } from '~/lib/pemasangan'
import { ROTASI_FIELDS, rotasiFormSchema } from '~/lib/rotasi'
import { FormRefusal, saveDialogForm } from '~/server/crud.server'
import { positionOrFail } from '~/server/pemasangan.server'
import { openRotasiScreen, type RotasiScreen } from '~/server/documents/rotasi-ban.server'
import { fittedTyreOf } from '~/server/tyre-screen.server'
import { addDetailRotasi } from '~/upstream/rotasi-ban.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, SelectField, TextField } from '~/ui/fields'
import { FittedTyreDetails, NoTyreDialog, TIDAK_ADA_BAN } from '~/ui/tyre-screen'

/** The move's choices: every other position of the vehicle, empty (the tyre moves) or held (the two swap). */
function movesOf(screen: RotasiScreen, posisi: string) {
  const source = screen.fitted.find((f) => f.posisi_ban === posisi) ?? null
  const targets = screen.layout.rows
    .flatMap((r) => r.positions)
    .filter((p) => p !== posisi)
    .map((p) => {
      const held = screen.fitted.find((f) => f.posisi_ban === p) ?? null
      const serial = held ? (held.ban?.no_seri ?? held.ban?.kode_ban ?? '?') : null
      return {
        posisi: p,
        kmTerakhir: held ? (held.km_terakhir ?? held.km_pemasangan) : null,
        label: serial ? `${p} — tukar dengan ${serial}` : `${p} — kosong`,
      }
    })
  return { source, targets }
}

/**
 * 'Pindahkan Ban ({posisi})': a dialog route of the rotation screen for a fitted position: the tyre
 * (read-only), Pindahkan ke (another position of the vehicle: an empty one takes the tyre, a held one
 * swaps the two) and Km Rotasi (not below the tyre's last km). A position without a tyre says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { screen, url } = await openRotasiScreen(request, params, { writable: true })
  const posisi = positionOrFail(screen.layout, params.posisi)
  const { source, targets } = movesOf(screen, posisi)
  const kmTerakhir = source ? (source.km_terakhir ?? source.km_pemasangan) : null
  return {
    posisi,
    kmDefault: Math.max(screen.kendaraan.km ?? 0, kmTerakhir ?? 0),
    kmTerakhir,
    tyre: source ? { ...fittedTyreOf(source), kode_pemasangan: source.kode_pemasangan } : null,
    targets,
    closeTo: url.href,
  }
}

/**
 * Moves the tyre at once (POST /api/rotasi-ban/detail-ban; on the edit screen with rotasi_ban_id, so
 * it joins the document) and returns to the screen. The km rule is checked here with the last km
 * the screen knows, and by the upstream (its 422 beside the field); every value kept.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, mode, screen, url } = await openRotasiScreen(request, params, { writable: true })
  const posisi = positionOrFail(screen.layout, params.posisi)
  const { source, targets } = movesOf(screen, posisi)
  return saveDialogForm(request, {
    schema: rotasiFormSchema(targets, source ? (source.km_terakhir ?? source.km_pemasangan) : null),
    save: async (v) => {
      if (!source) throw new FormRefusal(409, TIDAK_ADA_BAN)
      await addDetailRotasi(auth.upstream, {
        kendaraan_id: screen.kendaraan.id,
        posisi_asal: posisi,
        posisi_tujuan: v.posisi_tujuan,
        km: v.km,
        rotasi_ban_id: mode.kind === 'edit' ? mode.id : null,
      })
    },
    validationErrors: (error) => tyreLineErrors(error.serverMessage, error.fieldErrors, { fields: ROTASI_FIELDS, kmField: 'km' }),
    successMessage: `Ban posisi ${posisi} berhasil dipindahkan.`,
    ms: 2000,
    redirectTo: url.href,
  })
}

export default function RotasiDialog() {
  const l = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const schema = useMemo(() => rotasiFormSchema(l.targets, l.kmTerakhir), [l.targets, l.kmTerakhir])
  const [form, fields] = useForm({
    id: `rotasi-${l.posisi}`,
    lastResult: actionData?.result,
    defaultValue: { posisi_tujuan: '', km: String(l.kmDefault) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const title = `Pindahkan Ban (${l.posisi})`
  if (!l.tyre) return <NoTyreDialog title={title} closeTo={l.closeTo} />
  const t = l.tyre
  return (
    <RouteDialog title={title} closeTo={l.closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <FittedTyreDetails
          posisi={l.posisi}
          tyre={t}
          extra={[
            ['Kode Pemasangan', t.kode_pemasangan],
            ['Km Terakhir', l.kmTerakhir === null ? null : formatNumber(l.kmTerakhir)],
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.posisi_tujuan}
            label="Pindahkan ke"
            required
            options={l.targets.map((p) => ({ value: p.posisi, label: p.label }))}
            placeholder="-- Pilih posisi --"
          />
          <TextField meta={fields.km} label="Km Rotasi" required inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
        </div>
        <DialogButtons closeTo={l.closeTo} label="Pindahkan" />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
