import { Form, Link, Outlet, useLoaderData, useParams } from '@remix-run/react'
import type { ReactNode } from 'react'
import { formatNumber } from '~/lib/format'
import { AxleDiagram } from './axle-diagram'
import { CancelLink, SubmitButton } from './button'
import { RouteDialog } from './dialog'
import { ConfirmDeleteDialog } from './confirm-delete'
import { DetailList } from './detail-list'
import { DocStatus } from './doc-status'
import { FormErrors } from './fields'
import { TrashIcon } from './icons'
import { PageHeader } from './page-header'

/**
 * The blocks of the screens of tyre lines on a vehicle (Pemasangan, Pelepasan and Rotasi Ban): the
 * vehicle summary, the page grid (phone: vehicle, diagram, lines; wide: vehicle and lines on the left,
 * the diagram on the right), the diagram of the fitted tyres, a position dialog's parts, the table of
 * staged tyre lines with an undo per line, and the final Simpan / Update.
 */

export type VehicleSummaryData = {
  kode: string
  no_kabin: string
  no_pol: string | null
  jenis: string | null
  total_ban: number | null
  km: number | null
}

function Summary({ items }: { items: Record<string, string | number | null> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
      {Object.entries(items).map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{value === null || value === '' ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  )
}

const CARD = 'min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm'

/**
 * The screen: its header with Kembali, the notice of a posted document (`posted`), and the page grid
 * with the vehicle (and the document's status), the diagram and the lines; the dialog routes under it.
 */
export function TyreScreenLayout({
  page: { title, backTo, kendaraan },
  subtitle,
  posted,
  status,
  diagram,
  linesTitle,
  lines,
}: {
  /** The loader's title, Kembali target and vehicle. */
  page: { title: string; backTo: string; kendaraan: VehicleSummaryData }
  subtitle: string
  /** The read-only notice of a posted document; null when it may change. */
  posted: string | null
  /** The document's status on an edit screen. */
  status?: string | null
  diagram: ReactNode
  linesTitle: string
  lines: ReactNode
}) {
  const k = kendaraan
  const back = (
    <Link to={backTo} className="text-sm font-semibold text-blue-700 hover:underline">
      ← Kembali
    </Link>
  )
  return (
    <section>
      <PageHeader title={title} subtitle={subtitle} actions={back} />
      {posted ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {posted}
        </p>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_23rem] lg:grid-rows-[auto_1fr]">
        <section aria-labelledby="kendaraan-title" className={`${CARD} p-4 lg:col-start-1 lg:row-start-1`}>
          <h2 id="kendaraan-title" className="mb-3 font-semibold text-slate-800">
            Kendaraan
          </h2>
          <Summary
            items={{
              'Kode Kendaraan': k.kode,
              'No Kabin': k.no_kabin,
              'No Pol': k.no_pol,
              'Jenis Kendaraan': k.jenis,
              'Total Ban': k.total_ban,
              'Km Kendaraan': k.km === null ? null : formatNumber(k.km),
            }}
          />
          {status !== undefined ? (
            <p className="mt-3 text-sm">
              Status: <DocStatus status={status} />
            </p>
          ) : null}
        </section>
        <section aria-labelledby="diagram-title" className={`${CARD} p-3 sm:p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1`}>
          <h2 id="diagram-title" className="mb-2 font-semibold text-slate-800">
            Posisi Ban
          </h2>
          {diagram}
        </section>
        <section aria-labelledby="detail-title" className={`${CARD} p-4 lg:col-start-1 lg:row-start-2`}>
          <h2 id="detail-title" className="mb-3 font-semibold text-slate-800">
            {linesTitle}
          </h2>
          {lines}
        </section>
      </div>
      <Outlet />
    </section>
  )
}

// The tyre table may scroll sideways (long serials, a narrow window): its Opsi column stays in view
// at the right edge, so a staged tyre's delete button is never scrolled away.
const OPSI_CELL = 'sticky right-0 bg-white px-1'

/** `note`: shown in Opsi instead of the undo link (a pemasangan line a pelepasan has taken off: 'dilepas'). */
export type TyreLineRow = { id: number; posisi: string | null; cells: ReactNode[]; note?: string | null }

/**
 * The staged tyre lines: No, Posisi, then `headers` with each row's `cells`, and Opsi with the undo
 * link (`deleteTo`; none when read-only). `error`: the lines could not be loaded.
 */
export function TyreLinesTable({
  headers,
  rows,
  empty,
  error,
  deleteTo,
  deleteLabel,
}: {
  headers: readonly string[]
  rows: TyreLineRow[]
  empty: string
  error: string | null
  deleteTo: ((id: number) => string) | null
  /** 'Hapus ban posisi' → 'Hapus ban posisi 2A'. */
  deleteLabel: string
}) {
  const all = ['No', 'Posisi', ...headers, 'Opsi']
  return (
    <>
      {error ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {/* Focusable: it scrolls sideways on narrow screens (keyboard users can scroll it too). */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="detail-title">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {all.map((h) => (
                <th
                  key={h}
                  scope="col"
                  className={h === 'Opsi' ? `${OPSI_CELL} py-2 font-medium` : 'whitespace-nowrap px-1 py-2 font-medium'}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={all.length} className="px-2 py-4 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((d, i) => (
                <tr key={d.id} className="border-b border-slate-100">
                  <td className="whitespace-nowrap px-1 py-2">{i + 1}</td>
                  <td className="whitespace-nowrap px-1 py-2 font-semibold">{d.posisi ?? '-'}</td>
                  {d.cells.map((c, j) => (
                    <td key={headers[j]} className="whitespace-nowrap px-1 py-2">
                      {c ?? '-'}
                    </td>
                  ))}
                  <td className={`${OPSI_CELL} py-1`}>
                    {d.note ? (
                      <span className="px-1 text-xs italic text-amber-800">{d.note}</span>
                    ) : deleteTo ? (
                      <Link
                        to={deleteTo(d.id)}
                        preventScrollReset
                        aria-label={`${deleteLabel} ${d.posisi ?? ''}`}
                        title="Hapus"
                        className="inline-flex size-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                      >
                        <TrashIcon className="size-4" />
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** The screen's final button (Simpan / Update) with the refusal beside it. */
export function TyreScreenSubmit({ action, error, label }: { action: string; error: string | null | undefined; label: string }) {
  return (
    <Form method="post" action={action} className="mt-4 flex flex-wrap items-center justify-end gap-3">
      <FormErrors errors={error ? [error] : undefined} />
      <SubmitButton name="intent" value="simpan" pendingText="Menyimpan...">
        {label}
      </SubmitButton>
    </Form>
  )
}

/** A fitted tyre as its position dialog shows it (read-only); `extra` rows after the common ones. */
export type FittedTyre = {
  no_seri: string | null
  kode_ban: string | null
  ukuran: string | null
  merek: string | null
  kondisi: string | null
  km_pemasangan: number | null
}

export function FittedTyreDetails({ posisi, tyre, extra }: { posisi: string; tyre: FittedTyre; extra: [string, string | null][] }) {
  return (
    <DetailList
      items={[
        ['Posisi', posisi],
        ['No. Seri', tyre.no_seri],
        ['Kode Ban', tyre.kode_ban],
        ['Ukuran', tyre.ukuran],
        ['Merek', tyre.merek],
        ['Kondisi', tyre.kondisi],
        ['Km Pemasangan', tyre.km_pemasangan === null ? null : formatNumber(tyre.km_pemasangan)],
        ...extra,
      ]}
    />
  )
}

/** What a position dialog says when its position holds no tyre (an old link, a tyre taken off meanwhile). */
export const TIDAK_ADA_BAN = 'Tidak ada ban terpasang di posisi ini.'

/** A position dialog on a position that holds no tyre: the message and Tutup. */
export function NoTyreDialog({ title, closeTo }: { title: string; closeTo: string }) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{TIDAK_ADA_BAN}</p>
      <div className="mt-5 flex justify-end">
        <CancelLink to={closeTo} label="Tutup" />
      </div>
    </RouteDialog>
  )
}

/**
 * The diagram of a document on the vehicle's fitted tyres (Pelepasan Ban, Rotasi Ban): the error of
 * reading them, if any, above the axle diagram, whose fitted positions open their dialog
 * (…/posisi/{posisi}, the screen's search kept) until the document is posted.
 */
export function FittedTyresDiagram({
  s,
  mode,
  removed,
}: {
  s: {
    fittedError: string | null
    layout: Parameters<typeof AxleDiagram>[0]['layout']
    fitted: Record<string, string>
    readOnly: boolean
    screen: { path: string; search: string }
  }
  mode: 'pelepasan' | 'rotasi'
  /** Pelepasan: the serial of the tyre this document took off each (now free) position. */
  removed?: Record<string, string>
}) {
  const current = useCurrentPosition()
  return (
    <>
      {s.fittedError ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {s.fittedError}
        </p>
      ) : null}
      <AxleDiagram
        mode={mode}
        layout={s.layout}
        tyres={s.fitted}
        removed={removed}
        hrefFor={s.readOnly ? null : (position) => `${s.screen.path}/posisi/${position}${s.screen.search}`}
        current={current}
      />
    </>
  )
}

/** The confirmation of a line undo (…/detail/:detailId/hapus; its loader: lineDeleteData). */
export function LineDeleteConfirm() {
  const { what, closeTo, title, text } = useLoaderData<{ what: string; closeTo: string; title: string; text: string }>()
  return <ConfirmDeleteDialog title={title} closeTo={closeTo} text={text} detail={what} />
}

/** The position whose dialog is open (…/posisi/:posisi), for the diagram. */
export function useCurrentPosition(): string | null {
  const { posisi } = useParams()
  return posisi ? posisi.toUpperCase() : null
}
