import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { periodLabel } from '~/lib/date-filter'
import { bulkAction, financeRows, type BulkIntent } from '~/server/finance.server'
import {
  financeScreenOf,
  inqueryKlaim,
  inqueryPemasangan,
  inqueryPembelian,
  perpanjanganScreen,
  type FinanceScreen,
} from '~/server/finance-sources.server'
import { CancelLink, SubmitButton } from '~/ui/button'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors } from '~/ui/fields'

export const meta: MetaFunction = () => [{ title: 'Konfirmasi — Armada' }]

/**
 * 'Posting semua' / 'Unpost semua': a confirmation dialog over an inquiry that names
 * how many documents of the current filter (period, status, search) it will change; confirmed, they
 * are changed one upstream call each, a few at a time (app/server/finance.server.ts bulkAction).
 */
function target(request: Request) {
  const url = new URL(request.url)
  const m = /^(.*)\/(posting|unpost)-semua\/?$/.exec(url.pathname)
  const screen = m ? financeScreenOf(m[1]!) : null
  if (!m || !screen?.posting) throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
  url.searchParams.delete('index')
  return { screen, intent: m[2] as BulkIntent, listUrl: m[1]! + url.search }
}

async function confirmation<T extends { status: string | null }>(
  request: Request,
  screen: FinanceScreen<T>,
  intent: BulkIntent,
  listUrl: string,
) {
  const rows = await financeRows(request, screen, intent === 'posting' ? 'posting_all' : 'unpost_all')
  return {
    intent,
    closeTo: listUrl,
    count: rows.parsed.problem || rows.loadError ? null : rows.bulk[intent],
    error: rows.parsed.problem?.message ?? rows.loadError,
    period: periodLabel(rows.parsed.filter),
    status: rows.parsed.filter.status,
    q: rows.page.query.q,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { screen, intent, listUrl } = target(request)
  if (screen === inqueryPembelian) return confirmation(request, inqueryPembelian, intent, listUrl)
  if (screen === inqueryKlaim) return confirmation(request, inqueryKlaim, intent, listUrl)
  if (screen === perpanjanganScreen) return confirmation(request, perpanjanganScreen, intent, listUrl)
  return confirmation(request, inqueryPemasangan, intent, listUrl)
}

/** The grant (posting_all / unpost_all) is checked inside bulkAction, before the form is acted on. */
export async function action({ request }: ActionFunctionArgs) {
  const { screen, intent, listUrl } = target(request)
  if (screen === inqueryPembelian) {
    return bulkAction(request, {
      source: inqueryPembelian,
      intent,
      kodeOf: inqueryPembelian.kodeOf,
      call: inqueryPembelian.posting![intent],
      listUrl,
    })
  }
  if (screen === inqueryKlaim) {
    return bulkAction(request, { source: inqueryKlaim, intent, kodeOf: inqueryKlaim.kodeOf, call: inqueryKlaim.posting![intent], listUrl })
  }
  if (screen === perpanjanganScreen) {
    const source = perpanjanganScreen
    return bulkAction(request, { source, intent, kodeOf: source.kodeOf, call: source.posting![intent], listUrl })
  }
  return bulkAction(request, {
    source: inqueryPemasangan,
    intent,
    kodeOf: inqueryPemasangan.kodeOf,
    call: inqueryPemasangan.posting![intent],
    listUrl,
  })
}

export default function BulkConfirm() {
  const { intent, closeTo, count: loaded, error: loadError, period, status, q } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const failed = result && 'error' in result ? result : null
  const count = failed && 'count' in failed && typeof failed.count === 'number' ? failed.count : loaded
  const verb = intent === 'posting' ? 'diposting' : 'di-unpost'
  const title = intent === 'posting' ? 'Posting semua' : 'Unpost semua'
  const scope = [
    period === 'Semua tanggal' ? 'semua tanggal' : `periode ${period}`,
    status ? `status ${status}` : null,
    q ? `pencarian "${q}"` : null,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <RouteDialog title={title} closeTo={closeTo} size="sm" role="alertdialog">
      {count === null ? (
        <p className="text-slate-700">Dokumen tidak dapat dihitung.</p>
      ) : count === 0 ? (
        <p className="text-slate-700">
          Tidak ada dokumen yang perlu {verb} pada filter ini ({scope}).
        </p>
      ) : (
        <p className="text-slate-700">
          <strong>{count} dokumen</strong> akan {verb} ({scope}). Dokumen dikirim satu per satu; yang ditolak akan dilaporkan.
        </p>
      )}
      <FormErrors errors={failed ? [failed.error] : loadError ? [loadError] : undefined} />
      <Form method="post" className="mt-5 flex justify-end gap-2">
        <input type="hidden" name="jumlah" value={String(count ?? '')} />
        <CancelLink to={closeTo} />
        {count ? (
          <SubmitButton variant={intent === 'posting' ? 'success' : 'primary'} pendingText="Memproses...">
            {intent === 'posting' ? `Ya, posting ${count} dokumen` : `Ya, unpost ${count} dokumen`}
          </SubmitButton>
        ) : null}
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
