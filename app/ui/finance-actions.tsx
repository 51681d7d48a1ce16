import { Link } from '@remix-run/react'
import type { Can } from '~/lib/grants'
import { listSearch, type ListQuery } from '~/lib/list-query'
import { buttonClass } from './button'

/**
 * The buttons over a finance list: Posting semua and Unpost semua (with their grants, issue 10.4;
 * each opens a confirmation that names how many documents) and Unduh CSV (the print grant; exactly
 * the rows of the current URL's filter, search and sort).
 */
export function FinanceActions({ can, query, bulk, csvPath }: {
  can: Can
  query: ListQuery
  /** How many documents each bulk action would change; null: the screen has none (the report). */
  bulk: { posting: number; unpost: number } | null
  csvPath: string
}) {
  const search = listSearch(query, { page: 1 })
  return (
    <>
      {bulk && can.posting_all ? (
        <Link to={`posting-semua${search}`} preventScrollReset className={buttonClass('success')}>
          Posting semua ({bulk.posting})
        </Link>
      ) : null}
      {bulk && can.unpost_all ? (
        <Link to={`unpost-semua${search}`} preventScrollReset className={buttonClass('secondary')}>
          Unpost semua ({bulk.unpost})
        </Link>
      ) : null}
      {can.print ? (
        <a href={`${csvPath}${search}`} download className={buttonClass('secondary')}>
          Unduh CSV
        </a>
      ) : null}
    </>
  )
}

/** The note when URL filters were ignored because the user has no search grant. */
export function SearchIgnored({ shown }: { shown: boolean }) {
  if (!shown) return null
  return (
    <p role="status" className="mb-4 rounded-md border border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      Anda tidak memiliki izin pencarian di menu ini: filter pada alamat halaman diabaikan.
    </p>
  )
}
