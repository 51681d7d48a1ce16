import { Link } from '@remix-run/react'
import type { TyreLayout } from '~/lib/pemasangan'

/**
 * The axle diagram of the pemasangan, pelepasan and rotasi screens: the
 * vehicle seen from above, front at the top, drawn with HTML and CSS (no images). Axle 1 carries two
 * single tyres (1A left, 1B right); every other axle four (A B on the left, C D on the right). The
 * positions come from `layout` (app/lib/pemasangan.ts tyrePositions(total_ban)); each is a link to its
 * dialog route with the accessible name 'Posisi 2A, kosong' / 'Posisi 2A, BN000123', or — read-only
 * (a posted document) — the same name without a link.
 *
 * `mode` 'pemasangan' (default): every position opens its dialog (a free one to fit a tyre). 'pelepasan':
 * only the fitted positions open their dialog (to take the tyre off); free ones are inert, and those
 * whose tyre this pelepasan took off show it as 'dilepas' (`removed`). 'rotasi': as 'pelepasan', the
 * fitted positions open their dialog (to move the tyre to another position). 'pemeriksaan': the fitted
 * positions lead to their fields of the inspection form on the same page.
 */
export function AxleDiagram({
  layout,
  tyres,
  hrefFor,
  current,
  others = {},
  mode = 'pemasangan',
  removed = {},
}: {
  layout: TyreLayout
  /** The serial of the tyre on each filled position. */
  tyres: Record<string, string>
  /** Positions held by another pemasangan of the vehicle: position → that pemasangan's code. */
  others?: Record<string, string>
  /** The dialog route of a position; null when the diagram is read-only. */
  hrefFor: ((position: string) => string) | null
  /** The position whose dialog is open. */
  current?: string | null
  mode?: 'pemasangan' | 'pelepasan' | 'rotasi' | 'pemeriksaan'
  /** Pelepasan: the serial of the tyre this pelepasan took off each (now free) position. */
  removed?: Record<string, string>
}) {
  const tyre = (position: string) => {
    const serial = tyres[position] ?? null
    const opens = hrefFor !== null && (mode === 'pemasangan' || serial !== null)
    return (
      <Tyre
        key={position}
        position={position}
        serial={serial}
        owner={others[position] ?? null}
        removed={serial === null ? (removed[position] ?? null) : null}
        href={opens ? hrefFor(position) : null}
        current={current === position}
      />
    )
  }
  return (
    <figure className="mx-auto w-full max-w-sm">
      <figcaption className="mb-2 text-center text-xs text-slate-600">Tampak atas: bagian depan kendaraan di atas</figcaption>
      {layout.warning ? (
        <p role="note" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {layout.warning}
        </p>
      ) : null}
      <div className="relative px-1 pb-4">
        {/* Chassis: two rails under the whole vehicle. */}
        <div
          aria-hidden="true"
          className="absolute inset-y-0 left-1/2 w-12 -translate-x-1/2 rounded-b-lg border-x-4 border-slate-400 bg-slate-100"
        />
        {/* Cab. */}
        <div
          aria-hidden="true"
          className="relative mx-auto mb-3 flex h-14 w-40 items-center justify-center rounded-t-[2rem] rounded-b-md border-2 border-slate-500 bg-sky-100 text-xs font-semibold tracking-wide text-slate-700"
        >
          DEPAN
        </div>
        <ol className="relative space-y-3">
          {layout.rows.map((row) => (
            <li key={row.axle} className="relative">
              <span className="sr-only">{`Sumbu ${row.axle}`}</span>
              {/* The axle. */}
              <div aria-hidden="true" className="absolute inset-x-6 top-1/2 h-1.5 -translate-y-1/2 rounded bg-slate-500" />
              <div className="relative grid grid-cols-[1fr_3rem_1fr] items-center">
                <div className="flex justify-end gap-1">
                  {row.positions.length === 2 ? tyre(row.positions[0]) : row.positions.slice(0, 2).map(tyre)}
                </div>
                <div />
                <div className="flex justify-start gap-1">
                  {row.positions.length === 2 ? tyre(row.positions[1]) : row.positions.slice(2).map(tyre)}
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <p className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-800" />{' '}
          {hrefFor && mode === 'pelepasan'
            ? 'terpasang (klik untuk melepas)'
            : hrefFor && mode === 'rotasi'
              ? 'terpasang (klik untuk memindahkan)'
              : hrefFor && mode === 'pemeriksaan'
                ? 'terpasang (klik untuk mengisi hasil ukur)'
                : 'terpasang'}
        </span>
        {Object.keys(removed).length ? (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm border-2 border-dashed border-amber-500 bg-amber-50" />{' '}
            dilepas
          </span>
        ) : null}
        {Object.keys(others).length ? (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm border border-slate-400 bg-slate-200" /> pemasangan lain
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border-2 border-dashed border-slate-400 bg-white" /> kosong
        </span>
      </p>
    </figure>
  )
}

function Tyre({
  position,
  serial,
  owner,
  removed,
  href,
  current,
}: {
  position: string
  serial: string | null
  owner: string | null
  removed: string | null
  href: string | null
  current: boolean
}) {
  // 'Posisi 2A, kosong' / 'Posisi 2A, BN000123' (and the other pemasangan's code, which is shown too;
  // or the tyre this pelepasan took off: 'Posisi 2A, kosong, dilepas BN000123').
  const name = `Posisi ${position}, ${serial ?? 'kosong'}${owner ? `, ${owner}` : ''}${removed ? `, dilepas ${removed}` : ''}`
  const look = owner
    ? 'border-slate-400 bg-slate-200 text-slate-800'
    : serial
      ? 'border-slate-900 bg-slate-800 text-white bg-[repeating-linear-gradient(0deg,transparent_0_6px,rgb(255_255_255/0.08)_6px_8px)]'
      : removed
        ? 'border-dashed border-amber-500 bg-amber-50 text-amber-900'
        : 'border-dashed border-slate-400 bg-white text-slate-700'
  const ring = current ? 'ring-4 ring-blue-500 ring-offset-1' : ''
  const body = (
    <>
      <span className="text-xs font-bold">{position}</span>{' '}
      <span className={`mt-0.5 line-clamp-2 max-w-full break-all px-0.5 text-[10px] leading-tight ${serial ? '' : 'italic'}`}>
        {serial ?? (removed ? 'dilepas' : 'kosong')}
      </span>
      {removed ? ' ' : null}
      {removed ? <span className="max-w-full truncate px-0.5 text-[9px] leading-none">{removed}</span> : null}
      {owner ? ' ' : null}
      {owner ? (
        <span
          title={`Terpasang pada pemasangan ${owner}`}
          className="mt-0.5 max-w-full truncate px-0.5 text-[9px] leading-none text-slate-700"
        >
          {owner}
        </span>
      ) : null}
    </>
  )
  const box = `relative flex h-20 w-[3.75rem] flex-col items-center justify-center rounded-lg border-2 text-center shadow-sm sm:w-16 ${look} ${ring}`
  if (!href) {
    return (
      <span role="img" aria-label={name} className={box}>
        <span aria-hidden="true" className="contents">
          {body}
        </span>
      </span>
    )
  }
  const linkLook = `${box} hover:border-blue-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${owner ? 'hover:bg-slate-300' : serial ? 'hover:bg-slate-700' : 'hover:bg-blue-50'}`
  // A place on the same page (the inspection form's fieldset): a plain anchor, so the browser scrolls to it.
  if (href.startsWith('#')) {
    return (
      <a href={href} aria-label={name} className={linkLook}>
        {body}
      </a>
    )
  }
  return (
    <Link to={href} preventScrollReset aria-label={name} aria-current={current ? 'true' : undefined} className={linkLook}>
      {body}
    </Link>
  )
}
