import type { ReactNode } from 'react'
import { orTidakAda } from '~/lib/format'

/** The fields of a read-only detail dialog: label and value, 'Tidak ada' for a missing value. */
export function DetailList({ items }: { items: [label: string, value: string | number | null | undefined][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className={value === null || value === undefined || value === '' ? 'text-slate-500' : 'text-slate-900'}>
            {orTidakAda(value)}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** A stored photo in a detail dialog (at most 150 px high), or 'Tidak ada'. */
export function DetailPhoto({ label, src }: { label: string; src: string | null }): ReactNode {
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium text-slate-600">{label}</figcaption>
      {src ? (
        <img src={src} alt={label} className="max-h-[150px] rounded border border-slate-200 object-contain" />
      ) : (
        <p className="text-sm text-slate-500">Tidak ada</p>
      )}
    </figure>
  )
}
