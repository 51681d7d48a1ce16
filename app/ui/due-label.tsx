import { Link } from '@remix-run/react'
import { sisaLabel } from '~/lib/jatuh-tempo'
import { perpanjangHref, type JenisDokumen } from '~/lib/perpanjangan'

/** Days left of a document ('12 hari lagi', 'hari ini'), or 'lewat N hari' in red when past due. */
export function DueLabel({ sisa }: { sisa: number }) {
  if (sisa < 0) return <strong className="font-semibold text-red-700">{sisaLabel(sisa)}</strong>
  return <span className={sisa <= 7 ? 'font-semibold text-amber-800' : 'text-slate-700'}>{sisaLabel(sisa)}</span>
}

/**
 * 'Perpanjang' of a due row (the dashboard's panel, Jatuh Tempo): the renewal form with the vehicle
 * and the document chosen (a plain link: it works without JavaScript); nothing for an STNK record of
 * no vehicle.
 */
export function PerpanjangLink({ row }: { row: { kendaraan_id: number | null; dokumen: JenisDokumen; no_kabin: string | null } }) {
  if (row.kendaraan_id === null) return null
  return (
    <Link
      to={perpanjangHref(row.kendaraan_id, row.dokumen)}
      className="whitespace-nowrap font-semibold text-blue-700 hover:underline"
      aria-label={`Perpanjang ${row.dokumen} ${row.no_kabin ?? ''}`.trim()}
    >
      Perpanjang
    </Link>
  )
}
