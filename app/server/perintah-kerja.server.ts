import { data } from '@remix-run/node'
import type { FilterChoice } from '~/lib/date-filter'
import type { FinanceScreen } from './finance-sources.server'
import { financeListData, financeRows } from './finance.server'
import { hasFeature } from './features.server'
import type { PerintahKerja } from '~/upstream/perintah-kerja.server'
import { listPerintahKerjaPage } from '~/upstream/perintah-kerja.server'

/** The list's own filter besides the period: one vehicle (?kendaraan_id=, from the vehicle's detail). */
export const KENDARAAN_CHOICE_NAME = 'kendaraan_id'

/**
 * The work orders' screen for a request: with ?kendaraan_id=N (the vehicle's detail's link) a choice of
 * its filter form ('Semua kendaraan' or that vehicle, named `label`), kept by every link of the list
 * and passed to the upstream; without it the screen as it is.
 */
export function withVehicle(
  screen: FinanceScreen<PerintahKerja>,
  request: Request,
  label?: string | null,
): { screen: FinanceScreen<PerintahKerja>; choices: readonly FilterChoice[] } {
  const raw = (new URL(request.url).searchParams.get(KENDARAAN_CHOICE_NAME) ?? '').trim()
  if (!/^\d{1,12}$/.test(raw)) return { screen, choices: [] }
  const choices: FilterChoice[] = [
    {
      name: KENDARAAN_CHOICE_NAME,
      label: 'Kendaraan',
      options: [
        { value: '', label: 'Semua kendaraan' },
        { value: raw, label: label || `Kendaraan #${raw}` },
      ],
      invalid: 'Kendaraan tidak valid.',
    },
  ]
  return {
    choices,
    screen: {
      ...screen,
      choices,
      paged: (up, filter, req) => {
        const id = filter.choices?.[KENDARAAN_CHOICE_NAME]
        return listPerintahKerjaPage(up, req, { ...filter, kendaraan_id: id ? Number(id) : null })
      },
    },
  }
}

/** A work order as the lists show it. */
export const perintahKerjaRow = (p: PerintahKerja) => ({
  id: p.id,
  kode: p.kode_perintah_kerja,
  status: p.status,
  tanggal_awal: p.tanggal_awal,
  no_kabin: p.kendaraan?.no_kabin ?? null,
  no_pol: p.kendaraan?.no_pol ?? null,
  km: p.km,
  mekanik: p.mekanik?.nama ?? null,
  grand_total: p.grand_total,
})

/** The loader of the work orders' list and of its inquiry: the finance screen's rows, the vehicle's choice, the audit switch. */
export async function perintahKerjaListData(request: Request, screen: FinanceScreen<PerintahKerja>) {
  const first = withVehicle(screen, request)
  const rows = await financeRows(request, first.screen)
  // The vehicle's name in its choice: its No Kabin and No Pol, from its work orders listed.
  const found = first.choices.length ? rows.page.rows[0]?.kendaraan : null
  const { choices } = found ? withVehicle(screen, request, [found.no_kabin, found.no_pol].filter(Boolean).join(' — ')) : first
  const audit = await hasFeature(rows.auth.upstream, 'audit')
  return data({ audit, choices, ...financeListData(rows, perintahKerjaRow) }, { status: rows.status })
}
