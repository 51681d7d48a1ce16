import { formatDate, formatNumber } from '~/lib/format'
import { sumberLabel } from '~/lib/km-kendaraan'
import type { BacaanKm } from '~/upstream/km-kendaraan.server'
import { HeadRow } from './head-row'

const cell = 'border border-slate-200 px-2 py-1'

/**
 * A vehicle's km readings, newest first (date, km, source, who, reason): in Detail Kendaraan and in
 * the correction dialog. The box scrolls sideways at 375 px and takes the keyboard's focus for it; its
 * name is its own (`label`), the section around it has the heading's.
 */
export function KmReadingsTable({ rows, label }: { rows: readonly BacaanKm[]; label: string }) {
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
            <tr key={r.id}>
              <td className={cell}>{formatDate(r.tanggal)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatNumber(r.km)}</td>
              <td className={cell}>{sumberLabel(r.sumber)}</td>
              <td className={cell}>{r.kode_user ?? '—'}</td>
              <td className={cell}>{r.alasan ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
