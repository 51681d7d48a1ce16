import { Link } from '@remix-run/react'
import { formatDate, formatNumber } from '~/lib/format'
import { dokumenPage, sumberLabel } from '~/lib/km-kendaraan'
import type { BacaanKm } from '~/upstream/km-kendaraan.server'
import { HeadRow } from './head-row'

const cell = 'border border-slate-200 px-2 py-1'

/**
 * A vehicle's km readings, newest first (date, km, source, who, reason): in Detail Kendaraan and in
 * the correction dialog. The box scrolls sideways at 375 px and takes the keyboard's focus for it; its
 * name is its own (`label`), the section around it has the heading's. A document's km says the
 * document's kind and code ('Pemasangan Ban PB000001'), the code a link to the document's read-only
 * page when it has one and `dokumenMenus` (the menus whose Show the user has) holds its menu.
 */
export function KmReadingsTable({
  rows,
  label,
  dokumenMenus = [],
}: {
  rows: readonly BacaanKm[]
  label: string
  dokumenMenus?: readonly string[]
}) {
  return (
    <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <HeadRow
            className="bg-slate-50 text-slate-700"
            cell={`${cell} font-semibold`}
            columns={['Tanggal', { label: 'Km', className: 'text-right' }, 'Sumber', 'Oleh', 'Alasan']}
          />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id ?? `${r.sumber}-${r.dokumen_id}`}>
              <td className={cell}>{formatDate(r.tanggal)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatNumber(r.km)}</td>
              <td className={cell}>
                <Sumber r={r} dokumenMenus={dokumenMenus} />
              </td>
              <td className={cell}>{r.kode_user ?? '—'}</td>
              <td className={cell}>{r.alasan ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Sumber({ r, dokumenMenus }: { r: BacaanKm; dokumenMenus: readonly string[] }) {
  const label = sumberLabel(r.sumber)
  if (!r.dokumen_kode) return <>{label}</>
  const page = dokumenPage(r.sumber, r.dokumen_id)
  return (
    <>
      {label}{' '}
      {page && dokumenMenus.includes(page.menu) ? (
        <Link to={page.href} className="font-semibold text-blue-700 hover:underline">
          {r.dokumen_kode}
        </Link>
      ) : (
        r.dokumen_kode
      )}
    </>
  )
}
