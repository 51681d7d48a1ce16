import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SerializeFrom } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useMemo } from 'react'
import { KONDISI_PEMERIKSAAN, PEMERIKSAAN_POSTED, TIDAK_ADA_BAN_TERPASANG, formatMm, pemeriksaanFormSchema } from '~/lib/pemeriksaan'
import type { PemeriksaanScreenData } from '~/server/pemeriksaan.server'
import { AxleDiagram } from '~/ui/axle-diagram'
import { SubmitButton } from '~/ui/button'
import { FieldError, FormErrors, SelectField, TextField } from '~/ui/fields'
import { TyreLinesTable, TyreScreenLayout } from '~/ui/tyre-screen'

/** The id of a position's fieldset: the diagram's fitted positions link to it. */
export const fieldsetId = (posisi: string) => `periksa-${posisi}`

/**
 * The inspection screen's page (create, edit and the read-only Show): the vehicle, the axle diagram
 * (a fitted position leads to its fields), and one form: Tanggal, Km Kendaraan and, per fitted
 * position, Tebal Tapak (mm), Tekanan (psi), Kondisi and Keterangan; Simpan. Read-only: a table.
 */
export function PemeriksaanScreenView({ s, result }: { s: SerializeFrom<PemeriksaanScreenData>; result?: SubmissionResult<string[]> }) {
  return (
    <TyreScreenLayout
      page={s}
      subtitle={s.document ? `Kode Pemeriksaan ${s.document.kode || '-'}` : 'Isi hasil ukur setiap ban yang terpasang'}
      posted={s.readOnly && s.kind !== 'show' ? PEMERIKSAAN_POSTED : null}
      status={s.document ? s.document.status : undefined}
      diagram={
        <>
          {s.fittedError ? (
            <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {s.fittedError}
            </p>
          ) : null}
          <AxleDiagram
            mode="pemeriksaan"
            layout={s.layout}
            tyres={s.fitted}
            hrefFor={s.readOnly ? null : (position) => `#${fieldsetId(position)}`}
          />
        </>
      }
      linesTitle="Hasil Pemeriksaan"
      lines={s.readOnly ? <ReadOnlyLines s={s} /> : <PemeriksaanForm s={s} result={result} />}
    />
  )
}

function ReadOnlyLines({ s }: { s: SerializeFrom<PemeriksaanScreenData> }) {
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        Km Kendaraan saat pemeriksaan: <strong>{s.km ?? '-'}</strong>
      </p>
      <TyreLinesTable
        headers={['Ban', 'Tebal Tapak', 'Tekanan (psi)', 'Kondisi', 'Keterangan']}
        rows={s.readRows.map((r, i) => ({ id: i + 1, posisi: r.posisi, cells: r.cells }))}
        empty="Belum ada hasil pemeriksaan."
        error={null}
        deleteTo={null}
        deleteLabel="Hapus"
      />
    </>
  )
}

function PemeriksaanForm({ s, result }: { s: SerializeFrom<PemeriksaanScreenData>; result?: SubmissionResult<string[]> }) {
  const schema = useMemo(() => pemeriksaanFormSchema(s.kmMin, s.today), [s.kmMin, s.today])
  const [form, fields] = useForm({
    id: 'pemeriksaan-ban',
    lastResult: result,
    defaultValue: s.defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const lines = fields.detail.getFieldList()
  return (
    <Form method="post" action={s.screen.href} {...getFormProps(form)} className="space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.tanggal_awal} label="Tanggal" type="date" required />
        <TextField meta={fields.km} label="Km Kendaraan" required inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
      </div>
      {s.lines.length === 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {TIDAK_ADA_BAN_TERPASANG}
        </p>
      ) : null}
      <FieldError id={fields.detail.errorId} errors={fields.detail.errors} />
      {lines.map((line, i) => {
        const f = line.getFieldset()
        const about = s.lines[i]
        if (!about) return null
        return (
          <fieldset
            key={line.key}
            id={fieldsetId(about.posisi)}
            className="scroll-mt-4 rounded-md border border-slate-200 p-3 target:border-blue-500 target:ring-2 target:ring-blue-200"
          >
            <legend className="px-1 text-sm font-semibold text-slate-800">
              Posisi {about.posisi} — {about.no_seri}
              {about.merek ? <span className="font-normal text-slate-600"> ({about.merek})</span> : null}
            </legend>
            <input {...getInputProps(f.posisi_ban, { type: 'hidden' })} key={f.posisi_ban.key} />
            {about.terakhir !== null ? (
              <p className="mb-2 text-xs text-slate-600">Tebal tapak terakhir: {formatMm(about.terakhir)}</p>
            ) : null}
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <TextField
                meta={f.tebal_tapak}
                label="Tebal Tapak (mm)"
                required
                inputProps={{ inputMode: 'decimal', autoComplete: 'off', maxLength: 5 }}
              />
              <TextField meta={f.tekanan} label="Tekanan (psi)" inputProps={{ inputMode: 'decimal', autoComplete: 'off', maxLength: 6 }} />
              <SelectField
                meta={f.kondisi}
                label="Kondisi"
                required
                options={KONDISI_PEMERIKSAAN.map((k) => ({ value: k, label: k }))}
                placeholder="-- Pilih kondisi --"
              />
              <TextField meta={f.keterangan} label="Keterangan" inputProps={{ maxLength: 255 }} />
            </div>
          </fieldset>
        )
      })}
      <div className="flex justify-end">
        <SubmitButton>Simpan</SubmitButton>
      </div>
    </Form>
  )
}
