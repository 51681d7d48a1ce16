import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useMemo, useState } from 'react'
import { FormRefusal, saveDialogForm } from '~/server/crud.server'
import { tyreLineErrors } from '~/lib/pemasangan'
import { positionOrFail } from '~/server/pemasangan.server'
import { ALASAN, defaultTujuan, PELEPASAN_FIELDS, pelepasanFormSchema, TUJUAN, TUJUAN_LABEL } from '~/lib/pelepasan'
import { openPelepasanScreen, type PelepasanScreen } from '~/server/documents/pelepasan-ban.server'
import { fittedTyreOf } from '~/server/tyre-screen.server'
import { addDetailPelepasan } from '~/upstream/pelepasan-ban.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, SelectField, TextareaField, TextField } from '~/ui/fields'
import { FittedTyreDetails, NoTyreDialog, TIDAK_ADA_BAN } from '~/ui/tyre-screen'

const fittedAt = (screen: PelepasanScreen, posisi: string) => screen.fitted.find((f) => f.posisi_ban === posisi) ?? null

/**
 * 'Form Pelepasan Ban ({posisi})': a dialog route of the pelepasan screen for a fitted
 * position: the tyre (read-only), Km Pelepasan, Alasan, Tujuan (the reason's default), Tebal Tapak
 * and Keterangan. A position without a tyre says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { screen, url } = await openPelepasanScreen(request, params, { writable: true })
  const posisi = positionOrFail(screen.layout, params.posisi)
  const f = fittedAt(screen, posisi)
  return {
    posisi,
    kmKendaraan: screen.kendaraan.km,
    tyre: f ? { ...fittedTyreOf(f), kode_pemasangan: f.kode_pemasangan } : null,
    closeTo: url.href,
  }
}

/**
 * Takes the tyre off at once (POST /api/pelepasan-ban/detail-ban; on the edit screen with
 * pelepasan_ban_id, so it joins the document) and returns to the screen. The km rule is checked here
 * when the pemasangan km is known, and by the upstream (its 422 beside Km Pelepasan); every value kept.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, mode, screen, url } = await openPelepasanScreen(request, params, { writable: true })
  const posisi = positionOrFail(screen.layout, params.posisi)
  const f = fittedAt(screen, posisi)
  return saveDialogForm(request, {
    schema: pelepasanFormSchema(f?.km_pemasangan ?? null),
    save: async (v) => {
      if (!f) throw new FormRefusal(409, TIDAK_ADA_BAN)
      await addDetailPelepasan(auth.upstream, {
        kendaraan_id: screen.kendaraan.id,
        posisi_ban: posisi,
        km_pelepasan: v.km_pelepasan,
        alasan: v.alasan,
        tujuan: v.tujuan,
        tebal_tapak: v.tebal_tapak,
        keterangan: v.keterangan,
        pelepasan_ban_id: mode.kind === 'edit' ? mode.id : null,
      })
    },
    validationErrors: (error) =>
      tyreLineErrors(error.serverMessage, error.fieldErrors, { fields: PELEPASAN_FIELDS, kmField: 'km_pelepasan' }),
    successMessage: `Ban posisi ${posisi} berhasil dilepas.`,
    ms: 2000,
    redirectTo: url.href,
  })
}

const ALASAN_OPTIONS = ALASAN.map((a) => ({ value: a, label: a }))
const TUJUAN_OPTIONS = TUJUAN.map((t) => ({ value: t, label: TUJUAN_LABEL[t] }))

export default function PelepasanDialog() {
  const l = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const kmPemasangan = l.tyre?.km_pemasangan ?? null
  const schema = useMemo(() => pelepasanFormSchema(kmPemasangan), [kmPemasangan])
  const [form, fields] = useForm({
    id: `pelepasan-${l.posisi}`,
    lastResult: actionData?.result,
    defaultValue: {
      km_pelepasan: l.kmKendaraan === null ? '' : String(l.kmKendaraan),
      alasan: '',
      tujuan: '',
      tebal_tapak: '',
      keterangan: '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  // With JavaScript the destination follows the reason until the user picks one; without it an
  // empty Tujuan gets the reason's default on the server.
  const [tujuan, setTujuan] = useState(String(fields.tujuan.initialValue ?? ''))
  const [tujuanChosen, setTujuanChosen] = useState(tujuan !== '')
  const title = `Form Pelepasan Ban (${l.posisi})`
  if (!l.tyre) return <NoTyreDialog title={title} closeTo={l.closeTo} />
  const t = l.tyre
  return (
    <RouteDialog title={title} closeTo={l.closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <FittedTyreDetails posisi={l.posisi} tyre={t} extra={[['Kode Pemasangan', t.kode_pemasangan]]} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.km_pelepasan} label="Km Pelepasan" required inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
          <TextField
            meta={fields.tebal_tapak}
            label="Tebal Tapak (mm)"
            inputProps={{ inputMode: 'decimal', autoComplete: 'off', placeholder: 'opsional' }}
          />
          <SelectField
            meta={fields.alasan}
            label="Alasan"
            required
            options={ALASAN_OPTIONS}
            placeholder="-- Pilih alasan --"
            selectProps={{ onChange: (e) => (tujuanChosen ? undefined : setTujuan(defaultTujuan(e.currentTarget.value))) }}
          />
          <SelectField
            meta={fields.tujuan}
            label="Tujuan"
            options={TUJUAN_OPTIONS}
            placeholder="-- Sesuai alasan --"
            selectProps={{
              value: tujuan,
              defaultValue: undefined,
              onChange: (e) => {
                setTujuanChosen(true)
                setTujuan(e.currentTarget.value)
              },
            }}
          />
        </div>
        <TextareaField meta={fields.keterangan} label="Keterangan" textareaProps={{ rows: 2, maxLength: 255 }} />
        <DialogButtons closeTo={l.closeTo} label="Lepas Ban" />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
