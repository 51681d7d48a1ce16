import { CheckCircleIcon } from './icons'

/** The Status cell of purchases and pemasangan: a green check when posted. */
export function DocStatus({ status }: { status: string | null }) {
  if (status === 'posting') {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-emerald-700">
        <CheckCircleIcon className="size-5" />
        <span>Posting</span>
      </span>
    )
  }
  return <span className="text-slate-600">Unpost</span>
}
