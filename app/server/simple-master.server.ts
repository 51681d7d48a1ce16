import { data } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import { toFormData } from '~/lib/form-data'
import { simpleMasterApi } from '~/upstream/simple-master.server'
import { deleteAndReturn, idParam, listUrlOf, saveDialogForm } from './crud.server'
import { takeDraft } from './draft.server'
import { requireScreen } from './grants.server'
import { listScreenPage } from './list-screen.server'
import { qrFor } from './qr.server'
import { findForDialog, notFound } from './route-errors.server'
import { SIMPLE_MASTERS, simpleMasterOf, simpleMasterSchema, simpleMasterTexts, type SimpleMaster } from '~/lib/simple-master'

/**
 * The server side of the simple master screens (app/lib/simple-master.ts): loaders and actions of
 * the shared routes in app/routes/admin/simple-master/, picking the screen by the request's path.
 */

type Row = { id: number } & Record<string, unknown>
type Api = {
  list: (up: Upstream) => Promise<Row[]>
  create: (up: Upstream, body: FormData) => Promise<unknown>
  update: (up: Upstream, id: number, body: FormData) => Promise<unknown>
  remove: (up: Upstream, id: number) => Promise<unknown>
}

function screenOf(request: Request) {
  const key = simpleMasterOf(new URL(request.url).pathname)
  if (!key) throw notFound('Halaman yang Anda cari tidak ditemukan.')
  const m = SIMPLE_MASTERS[key]
  const api: Api = simpleMasterApi(key)
  return { key, m, api, texts: simpleMasterTexts(m) }
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v))

/** A record as the screen shows it: id, code, name. */
function view(m: SimpleMaster, r: Row) {
  return { id: r.id, kode: str(r[m.codeKey]), nama: str(r[m.nameKey]), qrText: str(r[m.qrKey]) || str(r[m.codeKey]) }
}

/** The rows as the screen shows them, made once per cached list (so its sorted orders are reused too). */
const viewsOf = new WeakMap<object, ReturnType<typeof view>[]>()
function views(m: SimpleMaster, all: readonly Row[]) {
  let rows = viewsOf.get(all)
  if (!rows) viewsOf.set(all, (rows = Object.freeze(all.map((r) => view(m, r))) as ReturnType<typeof view>[]))
  return rows
}

export async function simpleListLoader(request: Request) {
  const { key, m, api } = screenOf(request)
  const { page, status } = await listScreenPage(request, async (up) => views(m, await api.list(up)), {
    searchIn: (r) => [r.nama],
    sortBy: { id: (r) => r.id, kode: (r) => r.kode, nama: (r) => r.nama },
    row: ({ qrText, ...r }) => ({ ...r, qr: qrFor(qrText || null) }),
  })
  return data({ key, ...page }, { status })
}

export async function simpleFormLoader(request: Request, idText: string | undefined) {
  const { key, m, api, texts } = screenOf(request)
  const auth = await requireScreen(request, idText ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let record: { id: number; nama: string } | null = null
  if (idText) {
    const id = idParam(idText)
    const found = await findForDialog(request, () => api.list(auth.upstream), id, texts.notFound)
    record = found ? view(m, found) : { id, nama: '' }
  }
  return data(
    { key, record, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function simpleFormAction(request: Request, idText: string | undefined) {
  const auth = await requireScreen(request, idText ? 'update' : 'create')
  const { m, api, texts } = screenOf(request)
  const id = idText ? idParam(idText) : null
  return saveDialogForm(request, {
    schema: simpleMasterSchema(m),
    save: (value) => {
      const body = toFormData({ [m.nameKey]: value[m.nameKey] })
      return id ? api.update(auth.upstream, id, body) : api.create(auth.upstream, body)
    },
    successMessage: id ? texts.updated : texts.added,
  })
}

export async function simpleHapusLoader(request: Request, idText: string | undefined) {
  const auth = await requireScreen(request, 'delete')
  const { key, m, api, texts } = screenOf(request)
  const id = idParam(idText)
  const found = await findForDialog(request, () => api.list(auth.upstream), id, texts.notFound)
  return { key, record: found ? view(m, found) : null, closeTo: listUrlOf(request) }
}

export async function simpleHapusAction(request: Request, idText: string | undefined) {
  const auth = await requireScreen(request, 'delete')
  const { api, texts } = screenOf(request)
  const id = idParam(idText)
  return deleteAndReturn(request, { remove: () => api.remove(auth.upstream, id), message: texts.deleted })
}
