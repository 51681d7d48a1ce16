import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, type MetaFunction } from '@remix-run/react'
import { IMPOR_GONE, imporPaths } from '~/lib/impor'
import { idParam } from '~/server/crud.server'
import { readForm } from '~/server/form.server'
import { failure } from '~/server/route-errors.server'
import { redirectWithBanner, requireImpor } from '~/server/impor.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { batalImpor, getImpor, simpanImpor } from '~/upstream/impor.server'
import { buttonClass, LinkButton, SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PageHeader } from '~/ui/page-header'
import { HeadRow } from '~/ui/head-row'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Pratinjau ${data?.title ?? 'Impor'} — Armada` }]

/** Refused cells a page (a file of 10,000 rows can have many). */
const PER_PAGE = 100

const GONE = IMPOR_GONE

/** /admin/{jenis}/impor/{id}: the staged batch — rows ready, every refused cell (100 a page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, spec } = await requireImpor(request)
  const id = idParam(params.id)
  const paths = imporPaths(spec)
  let batch
  try {
    batch = await getImpor(auth.upstream, spec.jenis, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: GONE }, { status: 404 })
    throw data({ message: `Gagal memuat data impor. ${userMessage(error)}` }, { status: 502 })
  }
  const pages = Math.max(1, Math.ceil(batch.ditolak.length / PER_PAGE))
  const asked = Number(new URL(request.url).searchParams.get('hal') ?? '1')
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pages ? asked : 1
  const rowsRefused = new Set(batch.ditolak.map((d) => d.baris)).size
  return {
    title: spec.title,
    back: spec.menu,
    upload: paths.upload,
    here: paths.preview(id),
    refused: paths.refused(id),
    batch: { ...batch, ditolak: batch.ditolak.slice((page - 1) * PER_PAGE, page * PER_PAGE) },
    refusedCells: batch.ditolak.length,
    rowsRefused,
    // Rows neither ready nor refused (km readings: another of the vehicle that day, or one stored).
    skipped: batch.dilewati ?? 0,
    skippedWhy: spec.skipped ?? null,
    page,
    pages,
  }
}

/** 'Simpan semua': the upstream saves every row in one transaction, or none (a row refused now: back here, saying so). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, spec } = await requireImpor(request)
  const id = idParam(params.id)
  const here = imporPaths(spec).preview(id)
  const form = await readForm(request)
  if (!form.ok) throw data({ message: form.message }, { status: form.status })
  if (form.formData.get('intent') === 'batal') {
    try {
      await batalImpor(auth.upstream, spec.jenis, id)
    } catch (error) {
      if (!(error instanceof UpstreamHttpError && error.status === 404)) throw failure(error)
      throw data({ message: GONE }, { status: 404 })
    }
    return redirectWithBanner(request, spec.menu, {
      kind: 'deleted',
      title: 'Dibatalkan',
      message: 'Impor dibatalkan; tidak ada yang disimpan.',
      ms: 3000,
    })
  }
  try {
    const saved = await simpanImpor(auth.upstream, spec.jenis, id)
    return redirectWithBanner(request, spec.menu, {
      kind: 'success',
      message: saved.message ?? `${saved.data.siap} data berhasil diimpor.`,
      ms: 5000,
    })
  } catch (error) {
    // A batch gone (expired, dropped, another user's): the page says so (404).
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: GONE }, { status: 404 })
    const refused = error instanceof UpstreamValidation
    return redirectWithBanner(request, here, {
      kind: 'error',
      title: 'Error!',
      message: refused
        ? 'Tidak ada yang disimpan: data berubah sejak file diperiksa dan ada baris yang kini ditolak (lihat daftar). Perbaiki file lalu unggah lagi.'
        : `Tidak ada yang disimpan. ${(error instanceof UpstreamHttpError && error.serverMessage) || userMessage(error)}`,
      ms: 0,
    })
  }
}

export default function ImporPratinjau() {
  const p = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const { batch } = p
  const ready = batch.ditolak.length === 0 && p.refusedCells === 0 && batch.siap > 0 && !batch.disimpan
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={`Pratinjau ${p.title}`}
        subtitle={batch.nama_file ? `File: ${batch.nama_file}` : undefined}
        actions={
          <LinkButton to={p.back} variant="secondary">
            Kembali
          </LinkButton>
        }
      />
      <section aria-label="Ringkasan" className={`mb-4 grid gap-3 ${p.skipped > 0 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
        <Figure label="Baris dalam file" value={batch.total} tone="slate" />
        <Figure label="Siap disimpan" value={batch.siap} tone="green" />
        <Figure label="Baris ditolak" value={p.rowsRefused} tone={p.rowsRefused > 0 ? 'red' : 'slate'} />
        {p.skipped > 0 ? <Figure label="Baris dilewati" value={p.skipped} tone="slate" /> : null}
      </section>
      {p.skipped > 0 && p.skippedWhy ? (
        <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {p.skipped.toLocaleString('id-ID')} {p.skippedWhy}
        </p>
      ) : null}
      {batch.disimpan ? (
        <p className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Data impor ini sudah disimpan.
        </p>
      ) : ready ? (
        <Form method="post" className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm text-slate-700">
            Semua {batch.siap.toLocaleString('id-ID')} baris siap. <strong>Simpan semua</strong> menyimpan semuanya sekaligus (atau tidak
            sama sekali bila ada yang berubah sejak diperiksa).
          </p>
          {saving ? (
            <div className="mt-3" role="status">
              <progress className="h-2 w-full" aria-label="Menyimpan data impor" />
              <p className="mt-1 text-sm text-slate-700">Menyimpan {batch.siap.toLocaleString('id-ID')} baris…</p>
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <SubmitButton name="intent" value="simpan" variant="success" pendingText="Menyimpan…">
              Simpan semua
            </SubmitButton>
            <SubmitButton name="intent" value="batal" variant="secondary" className="shadow-none" formNoValidate>
              Batalkan
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <div className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p>
            {p.rowsRefused > 0
              ? `${p.rowsRefused.toLocaleString('id-ID')} baris ditolak. Tidak ada yang disimpan. Perbaiki baris-baris di bawah pada file, lalu unggah lagi.`
              : 'Tidak ada baris yang dapat disimpan.'}
          </p>
          <p className="mt-3 flex flex-wrap gap-2">
            {p.rowsRefused > 0 ? (
              // A file, not a page: a plain link (the browser downloads it, with or without the scripts).
              <a href={p.refused} download className={buttonClass('secondary')}>
                Unduh baris ditolak
              </a>
            ) : null}
            <Link to={p.upload} className={buttonClass('primary')}>
              Unggah file yang sudah diperbaiki
            </Link>
          </p>
          {p.rowsRefused > 0 ? (
            <p className="mt-2">
              <strong>Unduh baris ditolak</strong> memberi baris-baris itu dalam kolom template beserta kolom Alasan: perbaiki di sana, lalu
              unggah file itu saja.
            </p>
          ) : null}
        </div>
      )}
      {p.refusedCells > 0 ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-base font-semibold text-slate-900">Baris yang ditolak</h2>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Baris yang ditolak">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-700">
                <HeadRow cell="py-1" gap="pr-3" columns={[{ label: 'Baris', className: 'whitespace-nowrap' }, 'Kolom', 'Alasan']} />
              </thead>
              <tbody className="text-slate-800">
                {batch.ditolak.map((d, i) => (
                  <tr key={`${d.baris}-${d.kolom}-${i}`} className="border-t border-slate-100 align-top">
                    <td className="py-1 pr-3 tabular-nums">{d.baris}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{d.kolom}</td>
                    <td className="py-1">{d.pesan}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {p.pages > 1 ? (
            <nav aria-label="Halaman baris yang ditolak" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              {p.page > 1 ? (
                <Link to={`${p.here}?hal=${p.page - 1}`} className="text-blue-700 hover:underline">
                  Sebelumnya
                </Link>
              ) : null}
              <span className="text-slate-700">
                Halaman {p.page} dari {p.pages} ({p.refusedCells.toLocaleString('id-ID')} alasan)
              </span>
              {p.page < p.pages ? (
                <Link to={`${p.here}?hal=${p.page + 1}`} className="text-blue-700 hover:underline">
                  Berikutnya
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

function Figure({ label, value, tone }: { label: string; value: number; tone: 'slate' | 'green' | 'red' }) {
  const tones = { slate: 'text-slate-900', green: 'text-emerald-800', red: 'text-red-700' }
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`text-2xl font-bold tabular-nums ${tones[tone]}`}>{value.toLocaleString('id-ID')}</p>
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
