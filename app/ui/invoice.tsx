import { Fragment, type ReactNode } from 'react'
import type { InvoiceAudit } from '~/lib/audit'
import type { QrData } from '~/server/qr.server'
import { formatNumber } from '~/lib/format'
import { terbilang } from '~/lib/terbilang'
import { PrintPage, PrintTable, SignatureBlocks } from './print-page'
import { QrCode } from './qr-code'

/** One 'label: value' line of an invoice's header blocks; `strong` for the key values. */
export type InvoiceField = { label: string; value: ReactNode; strong?: boolean }
export type InvoiceColumn<L> = { header: string; cell: (line: L) => ReactNode; className?: string }

/** The vehicle of a document on a vehicle, as an invoice's first fields: cabin / plate, and its code and type (`withCode`: also its code). */
export function vehicleFields(
  k: {
    no_kabin: string | null
    no_pol: string | null
    kode_kendaraan: string | null
    jenis_kendaraan: { nama_jenis_kendaraan: string | null } | null
  } | null,
  { withCode = true } = {},
): InvoiceField[] {
  return [
    { label: 'Kendaraan', value: [k?.no_kabin, k?.no_pol].filter(Boolean).join(' / ') || '-', strong: true },
    ...(withCode ? [{ label: 'Kode Kendaraan', value: k?.kode_kendaraan ?? '-' }] : []),
    { label: 'Jenis Kendaraan', value: k?.jenis_kendaraan?.nama_jenis_kendaraan ?? '-' },
  ]
}

function Fields({ fields }: { fields: InvoiceField[] }) {
  return (
    <dl className="grid grid-cols-[8rem_1fr] content-start gap-y-1">
      {fields.map((f) => (
        <Fragment key={f.label}>
          <dt className="text-slate-600">{f.label}</dt>
          <dd className={f.strong ? 'font-semibold' : undefined}>{f.value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/**
 * An invoice print page (Faktur Pembelian Ban, Faktur Pemasangan Ban): the title with
 * the status and the document's QR code, two blocks of fields, the tyre table with No and the
 * Grand Total under the last column (or the empty text), the total in words, the signature blocks.
 * Without `total` (Faktur Pelepasan Ban: no money) neither the Grand Total nor the words.
 */
export function InvoicePage<L extends { id: number }>({
  title,
  backTo,
  status,
  qr,
  code,
  intro,
  left,
  right,
  columns,
  lines,
  empty,
  total,
  roles,
  canPrint,
  actions,
  audit,
}: {
  title: string
  backTo: string
  status: string | null
  qr: QrData | null
  /** The document's code (the QR's label). */
  code: string
  /** Lines under the title (e.g. 'Kode Pemasangan'). */
  intro?: ReactNode
  left: InvoiceField[]
  right: InvoiceField[]
  columns: InvoiceColumn<L>[]
  lines: L[]
  /** 'Detail pembelian tidak tersedia' … */
  empty: string
  /** The Grand Total and its words; a document without money (a pelepasan) has none. */
  total?: number
  roles: string[]
  /** The user's print grant on the menu (Cetak); the page itself needs show. */
  canPrint: boolean
  /** More buttons in the toolbar, before Cetak (the purchase's Cetak label). */
  actions?: ReactNode
  /** Who made and who posted the document (audit trail): lines under the signatures; none without it. */
  audit?: InvoiceAudit | null
}) {
  const words = total === undefined ? null : terbilang(total)
  return (
    <PrintPage title={title} backTo={backTo} canPrint={canPrint} actions={actions}>
      <header className="flex items-start justify-between gap-6 border-b-2 border-slate-800 pb-3">
        <div>
          <h1 className="text-xl font-bold uppercase tracking-wide">{title}</h1>
          {intro}
          <p className="mt-1 text-sm">
            Status: <strong>{status === 'posting' ? 'Posting' : 'Unpost'}</strong>
          </p>
        </div>
        <QrCode qr={qr} size={90} label={code || 'Faktur'} />
      </header>
      <section className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 sm:gap-y-6 print:grid-cols-2 print:gap-y-6">
        <Fields fields={left} />
        <Fields fields={right} />
      </section>
      {lines.length === 0 ? (
        <p className="mt-6 rounded border border-slate-300 p-4 text-center text-slate-600">{empty}</p>
      ) : (
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              {columns.map((c) => (
                <th key={c.header} className={c.className}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.id}>
                <td>{i + 1}</td>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(l)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {total === undefined ? null : (
            <tfoot>
              <tr>
                <td colSpan={columns.length} className="text-right font-semibold">
                  Grand Total
                </td>
                <td className="text-right font-bold tabular-nums">Rp {formatNumber(total)}</td>
              </tr>
            </tfoot>
          )}
        </PrintTable>
      )}
      {words ? (
        <p className="mt-2 text-sm italic">
          Terbilang: <span className="font-medium">{words}</span>
        </p>
      ) : null}
      <SignatureBlocks roles={roles} />
      {audit && (audit.dibuat || audit.diposting) ? (
        <section aria-label="Jejak dokumen" className="mt-6 space-y-0.5 border-t border-slate-300 pt-2 text-xs text-slate-600">
          {audit.dibuat ? (
            <p>
              Dibuat oleh <strong className="font-semibold text-slate-800">{audit.dibuat.nama}</strong> pada {audit.dibuat.waktu}
            </p>
          ) : null}
          {audit.diposting ? (
            <p>
              Diposting oleh <strong className="font-semibold text-slate-800">{audit.diposting.nama}</strong> pada {audit.diposting.waktu}
            </p>
          ) : null}
        </section>
      ) : null}
    </PrintPage>
  )
}
