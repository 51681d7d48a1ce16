import type { MetaFunction } from '@remix-run/react'
import { PageHeader } from '~/ui/page-header'

export const meta: MetaFunction = () => [{ title: 'Dashboard — Armada' }]

/** The statistics dashboard: sample content with fixed figures (spec 000 §2). */
const CARDS = [
  { label: 'Number', value: '150GB', caption: 'Update Now', tone: 'bg-amber-100 text-amber-700', icon: '◆' },
  { label: 'Revenue', value: '$ 1,345', caption: 'Last day', tone: 'bg-emerald-100 text-emerald-700', icon: '$' },
  { label: 'Logs', value: '23', caption: 'In the last hour', tone: 'bg-red-100 text-red-700', icon: '≡' },
  { label: 'Followers', value: '+45K', caption: 'Update now', tone: 'bg-blue-100 text-blue-700', icon: '♥' },
]

export default function Dashboard() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Contoh statistik (data contoh)" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((c) => (
          <article key={c.label} className="rounded-lg border border-slate-200 bg-white shadow-sm">
            <div className="flex items-center justify-between p-5">
              <span className={`inline-flex size-12 items-center justify-center rounded-full text-xl ${c.tone}`} aria-hidden="true">
                {c.icon}
              </span>
              <div className="text-right">
                <p className="text-sm text-slate-500">{c.label}</p>
                <p className="text-2xl font-semibold text-slate-900">{c.value}</p>
              </div>
            </div>
            <p className="border-t border-slate-100 px-5 py-2.5 text-sm text-slate-500">{c.caption}</p>
          </article>
        ))}
      </div>
    </>
  )
}
