export type PagerItem = { type: 'page'; page: number } | { type: 'gap'; key: string }

/**
 * The pager's window: the first page, the last page and the pages within 2 of the current
 * one, with a gap (ellipsis) wherever pages are skipped.
 */
export function pagerWindow(current: number, pageCount: number, radius = 2): PagerItem[] {
  if (pageCount < 1) return []
  const pages = new Set<number>([1, pageCount])
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p)
  const sorted = [...pages].sort((a, b) => a - b)
  const items: PagerItem[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push({ type: 'gap', key: `gap-${sorted[i - 1]}-${p}` })
    items.push({ type: 'page', page: p })
  })
  return items
}
