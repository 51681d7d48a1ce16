import { Link } from '@remix-run/react'
import { statusLabel } from '~/lib/stok-ban'

const TONES: Record<string, string> = {
  stok: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  terpasang: 'bg-blue-50 text-blue-800 ring-blue-600/30',
  vulkanisir: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  afkir: 'bg-slate-100 text-slate-700 ring-slate-500/30',
}

/** A tyre's state as a badge: Stok, Terpasang, Vulkanisir, Afkir; an unknown state as it came. */
export function BanStatusBadge({ status }: { status: string | null }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status ?? ''] ?? 'bg-white text-slate-700 ring-slate-300'}`}
    >
      {statusLabel(status)}
    </span>
  )
}

/**
 * A tyre's serial that opens its Riwayat Ban when `linked` (the user may and the upstream offers it);
 * printed as plain text (no link colour or underline on paper).
 */
export function SerialLink({ banId, text, linked }: { banId: number | null | undefined; text: string; linked: boolean }) {
  if (!linked || !banId) return <>{text}</>
  return (
    <Link
      to={`/admin/ban/${banId}`}
      className="text-blue-700 underline-offset-2 hover:underline print:text-inherit print:no-underline"
      aria-label={`Riwayat ban ${text}`}
    >
      {text}
    </Link>
  )
}
