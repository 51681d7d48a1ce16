import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, type MetaFunction } from '@remix-run/react'
import { useState } from 'react'
import { FILE_MESSAGES, IMPOR_ACCEPT, imporPaths, MAX_IMPOR_BYTES, MAX_IMPOR_ROWS } from '~/lib/impor'
import { readForm } from '~/server/form.server'
import { readSpreadsheet } from '~/server/impor-file.server'
import { readGated } from '~/server/impor-gate.server'
import { requireImpor } from '~/server/impor.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { stageImpor } from '~/upstream/impor.server'
import { buttonClass, LinkButton, SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PageHeader } from '~/ui/page-header'
import { HeadRow } from '~/ui/head-row'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Impor'} — Armada` }]

/** /admin/{jenis}/impor: the upload form of a master's import (Create on its menu). */
/** 'a, b dan c'. */
const joinId = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} dan ${items[items.length - 1]}`)

export async function loader({ request }: LoaderFunctionArgs) {
  const { spec } = await requireImpor(request)
  const paths = imporPaths(spec)
  return {
    title: spec.title,
    explain: spec.explain,
    columns: spec.columns.map((c) => ({ header: c.header, required: Boolean(c.required), note: c.note })),
    // The columns with a drop-down in the template, named in the first step.
    listed: spec.columns.filter((c) => c.list).map((c) => c.header.toLowerCase()),
    template: paths.template,
    back: spec.menu,
  }
}

/**
 * The upload: the file is checked and read here (app/server/impor-file.server.ts), its rows sent to
 * the upstream, which checks and stages them; then the preview of the staged batch. A refused file
 * stays on this page with its reason; nothing is saved before 'Simpan semua'.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { auth, spec } = await requireImpor(request)
  const form = await readForm(request)
  if (!form.ok) return data({ error: form.message }, { status: form.status })
  const file = form.formData.get('file')
  if (!(file instanceof File) || file.size === 0) return data({ error: FILE_MESSAGES.none }, { status: 400 })
  if (file.size > MAX_IMPOR_BYTES) return data({ error: FILE_MESSAGES.tooLarge }, { status: 413 })
  // At most a few files are read at once (app/server/impor-gate.server.ts); the others wait a little
  // or are told to send the file again shortly.
  const bytes = new Uint8Array(await file.arrayBuffer())
  const read = await readGated(() => readSpreadsheet(bytes, file.name, spec))
  if (!read.ok && 'busy' in read) return data({ error: read.message }, { status: 503, headers: { 'Retry-After': '5' } })
  if (!read.ok) return data({ error: read.message }, { status: 422 })
  try {
    const batch = await stageImpor(auth.upstream, spec.jenis, file.name.slice(0, 255), read.rows)
    return redirect(imporPaths(spec).preview(batch.id))
  } catch (error) {
    const message =
      error instanceof UpstreamValidation
        ? (Object.values(error.fieldErrors).flat()[0] ?? error.serverMessage)
        : error instanceof UpstreamHttpError && error.serverMessage
          ? error.serverMessage
          : userMessage(error)
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : error instanceof UpstreamValidation ? 422 : 502
    return data({ error: `File tidak dapat diperiksa. ${message}` }, { status })
  }
}

export default function ImporUnggah() {
  const page = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // With JS a file over the limit is refused before it is sent (without JS the server says so).
  const [tooLarge, setTooLarge] = useState(false)
  const error = tooLarge ? FILE_MESSAGES.tooLarge : result?.error
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={page.title}
        subtitle="Unggah data dari Excel atau LibreOffice: periksa dulu, simpan kemudian"
        actions={
          <LinkButton to={page.back} variant="secondary">
            Kembali
          </LinkButton>
        }
      />
      <section className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <h2 className="mb-2 text-base font-semibold text-slate-900">Langkah</h2>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Unduh template, isi sheet <strong>Data</strong> mulai baris 2
            {page.listed.length > 0 ? ` (pilihan ${joinId(page.listed)} ada di daftar tiap kolom)` : ''}.
          </li>
          <li>
            Unggah file (.xlsx, .xls, .ods atau .csv, maksimal {MAX_IMPOR_BYTES / 1024 / 1024} MB dan{' '}
            {MAX_IMPOR_ROWS.toLocaleString('id-ID')} baris).
          </li>
          <li>Periksa hasilnya: baris yang ditolak disebut nomor baris, kolom dan alasannya. Belum ada yang disimpan.</li>
          <li>
            Bila semua baris siap, tekan <strong>Simpan semua</strong>: semua baris disimpan sekaligus, atau tidak sama sekali.
          </li>
        </ol>
        <p className="mt-3">{page.explain}</p>
        <p className="mt-3">
          <a href={page.template} className={buttonClass('secondary')} download>
            Unduh template
          </a>
        </p>
      </section>
      <Form
        method="post"
        encType="multipart/form-data"
        className="rounded-lg border border-slate-200 bg-white p-4"
        aria-describedby={error ? 'impor-error' : undefined}
      >
        <label htmlFor="impor-file" className="block text-sm font-medium text-slate-700">
          File Excel, LibreOffice atau CSV
        </label>
        <input
          id="impor-file"
          name="file"
          type="file"
          required
          accept={IMPOR_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'impor-error' : 'impor-file-hint'}
          onChange={(e) => setTooLarge((e.currentTarget.files?.[0]?.size ?? 0) > MAX_IMPOR_BYTES)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
        />
        <p id="impor-file-hint" className="mt-1 text-xs text-slate-600">
          .xlsx, .xls, .ods atau .csv (pemisah ; atau ,), tanpa makro; sel berumus dibaca nilainya.
        </p>
        {error ? (
          <p id="impor-error" role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        {busy ? (
          <div className="mt-3" role="status">
            <progress className="h-2 w-full" aria-label="Mengunggah dan memeriksa file" />
            <p className="mt-1 text-sm text-slate-700">Mengunggah dan memeriksa file… File besar dapat memerlukan beberapa detik.</p>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <SubmitButton pendingText="Memeriksa…" disabled={tooLarge}>
            Unggah dan periksa
          </SubmitButton>
          <Link to={page.back} className={buttonClass('secondary', 'shadow-none')}>
            Batal
          </Link>
        </div>
      </Form>
      <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 text-base font-semibold text-slate-900">Kolom</h2>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Kolom template">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-700">
              <HeadRow cell="py-1" gap="pr-3" columns={['Kolom', 'Wajib', 'Keterangan']} />
            </thead>
            <tbody className="text-slate-700">
              {page.columns.map((c) => (
                <tr key={c.header} className="border-t border-slate-100">
                  <td className="py-1 pr-3 font-medium whitespace-nowrap">{c.header}</td>
                  <td className="py-1 pr-3">{c.required ? 'Ya' : '-'}</td>
                  <td className="py-1">{c.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
