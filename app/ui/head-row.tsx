/**
 * A header column: its text, or its text with its own classes (alignment, hidden on a phone) and
 * `srOnly` for a column named only to screen readers (a row's actions).
 */
export type HeadColumn = string | { label: string; className?: string; srOnly?: true }

/**
 * The header row of a small table (a dashboard panel, a dialog's lines, an import's columns): one
 * `<th scope="col">` a column with the table's header classes `cell`, its own, and `gap` on every
 * column but the last (the space before the next one).
 */
export function HeadRow({
  columns,
  cell,
  gap = '',
  className,
}: {
  columns: readonly (HeadColumn | false)[]
  cell: string
  gap?: string
  className?: string
}) {
  const shown = columns.filter((c): c is HeadColumn => c !== false)
  return (
    <tr className={className}>
      {shown.map((c, i) => {
        const { label, className: own = '', srOnly = false } = typeof c === 'string' ? { label: c } : c
        const classes = [cell, i < shown.length - 1 ? gap : '', own].filter(Boolean).join(' ')
        return (
          <th key={label} scope="col" className={classes}>
            {srOnly ? <span className="sr-only">{label}</span> : label}
          </th>
        )
      })}
    </tr>
  )
}
