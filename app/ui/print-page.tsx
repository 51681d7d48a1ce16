import { Link } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { GeneralErrorBoundary } from './error-boundary'
import { useNonce } from '~/lib/nonce'
import { useHydrated } from './use-hydrated'

/**
 * A print page (invoices, the report): no shell, A4 print CSS (app/tailwind.css @media print), a
 * toolbar that is not printed with a link back to where the user came from and Cetak (prints with
 * JavaScript; without it the browser's own print, Ctrl+P, is named). `autoPrint` opens the print
 * dialog once the page has loaded (the report's print page). `canPrint` false (no print grant on the
 * menu: an invoice opened through Show) leaves Cetak out. `withoutScripts`: the page's route is
 * WITHOUT_SCRIPTS (app/lib/hydration.ts), so Cetak and the automatic print are a few lines of inline
 * script instead of React's.
 */
export function PrintPage({
  title,
  backTo,
  children,
  autoPrint = false,
  canPrint = true,
  withoutScripts = false,
  actions,
}: {
  title: string
  /** Where the user came from (a path inside the app). */
  backTo: string
  children: ReactNode
  autoPrint?: boolean
  canPrint?: boolean
  withoutScripts?: boolean
  /** More buttons in the toolbar (not printed), before Cetak (the purchase invoice's Cetak label). */
  actions?: ReactNode
}) {
  const hydrated = useHydrated()
  const nonce = useNonce()
  // Cetak: React's click handler on a hydrated page; on a page without scripts, hidden until the inline script shows it.
  const button = (by: 'react' | 'inline-script') => (
    <button
      type="button"
      id={by === 'inline-script' ? PRINT_BUTTON_ID : undefined}
      hidden={by === 'inline-script'}
      onClick={by === 'react' ? () => window.print() : undefined}
      className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-800"
    >
      Cetak
    </button>
  )
  const hint = (
    <span id={withoutScripts ? PRINT_HINT_ID : undefined} className="text-sm text-slate-600">
      <span className="font-semibold">Cetak</span>: tekan Ctrl+P
    </span>
  )
  const cetak = !canPrint ? null : withoutScripts ? (
    <>
      {button('inline-script')}
      {hint}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: printScript(autoPrint) }} />
    </>
  ) : hydrated ? (
    button('react')
  ) : (
    hint
  )
  return (
    <div className="print-page min-h-full bg-slate-100 py-6 print:bg-white print:py-0">
      <div className="no-print mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-3 px-4">
        <Link to={backTo} className="text-sm font-semibold text-blue-700 hover:underline">
          ← Kembali
        </Link>
        {actions ? (
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            {cetak}
          </div>
        ) : (
          cetak
        )}
      </div>
      <article
        aria-label={title}
        className="mx-auto max-w-[210mm] bg-white px-[12mm] py-[10mm] text-[13px] leading-snug text-slate-900 shadow print:max-w-none print:p-0 print:shadow-none"
      >
        {children}
      </article>
      {autoPrint && hydrated && !withoutScripts ? <AutoPrint /> : null}
    </div>
  )
}

const PRINT_BUTTON_ID = 'cetak'
const PRINT_HINT_ID = 'cetak-ctrl-p'

/**
 * A page without the app's JavaScript: the script shows Cetak in place of the Ctrl+P hint and, with
 * `autoPrint`, opens the print dialog once the whole page has loaded.
 */
const printScript = (autoPrint: boolean) =>
  `(() => {
  const button = document.getElementById('${PRINT_BUTTON_ID}')
  button.hidden = false
  document.getElementById('${PRINT_HINT_ID}').hidden = true
  button.addEventListener('click', () => window.print())
  ${autoPrint ? "addEventListener('load', () => setTimeout(() => window.print(), 300))" : ''}
})()`

function AutoPrint() {
  // Once, after the page has painted (rendered only after hydration).
  useEffect(() => {
    const t = setTimeout(() => window.print(), 300)
    return () => clearTimeout(t)
  }, [])
  return null
}

/**
 * A report's print page (Laporan Pembelian Ban, Laporan Biaya Ban per Km, Jatuh Tempo STNK & KIR, …):
 * its heading, the line saying what it covers, the print time, then the report — or, in its place,
 * the filter's warning, the upstream's failure or 'Tidak ada data untuk dicetak', with a way back.
 * It prints itself only when there is a report to print. Its route exports `handle = WITHOUT_SCRIPTS`:
 * a long period's rows are sent once, as HTML.
 */
export function ReportPrintPage({
  title,
  heading,
  covers,
  page: { period, printedAt, back: backTo, warning, loadError },
  backLabel = 'Kembali ke laporan',
  empty,
  children,
}: {
  title: string
  /** The heading as printed (default: the title). */
  heading?: string
  /** What the report covers (default: 'Periode: ' and the page's period). */
  covers?: ReactNode
  /** What the loader read (reportPrintRows): the period, the print time, the way back, the warning or the read's error. */
  page: { period?: string; printedAt: string; back: string; warning: string | null; loadError: string | null }
  backLabel?: string
  /** No rows to print. */
  empty: boolean
  children: ReactNode
}) {
  const message = warning ?? loadError ?? (empty ? 'Tidak ada data untuk dicetak' : null)
  return (
    <PrintPage title={title} backTo={backTo} autoPrint={!message} withoutScripts>
      <header className="border-b-2 border-slate-800 pb-3">
        <h1 className="text-xl font-bold uppercase tracking-wide">{heading ?? title}</h1>
        <p className="mt-1 text-sm">
          {covers ?? (
            <>
              Periode: <strong>{period}</strong>
            </>
          )}
        </p>
        <p className="text-xs text-slate-600">Dicetak: {printedAt}</p>
      </header>
      {message ? (
        <div
          role={warning || loadError ? 'alert' : 'status'}
          className="mt-6 rounded border border-amber-300 bg-amber-50 p-4 text-center text-amber-900"
        >
          {warning ? <strong className="mr-1">Peringatan</strong> : null}
          {message}
          <p className="no-print mt-2">
            <Link to={backTo} className="font-semibold text-blue-700 underline">
              {backLabel}
            </Link>
          </p>
        </div>
      ) : (
        children
      )}
    </PrintPage>
  )
}

/** The signature blocks under an invoice (Gudang, Pembelian / Pemasangan, Accounting). */
export function SignatureBlocks({ roles }: { roles: string[] }) {
  return (
    <div className="mt-10 grid break-inside-avoid gap-6" style={{ gridTemplateColumns: `repeat(${roles.length}, minmax(0, 1fr))` }}>
      {roles.map((r) => (
        <div key={r} className="text-center">
          <p className="font-semibold">{r}</p>
          <div className="h-20" />
          <p className="border-t border-slate-400 pt-1 text-xs text-slate-500">Nama &amp; tanda tangan</p>
        </div>
      ))}
    </div>
  )
}

/**
 * A table for print pages: thin borders, header repeated on every printed page. A <tfoot> (a
 * report's total) is printed once, after the last row, never repeated at the foot of each page
 * (app/tailwind.css, .print-table > tfoot): a total under a page's rows would read as theirs.
 */
export function PrintTable({ children, className = '' }: { children: ReactNode; className?: string }) {
  // On a narrow screen the table scrolls sideways inside the page (the page itself stays 375 px wide); on paper it is whole.
  // The scrolling box takes the keyboard's focus (tabIndex), so a table without links can be scrolled without a mouse too.
  return (
    <div
      role="region"
      aria-label="Tabel"
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600 print:overflow-visible"
    >
      <table
        className={`print-table w-full border-collapse text-left [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-2 [&_th]:py-1 ${className}`}
      >
        {children}
      </table>
    </div>
  )
}

/**
 * One row of a report's print table (a group, a purchase) with, in the row under it, its tyres
 * (`children`; null: `none` in their place), kept together on one printed page. `columns`: how many
 * columns the print table has.
 */
export function ReportPrintRow({
  cells,
  columns,
  none,
  children,
}: {
  cells: ReactNode
  columns: number
  none: string
  children: ReactNode
}) {
  return (
    <tbody className="break-inside-avoid">
      <tr>{cells}</tr>
      <tr>
        <td />
        <td colSpan={columns - 1} className="!py-2">
          {children ?? <span className="text-slate-600">{none}</span>}
        </td>
      </tr>
    </tbody>
  )
}

/** A report's total (the print table's <tfoot>): `label` right-aligned over the first `span` columns, then its figures. */
export function ReportPrintTotal({ label, span, children }: { label: ReactNode; span: number; children: ReactNode }) {
  return (
    <tfoot>
      <tr>
        <td colSpan={span} className="text-right font-semibold">
          {label}
        </td>
        {children}
      </tr>
    </tfoot>
  )
}

/** The error boundary of a print page: the Indonesian error on a plain page (no shell to keep). */
export function PrintErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
