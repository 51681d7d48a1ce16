import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { documentRiwayat } from '~/server/audit.server'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import type { AuditDocument } from '~/upstream/audit.server'
import type { Upstream } from '~/upstream/client.server'
import { getPemasangan } from '~/upstream/pemasangan-ban.server'
import { getPembelian } from '~/upstream/pembelian-ban.server'
import { getPelepasan } from '~/upstream/pelepasan-ban.server'
import { getRotasi } from '~/upstream/rotasi-ban.server'
import { getKlaim } from '~/upstream/klaim-ban.server'
import { getPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { getPerpanjangan } from '~/upstream/perpanjangan.server'
import { AUDIT_DOCUMENTS } from '~/upstream/audit.server'
import { buttonClass } from '~/ui/button'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { HeadRow } from '~/ui/head-row'

export const meta: MetaFunction = () => [{ title: 'Riwayat Dokumen — Armada' }]

const DOCUMENTS: Record<AuditDocument, { judul: string; kodeOf: (up: Upstream, id: number) => Promise<string | null> }> = {
  pembelian_ban: {
    judul: 'Pembelian Ban',
    kodeOf: async (up, id) => (await getPembelian(up, id)).kode_pembelian_ban ?? null,
  },
  pemasangan_ban: {
    judul: 'Pemasangan Ban',
    kodeOf: async (up, id) => (await getPemasangan(up, id)).kode_pemasangan ?? null,
  },
  pelepasan_ban: {
    judul: 'Pelepasan Ban',
    kodeOf: async (up, id) => (await getPelepasan(up, id)).kode_pelepasan ?? null,
  },
  rotasi_ban: {
    judul: 'Rotasi Ban',
    kodeOf: async (up, id) => (await getRotasi(up, id)).kode_rotasi ?? null,
  },
  klaim_ban: {
    judul: 'Klaim Ban',
    kodeOf: async (up, id) => (await getKlaim(up, id)).kode_klaim || null,
  },
  pemeriksaan_ban: {
    judul: 'Pemeriksaan Ban',
    kodeOf: async (up, id) => (await getPemeriksaan(up, id)).kode_pemeriksaan || null,
  },
  perpanjangan: {
    judul: 'Perpanjangan STNK & KIR',
    kodeOf: async (up, id) => (await getPerpanjangan(up, id)).kode_perpanjangan || null,
  },
}

/** The document of a Riwayat URL, from its screen: /admin/{kind}-ban/… or /admin/inquery-{kind}-ban/… → {kind}_ban. */
function documentOf(pathname: string): AuditDocument {
  const screen = pathname.split('/')[2] ?? ''
  // Perpanjangan STNK & KIR's menu keeps the catalogue's path.
  if (screen === 'perpanjangan-stnk') return 'perpanjangan'
  const entitas = screen.replace(/^inquery-/, '').replace(/-ban$/, '_ban')
  const known = AUDIT_DOCUMENTS.find((d) => d === entitas)
  if (!known) throw new Response('Not Found', { status: 404 })
  return known
}

/**
 * The Riwayat dialog of a document (audit trail): …/{id}/riwayat under the purchase and
 * pemasangan lists and both inquiries (the row menu's Riwayat), with the Show grant. Its history oldest
 * first: Waktu, User, Aksi. Against an upstream without the audit extension: 501 with the reason (the
 * row menus do not offer it then).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const url = new URL(request.url)
  const entitas = documentOf(url.pathname)
  const doc = DOCUMENTS[entitas]
  // The code for the title, from the document itself (its invoice call); without it the title has none.
  const kode = doc.kodeOf(auth.upstream, id).catch((error: unknown) => {
    if (error instanceof Response) throw error
    return null
  })
  const [rows, code] = await Promise.all([documentRiwayat(auth.upstream, entitas, id), kode])
  return {
    judul: doc.judul,
    kode: code,
    rows,
    closeTo: url.pathname.replace(/\/\d+\/riwayat\/?$/, '') + url.search,
  }
}

export default function RiwayatDokumen() {
  const { judul, kode, rows, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title={`Riwayat ${judul}${kode ? ` ${kode}` : ''}`} closeTo={closeTo} size="lg">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Belum ada riwayat tercatat untuk dokumen ini.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Riwayat {judul}</caption>
            <thead className="bg-slate-50 text-left">
              <HeadRow cell="px-3 py-2 font-semibold text-slate-700" columns={['Waktu', 'User', 'Aksi']} />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.waktu}</td>
                  <td className="px-3 py-2">{r.user}</td>
                  <td className="px-3 py-2">{r.aksi}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-5 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Tutup
        </Link>
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
