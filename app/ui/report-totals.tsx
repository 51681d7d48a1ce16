import type { ReactNode } from 'react'

/** One figure of a report's totals: its label, its value, and whether it is the one to read first (bold). */
export type ReportTotal = { label: ReactNode; value: ReactNode; testId?: string; bold?: boolean; wide?: boolean }

/**
 * A report's totals under its table, a description list of label and figure (`wide`: on a line of
 * its own). `className` lays the list out, `itemClassName` each pair.
 */
export function ReportTotals({
  items,
  className,
  itemClassName = 'flex gap-2',
  label,
  testId,
}: {
  items: readonly (ReportTotal | false | null)[]
  className: string
  itemClassName?: string
  label?: string
  testId?: string
}) {
  return (
    <dl aria-label={label} data-testid={testId} className={className}>
      {items
        .filter((t): t is ReportTotal => !!t)
        .map((t, i) => (
          <div key={i} className={t.wide ? `${itemClassName} basis-full` : itemClassName}>
            <dt className="text-slate-600">{t.label}</dt>
            <dd className={`${t.bold ? 'font-bold' : t.wide ? '' : 'font-semibold'} tabular-nums`.trim()} data-testid={t.testId}>
              {t.value}
            </dd>
          </div>
        ))}
    </dl>
  )
}
