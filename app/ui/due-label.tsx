import { sisaLabel } from '~/lib/jatuh-tempo'

/** Days left of a document ('12 hari lagi', 'hari ini'), or 'lewat N hari' in red when past due. */
export function DueLabel({ sisa }: { sisa: number }) {
  if (sisa < 0) return <strong className="font-semibold text-red-700">{sisaLabel(sisa)}</strong>
  return <span className={sisa <= 7 ? 'font-semibold text-amber-800' : 'text-slate-700'}>{sisaLabel(sisa)}</span>
}
