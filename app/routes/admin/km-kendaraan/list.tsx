import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { todayInCompany } from '~/lib/date-filter'
import { formatDate, formatNumber } from '~/lib/format'
import { imporPaths, imporSpecOfScreen } from '~/lib/impor'
import { KM_PER_PAGE, kmField, readKmEntry, tanggalError, upstreamKmErrors, type KmEntry } from '~/lib/km-kendaraan'
import { parseListQuery, type ListPage } from '~/lib/list-query'
import { hasFeature } from '~/server/features.server'
import { readForm } from '~/server/form.server'
import { requireScreen } from '~/server/grants.server'
import { isThrownPage, loadList } from '~/server/route-errors.server'
import { redirectWithToast } from '~/session.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { listKmKendaraan, simpanKm, type KmKendaraanRow } from '~/upstream/km-kendaraan.server'
import { SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ImporActions } from '~/ui/impor-actions'
import { FormErrors, type Option } from '~/ui/fields'
import { FilterForm, FilterSelect } from '~/ui/filter-form'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Km Kendaraan — Armada' }]

const JENIS = 'jenis_kendaraan_id'
const FORM_ID = 'km-form'
/** The date of the readings, kept in the URL after a save so the next page of vehicles gets the same one. */
const TANGGAL = 'tanggal'
const JENIS_TIDAK_VALID = 'Jenis kendaraan tidak valid.'

/**
 * Km Kendaraan: the vehicles, 25 a page, with their latest reading and km per day; ?jenis_kendaraan_id
 * filters, ?q searches No Kabin or No Polisi. With Create a field a vehicle and one date: Simpan saves
 * the filled ones (all or none: a refused line says why beside its field, everything typed kept).
 * With Update a row's Koreksi opens the correction dialog.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const params = new URL(request.url).searchParams
  const query = parseListQuery(params, [], [JENIS, TANGGAL])
  const jenis = (params.get(JENIS) ?? '').trim().slice(0, 40)
  const masters = await loadList(() => listJenisKendaraan(auth.upstream))
  const choices: Option[] = masters.all
    .map((j) => ({ value: String(j.id), label: j.nama_jenis_kendaraan || `#${j.id}` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'id-ID'))
  const problem = jenis && !masters.loadError && !choices.some((o) => o.value === jenis) ? JENIS_TIDAK_VALID : null
  let list: ListPage<KmKendaraanRow> = { rows: [], offset: 0, total: 0, page: 1, pageCount: 1, query: { ...query, page: 1 } }
  let loadError: string | null = null
  let status = 200
  if (!problem) {
    const loaded = await loadList(async () => {
      const page = await listKmKendaraan(
        auth.upstream,
        { page: query.page, per_page: KM_PER_PAGE, q: query.q, sort: null, dir: 'asc' },
        { jenis_kendaraan_id: jenis },
      )
      const pageCount = Math.max(1, Math.ceil(page.total / KM_PER_PAGE))
      list = { rows: page.rows, offset: (query.page - 1) * KM_PER_PAGE, total: page.total, page: query.page, pageCount, query }
      return page.rows
    })
    loadError = loaded.loadError
    status = loaded.status
  }
  const today = todayInCompany()
  const asked = (params.get(TANGGAL) ?? '').trim()
  const tanggal = tanggalError(asked, today) === null ? asked : today
  // A GPS export's import (Create and the upstream's 'impor'): 'Unduh template' and 'Impor'.
  const spec = imporSpecOfScreen(new URL(request.url).pathname)
  const paths = spec && auth.can.create && (await hasFeature(auth.upstream, 'impor')) ? imporPaths(spec) : null
  const impor = paths && { upload: paths.upload, template: paths.template }
  return data({ list, loadError, choices, jenis, problem, can: auth.can, today, tanggal, impor }, { status })
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  const read = await readForm(request)
  if (!read.ok) {
    const entry: KmEntry = { tanggal: '', typed: {}, lines: [], errors: {}, formError: read.message }
    return data({ entry }, { status: read.status })
  }
  const entry = readKmEntry(read.formData)
  if (entry.formError || Object.keys(entry.errors).length > 0) return data({ entry }, { status: 400 })
  try {
    const saved = await simpanKm(auth.upstream, { tanggal: entry.tanggal, bacaan: entry.lines })
    const url = new URL(request.url)
    url.searchParams.set(TANGGAL, entry.tanggal)
    return redirectWithToast(request, url.pathname + url.search, {
      kind: 'success',
      title: 'Berhasil',
      message: saved.message ?? `Km ${entry.lines.length} kendaraan berhasil disimpan.`,
      ms: 3000,
      id: randomUUID(),
    })
  } catch (error) {
    if (isThrownPage(error)) throw error
    if (error instanceof UpstreamValidation) {
      const { errors, rest } = upstreamKmErrors(error.fieldErrors, entry.lines)
      const formError = rest.length > 0 ? rest.join(' ') : Object.keys(errors).length > 0 ? null : error.serverMessage
      return data({ entry: { ...entry, errors, formError } }, { status: 422 })
    }
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    return data({ entry: { ...entry, formError: userMessage(error) } }, { status })
  }
}

const control =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

export default function KmKendaraan() {
  const { list, loadError, choices, jenis, problem, can, today, tanggal, impor } = useLoaderData<typeof loader>()
  const entry = useActionData<typeof action>()?.entry ?? null
  const location = useLocation()
  const canKoreksi = can.update
  const errorOf = (id: number) => entry?.errors[String(id)]
  return (
    <ListScreen
      title="Km Kendaraan"
      subtitle="Km terakhir setiap kendaraan; isi km yang terbaca lalu Simpan"
      searchPlaceholder="Cari no kabin atau no polisi..."
      canAdd={false}
      list={list}
      loadError={loadError}
      headerActions={impor ? <ImporActions impor={impor} /> : undefined}
      filters={
        <>
          <JenisFilter choices={choices} jenis={jenis} problem={problem} query={list.query} />
          {can.create ? <EntryBar entry={entry} today={today} tanggal={tanggal} shown={list.rows.map((r) => r.kendaraan_id)} /> : null}
        </>
      }
      rowKey={(r) => r.kendaraan_id}
      columns={[
        { header: 'No', cell: (_r, i) => i + 1, className: 'w-14' },
        { header: 'No Kabin', cell: (r) => r.no_kabin || `#${r.kendaraan_id}`, className: 'whitespace-nowrap' },
        { header: 'No Polisi', cell: (r) => r.no_pol || '—', className: 'whitespace-nowrap' },
        { header: 'Jenis Kendaraan', cell: (r) => r.jenis_kendaraan || '—' },
        {
          header: 'Km Terakhir',
          className: 'text-right tabular-nums',
          cell: (r) => formatNumber(r.km_terakhir ?? r.km),
        },
        { header: 'Tanggal Terakhir', cell: (r) => (r.tanggal_terakhir ? formatDate(r.tanggal_terakhir) : 'Belum ada') },
        {
          header: 'Km/Hari',
          className: 'text-right tabular-nums',
          cell: (r) => (r.km_per_hari === null ? '—' : formatNumber(r.km_per_hari)),
        },
        ...(can.create
          ? [
              {
                header: 'Km Baru',
                cell: (r: KmKendaraanRow) => (
                  <KmInput
                    // A new answer of the action (a refusal) shows what was sent again; a save (its
                    // redirect is a new location) empties the fields for the next round.
                    key={`${r.kendaraan_id}-${location.key}-${entry ? JSON.stringify(entry.typed[String(r.kendaraan_id)] ?? '') : ''}`}
                    kendaraanId={r.kendaraan_id}
                    typed={entry?.typed[String(r.kendaraan_id)] ?? ''}
                    error={errorOf(r.kendaraan_id)}
                    label={`Km baru ${r.no_kabin || `#${r.kendaraan_id}`}`}
                    placeholder={formatNumber(r.km_terakhir ?? r.km)}
                    outside
                  />
                ),
              },
            ]
          : []),
        ...(canKoreksi
          ? [
              {
                header: 'Opsi',
                cell: (r: KmKendaraanRow) => (
                  <Link
                    to={`${r.kendaraan_id}/koreksi${location.search}`}
                    preventScrollReset
                    className="font-semibold text-blue-700 hover:underline"
                    aria-label={`Koreksi km ${r.no_kabin || `#${r.kendaraan_id}`}`}
                  >
                    Koreksi
                  </Link>
                ),
              },
            ]
          : []),
      ]}
      footer={
        can.create && list.rows.length > 0 ? (
          <div className="mt-3 flex justify-end">
            <SubmitButton form={FORM_ID} pendingText="Menyimpan...">
              Simpan
            </SubmitButton>
          </div>
        ) : null
      }
      empty={problem ? 'Perbaiki filter untuk menampilkan data.' : 'Tidak ada kendaraan.'}
    />
  )
}

/** The date of the readings and the form every km field belongs to (by its `form` attribute). */
function EntryBar({ entry, today, tanggal, shown }: { entry: KmEntry | null; today: string; tanggal: string; shown: number[] }) {
  const problem = entry?.errors.tanggal
  const refusedLines = Object.keys(entry?.errors ?? {}).filter((k) => k !== 'tanggal').length
  const errors: string[] = []
  if (entry?.formError) errors.push(entry.formError)
  if (refusedLines > 0) errors.push(`${refusedLines} km belum dapat disimpan: lihat pesan di baris kendaraannya. Tidak ada yang disimpan.`)
  return (
    <Form method="post" id={FORM_ID} preventScrollReset className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <FormErrors errors={errors} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Tanggal Pembacaan
          <input
            key={entry ? `tanggal-${entry.tanggal}` : 'tanggal'}
            type="date"
            name="tanggal"
            required
            max={today}
            defaultValue={entry?.tanggal ?? tanggal}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'km-tanggal-error' : undefined}
            className={control}
          />
        </label>
        <p className="pb-2 text-sm text-slate-600">Isi kolom Km Baru kendaraan yang dibaca; yang kosong tidak disimpan.</p>
        <SubmitButton pendingText="Menyimpan...">Simpan</SubmitButton>
      </div>
      {problem ? (
        <p id="km-tanggal-error" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <ElsewhereTyped entry={entry} shown={shown} />
    </Form>
  )
}

/**
 * Km typed for vehicles that are not on the page shown again after a refusal (the list moved meanwhile:
 * a vehicle added, another filter): kept as fields of the form, with their messages, so nothing typed
 * is lost and a second Simpan sends them again.
 */
function ElsewhereTyped({ entry, shown }: { entry: KmEntry | null; shown: number[] }) {
  const onPage = new Set(shown.map(String))
  const others = Object.entries(entry?.typed ?? {}).filter(([id]) => !onPage.has(id))
  if (others.length === 0) return null
  return (
    <fieldset className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 text-sm font-semibold text-amber-900">Km yang diisi untuk kendaraan di luar halaman ini</legend>
      <div className="flex flex-wrap gap-3">
        {others.map(([id, value]) => (
          <KmInput
            key={id}
            kendaraanId={Number(id)}
            typed={value}
            error={entry?.errors[id]}
            label={`Km baru kendaraan #${id}`}
            visibleLabel
          />
        ))}
      </div>
    </fieldset>
  )
}

/**
 * A vehicle's Km Baru field with its message: in the table (`outside` the form's element, joined to it
 * by its `form` attribute; named by aria-label) or under the form (`visibleLabel`).
 */
function KmInput({
  kendaraanId,
  typed,
  error,
  label,
  placeholder,
  outside = false,
  visibleLabel = false,
}: {
  kendaraanId: number
  typed: string
  error: string | undefined
  label: string
  placeholder?: string
  outside?: boolean
  visibleLabel?: boolean
}) {
  const name = kmField(kendaraanId)
  const Wrapper = visibleLabel ? 'label' : 'span'
  return (
    <Wrapper className={`flex flex-col gap-1 ${visibleLabel ? 'text-sm font-medium text-slate-700' : ''}`}>
      {visibleLabel ? label : null}
      <input
        form={outside ? FORM_ID : undefined}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        maxLength={outside ? 12 : undefined}
        defaultValue={typed}
        aria-label={visibleLabel ? undefined : label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        placeholder={placeholder}
        className={`${control} w-32 text-right tabular-nums`}
      />
      {error ? (
        <span id={`${name}-error`} className="max-w-64 text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </Wrapper>
  )
}

/** The filter by Jenis Kendaraan (FilterForm: keeps the search and the readings' date, starts at page 1). */
function JenisFilter({
  choices,
  jenis,
  problem,
  query,
}: {
  choices: Option[]
  jenis: string
  problem: string | null
  query: ListPage<KmKendaraanRow>['query']
}) {
  return (
    <FilterForm label="Filter km kendaraan" query={query} keep={[TANGGAL]} active={!!jenis} problem={problem} problemId="km-filter-problem">
      <FilterSelect
        name={JENIS}
        label="Jenis Kendaraan"
        all="Semua jenis"
        options={choices}
        value={jenis}
        problemId={problem ? 'km-filter-problem' : null}
      />
    </FilterForm>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
