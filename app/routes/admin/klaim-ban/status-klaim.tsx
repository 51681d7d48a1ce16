import { statusKlaimTone } from '~/lib/klaim'

const TONES = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
} as const

/** A claim's status (Diajukan, Disetujui, Ditolak) as a coloured label: the word carries it, the colour helps. */
export function StatusKlaimBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[statusKlaimTone(status)]}`}>
      {status}
    </span>
  )
}
