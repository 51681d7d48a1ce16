import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { pemeriksaanFieldErrors, pemeriksaanFormSchema } from '~/lib/pemeriksaan'
import { saveDialogForm } from '~/server/crud.server'
import { openPemeriksaanScreen, pemeriksaanBackTo, pemeriksaanScreenData } from '~/server/pemeriksaan.server'
import { todayInCompany } from '~/lib/date-filter'
import { addPemeriksaan, updatePemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PemeriksaanScreenView } from './pemeriksaan-view'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pemeriksaan Ban'} — Armada` }]

/**
 * Form Pemeriksaan Ban (/admin/create-pemeriksaan-ban?kendaraan_id={id}) and Update Pemeriksaan Ban
 * (/admin/pemeriksaan-ban/edit/{id}): the vehicle, its axle diagram and one form with a fieldset per
 * fitted position. A posted round opens read-only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { mode, screen, url } = await openPemeriksaanScreen(request, params)
  return pemeriksaanScreenData(screen, url, {
    kind: mode.kind,
    backTo: mode.kind === 'create' ? '/admin/pemeriksaan-ban' : pemeriksaanBackTo(request),
    today: todayInCompany(),
  })
}

/**
 * Simpan: POST /api/pemeriksaan-ban (create) or PUT /api/pemeriksaan-ban/{id} (edit), then the round
 * list (or where the edit came from) with its banner. Refused by the form's rules or the upstream's
 * (a 422's line errors beside their fields): the same screen with every value typed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, mode, screen } = await openPemeriksaanScreen(request, params, { writable: true })
  const d = screen.document
  const kmMin = d ? Math.min(d.km ?? 0, screen.kendaraan.km ?? 0) : (screen.kendaraan.km ?? null)
  return saveDialogForm(request, {
    schema: pemeriksaanFormSchema(kmMin, todayInCompany()),
    save: async (v) => {
      const input = {
        kendaraan_id: screen.kendaraan.id,
        tanggal_awal: v.tanggal_awal,
        km: String(v.km),
        detail: v.detail.map((l) => ({
          posisi_ban: l.posisi_ban,
          tebal_tapak: l.tebal_tapak,
          tekanan: l.tekanan || null,
          kondisi: l.kondisi,
          keterangan: l.keterangan || null,
        })),
      }
      if (mode.kind === 'edit') await updatePemeriksaan(auth.upstream, mode.id, input)
      else await addPemeriksaan(auth.upstream, input)
    },
    validationErrors: (error) => {
      const mapped = pemeriksaanFieldErrors(error.fieldErrors)
      return { fieldErrors: mapped.fieldErrors, formErrors: mapped.formErrors.length ? mapped.formErrors : [error.serverMessage] }
    },
    successMessage: mode.kind === 'create' ? 'Data pemeriksaan ban berhasil disimpan.' : 'Data pemeriksaan ban berhasil diperbarui.',
    ms: 2000,
    redirectTo: mode.kind === 'create' ? '/admin/pemeriksaan-ban' : pemeriksaanBackTo(request),
  })
}

export default function PemeriksaanScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <PemeriksaanScreenView s={s} result={actionData?.result} />
}

export const ErrorBoundary = GeneralErrorBoundary
