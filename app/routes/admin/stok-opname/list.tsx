import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { parseDateFilter, todayInCompany, upstreamFilter } from '~/lib/date-filter'
import { formatDate, formatNumber, formatRupiah } from '~/lib/format'
import { STOK_OPNAME_FIELDS, StokOpnameSchema } from '~/lib/forms/suku-cadang'
import { parseListQuery, type ListPage } from '~/lib/list-query'
import { readForm } from '~/server/form.server'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { isThrownPage, loadList } from '~/server/route-errors.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { createStokOpname, listSukuCadang, pageStokOpname, type StokOpname } from '~/upstream/suku-cadang.server'
import { SubmitButton } from '~/ui/button'
import { DateFilterForm } from '~/ui/date-filter'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, TextField } from '~/ui/fields'
import { ListScreen } from '~/ui/list-screen'
import { SearchableSelectField } from '~/ui/searchable-select'

export const meta: MetaFunction = () => [{ title: 'Stok Opname — Armada' }]

const PER_PAGE = 25

/**
 * Stok Opname: a count of one part (Create): the part, the day, the counted stock and the reason;
 * Simpan applies the difference to the stock and shows it (quantity and value). Below, the counts of
 * the period in the URL, newest first, searched by part.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const search = new URL(request.url).searchParams
  const query = parseListQuery(search, [], ['tanggal_awal', 'tanggal_akhir'])
  const parsed = parseDateFilter(search, { withStatus: false })
  const f = upstreamFilter(parsed)
  let list: ListPage<StokOpname> = { rows: [], offset: 0, total: 0, page: 1, pageCount: 1, query }
  const [loaded, parts] = await Promise.all([
    loadList(async () => {
      const page = await pageStokOpname(
        auth.upstream,
        { page: query.page, per_page: PER_PAGE, q: query.q, sort: null, dir: 'asc' },
        parsed.problem ? {} : { tanggal_awal: f.tanggal_awal, tanggal_akhir: f.tanggal_akhir },
      )
      list = {
        rows: page.rows,
        offset: (query.page - 1) * PER_PAGE,
        total: page.total,
        page: query.page,
        pageCount: Math.max(1, Math.ceil(page.total / PER_PAGE)),
        query,
      }
      return page.rows
    }),
    auth.can.create
      ? lookupChoices(
          () => listSukuCadang(auth.upstream),
          (p) => ({ value: String(p.id), label: `${p.kode_suku_cadang} — ${p.nama} (stok ${formatNumber(p.stok)} ${p.satuan})` }),
          'suku cadang',
        )
      : Promise.resolve(null),
  ])
  return data({ list, loadError: loaded.loadError, parsed, parts, today: todayInCompany(), can: auth.can }, { status: loaded.status })
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  const read = await readForm(request)
  if (!read.ok) {
    const empty = parseWithZod(new FormData(), { schema: StokOpnameSchema })
    return data({ result: empty.reply({ formErrors: [read.message] }), saved: null }, { status: read.status })
  }
  const submission = parseWithZod(read.formData, { schema: StokOpnameSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), saved: null }, { status: 400 })
  const v = submission.value
  try {
    const saved = await createStokOpname(auth.upstream, {
      suku_cadang_id: Number(v.suku_cadang_id),
      tanggal: v.tanggal ?? null,
      stok_fisik: Number(v.stok_fisik),
      alasan: v.alasan,
    })
    return data({ result: submission.reply({ resetForm: true }), saved: saved.data })
  } catch (error) {
    if (isThrownPage(error)) throw error
    if (error instanceof UpstreamValidation) {
      return data(
        { result: submission.reply({ fieldErrors: error.fieldErrors, formErrors: [error.serverMessage] }), saved: null },
        { status: 422 },
      )
    }
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    return data({ result: submission.reply({ formErrors: [userMessage(error)] }), saved: null }, { status })
  }
}

export default function StokOpnamePage() {
  const { list, loadError, parsed, parts, today, can } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'stok-opname',
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(STOK_OPNAME_FIELDS.map((k) => [k, k === 'tanggal' ? today : ''])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StokOpnameSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const saved = actionData?.saved ?? null
  return (
    <ListScreen
      title="Stok Opname"
      subtitle="Hitung fisik suku cadang: selisihnya menyesuaikan stok dan nilainya"
      searchPlaceholder="Cari suku cadang atau kode opname..."
      canAdd={false}
      list={list}
      loadError={loadError}
      filters={
        <>
          {can.create && parts ? (
            <Form method="post" {...getFormProps(form)} className="mb-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold text-slate-800">Hitung Stok</h2>
              <FormErrors id={form.errorId} errors={form.errors} />
              <div className="grid gap-4 sm:grid-cols-2">
                <SearchableSelectField
                  meta={fields.suku_cadang_id}
                  label="Suku Cadang"
                  required
                  options={parts.options}
                  placeholder="-- Pilih suku cadang --"
                  searchPlaceholder="Cari suku cadang..."
                  hint={parts.error}
                />
                <TextField meta={fields.tanggal} label="Tanggal" inputProps={{ type: 'date' }} />
                <TextField meta={fields.stok_fisik} label="Stok Fisik" required inputProps={{ inputMode: 'numeric', maxLength: 12 }} />
                <TextField meta={fields.alasan} label="Alasan" required inputProps={{ maxLength: 255 }} />
              </div>
              <SubmitButton>Simpan</SubmitButton>
            </Form>
          ) : null}
          {saved ? (
            <div
              role="status"
              className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
              data-testid="hasil-opname"
            >
              <strong>{saved.kode_stok_opname}</strong> {saved.suku_cadang?.nama}: stok sistem {formatNumber(saved.stok_sistem)}, stok fisik{' '}
              {formatNumber(saved.stok_fisik)}, selisih <strong>{formatNumber(saved.selisih)}</strong> {saved.suku_cadang?.satuan} senilai{' '}
              <strong>{formatRupiah(saved.nilai_selisih)}</strong>.
            </div>
          ) : null}
          <DateFilterForm parsed={parsed} query={list.query} withStatus={false} />
        </>
      }
      rowKey={(r) => r.id}
      empty="Belum ada stok opname."
      columns={[
        { header: 'Kode', cell: (r) => r.kode_stok_opname, className: 'whitespace-nowrap' },
        { header: 'Tanggal', cell: (r) => formatDate(r.tanggal), className: 'whitespace-nowrap' },
        { header: 'Suku Cadang', cell: (r) => r.suku_cadang?.nama ?? '-' },
        { header: 'Stok Sistem', cell: (r) => formatNumber(r.stok_sistem), className: 'text-right tabular-nums' },
        { header: 'Stok Fisik', cell: (r) => formatNumber(r.stok_fisik), className: 'text-right tabular-nums' },
        { header: 'Selisih', cell: (r) => formatNumber(r.selisih), className: 'text-right tabular-nums' },
        { header: 'Nilai Selisih', cell: (r) => formatRupiah(r.nilai_selisih), className: 'text-right tabular-nums whitespace-nowrap' },
        { header: 'Alasan', cell: (r) => r.alasan },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
