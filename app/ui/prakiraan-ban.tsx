import { Fragment, type ReactNode } from 'react'
import { formatDate, formatNumber } from '~/lib/format'
import { formatKeausan, formatKmPerHari, formatMm, sisaHariPrakiraan } from '~/lib/pemeriksaan'
import { DueLabel } from './due-label'
import type { PemeriksaanBan, Prakiraan } from '~/upstream/pemeriksaan-ban.server'

const km = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `${formatNumber(n)} km`)

/**
 * A tyre's inspections and its forecast (Riwayat Ban): the figures the forecast came from — wear per
 * 1,000 km over the measured points, the km run since the last inspection, km left to the minimum
 * tread, the vehicle's km per day, days left (projected to today by the upstream) and the forecast
 * date — and every inspection, newest first. Days left are counted from `today` to the forecast
 * date: a date passed reads 'lewat N hari' in red, as an STNK's. `error`: they could not be read.
 */
export function PemeriksaanBanSection({
  prakiraan,
  inspections,
  minimum,
  awal,
  error,
  today,
}: {
  prakiraan: Prakiraan | null
  inspections: PemeriksaanBan[]
  minimum: number | null
  awal: number | null
  error: string | null
  today: string
}) {
  const p = prakiraan
  const sisa = sisaHariPrakiraan(p?.tanggal_prakiraan, today)
  const facts: [string, ReactNode][] = p
    ? [
        ['Tebal Tapak Awal', formatMm(awal)],
        ['Tebal Tapak Terakhir', `${formatMm(p.tebal_tapak_terakhir)} (${formatDate(p.tanggal_periksa_terakhir)})`],
        ['Tebal Tapak Minimum', formatMm(p.tebal_tapak_minimum ?? minimum)],
        ['Keausan', formatKeausan(p.keausan_per_1000_km)],
        ...(p.km_sejak_periksa != null ? ([['Km Sejak Pemeriksaan', km(p.km_sejak_periksa)]] as [string, ReactNode][]) : []),
        ['Sisa Km', km(p.km_sisa)],
        ['Km per Hari Kendaraan', formatKmPerHari(p.km_per_hari)],
        ['Sisa Hari', sisa === null ? '-' : <DueLabel sisa={sisa} />],
        ['Prakiraan Ganti', p.tanggal_prakiraan ? formatDate(p.tanggal_prakiraan) : '-'],
      ]
    : []
  return (
    <section aria-labelledby="pemeriksaan-ban" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="pemeriksaan-ban" className="mb-3 text-base font-semibold text-slate-900">
        Pemeriksaan &amp; Prakiraan Ganti
      </h2>
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : !p ? (
        <p className="text-sm text-slate-600">Belum ada pemeriksaan untuk ban ini.</p>
      ) : (
        <>
          <dl data-testid="prakiraan-ban" className="grid grid-cols-[minmax(9rem,auto)_1fr] gap-x-4 gap-y-1 text-sm sm:max-w-xl">
            {facts.map(([k, v]) => (
              <Fragment key={k}>
                <dt className="text-slate-600">{k}</dt>
                <dd className="font-medium text-slate-900">{v}</dd>
              </Fragment>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-600">
            {p.keausan_per_1000_km === null
              ? 'Keausan dihitung setelah ada dua hasil ukur (atau Tebal Tapak Awal dan satu hasil ukur) dengan km yang berbeda.'
              : `Dihitung dari ${(p.titik ?? []).length} titik ukur sejak ban baru atau vulkanisir terakhir: sisa tebal di atas minimum dibagi keausan, dikurangi km sejak pemeriksaan terakhir (menurut catatan kendaraan sesudahnya, atau km per hari kendaraan sampai hari ini), lalu dibagi km per hari kendaraan.`}
          </p>
        </>
      )}
      {inspections.length ? (
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="group" aria-label="Daftar pemeriksaan ban">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Pemeriksaan ban, terbaru di atas</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                {['Tanggal', 'Kode', 'Kendaraan', 'Posisi', 'Km Ban', 'Tebal Tapak', 'Tekanan (psi)', 'Kondisi', 'Keterangan'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-1 py-2 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {inspections.map((i) => (
                <tr key={i.id} className="border-b border-slate-100">
                  <td className="whitespace-nowrap px-1 py-2">{formatDate(i.tanggal_awal)}</td>
                  <td className="whitespace-nowrap px-1 py-2">{i.kode_pemeriksaan || '-'}</td>
                  <td className="whitespace-nowrap px-1 py-2">{i.no_kabin ?? '-'}</td>
                  <td className="whitespace-nowrap px-1 py-2">{i.posisi_ban ?? '-'}</td>
                  <td className="whitespace-nowrap px-1 py-2 text-right tabular-nums">{km(i.km_ban)}</td>
                  <td className="whitespace-nowrap px-1 py-2 text-right tabular-nums">{formatMm(i.tebal_tapak)}</td>
                  <td className="whitespace-nowrap px-1 py-2 text-right tabular-nums">
                    {i.tekanan === null ? '-' : String(i.tekanan).replace('.', ',')}
                  </td>
                  <td className="whitespace-nowrap px-1 py-2">{i.kondisi ?? '-'}</td>
                  <td className="px-1 py-2">{i.keterangan ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
