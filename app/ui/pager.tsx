import { Link } from '@remix-run/react'
import { listSearch, type ListQuery } from '~/lib/list-query'
import { pagerWindow } from '~/lib/pager'

/**
 * Previous / numbered pages (first, last, current ±2, ellipses) / next, as plain links so every page
 * has a URL. Hidden when there is only one page unless `always`.
 */
export function Pager({ query, pageCount, always = false }: { query: ListQuery; pageCount: number; always?: boolean }) {
  if (pageCount <= 1 && !always) return null
  const page = query.page
  const link = 'inline-flex min-w-9 items-center justify-center rounded-md px-2.5 py-1.5 text-sm ring-1 ring-inset'
  const idle = `${link} bg-white text-slate-700 ring-slate-300 hover:bg-slate-50`
  const disabled = `${link} cursor-not-allowed bg-slate-50 text-slate-400 ring-slate-200`
  return (
    <nav aria-label="Halaman" className="flex flex-wrap items-center justify-center gap-1.5 py-3">
      {page > 1 ? (
        <Link to={listSearch(query, { page: page - 1 })} className={idle} rel="prev" preventScrollReset>
          Sebelumnya
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Sebelumnya
        </span>
      )}
      {pagerWindow(page, pageCount).map((item) =>
        item.type === 'gap' ? (
          <span key={item.key} className="px-1 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : item.page === page ? (
          <span key={item.page} aria-current="page" className={`${link} bg-blue-700 font-semibold text-white ring-blue-700`}>
            {item.page}
          </span>
        ) : (
          <Link
            key={item.page}
            to={listSearch(query, { page: item.page })}
            className={idle}
            preventScrollReset
            aria-label={`Halaman ${item.page}`}
          >
            {item.page}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={listSearch(query, { page: page + 1 })} className={idle} rel="next" preventScrollReset>
          Berikutnya
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Berikutnya
        </span>
      )}
    </nav>
  )
}
