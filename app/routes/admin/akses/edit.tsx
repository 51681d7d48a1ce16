import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams, type MetaFunction } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import {
  activeName,
  AKSES_SELF_LOCKOUT,
  featureMatches,
  groupAllActive,
  groupOfIntent,
  locksOutOfAkses,
  permName,
  stateFromBoxes,
  stateFromForm,
  TOGGLE_PREFIX,
  toggleGroup,
} from '~/lib/akses-form'
import { aksesRiwayat, type AksesRiwayatPanel } from '~/server/audit.server'
import { idParam } from '~/server/crud.server'
import { draftFormData, takeDraft } from '~/server/draft.server'
import { PERMISSION_LABELS } from '~/lib/grants'
import { forgetGrants, requireScreen } from '~/server/grants.server'
import { readForm } from '~/server/form.server'
import { loadOrFail } from '~/server/route-errors.server'
import { redirectWithToast } from '~/session.server'
import { getAksesEdit, updateAkses } from '~/upstream/akses.server'
import { aksesStateFromEdit, buildAksesPayload, PERMISSIONS, type AksesState } from '~/upstream/schemas/akses'
import { SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors } from '~/ui/fields'
import { PageHeader } from '~/ui/page-header'
import { useHydrated, useTypedEarly } from '~/ui/use-hydrated'

export const meta: MetaFunction = () => [{ title: 'Edit Hak Akses — Armada' }]

const SAVE_FAILED = 'Terjadi kesalahan saat menyimpan data!'

async function loadEditor(request: Request, perm: 'update', userId: string | undefined) {
  const auth = await requireScreen(request, perm)
  const id = idParam(userId)
  const edit = await loadOrFail(() => getAksesEdit(auth.upstream, id))
  return { auth, id, edit }
}

/** /admin/akses/edit/{id}: the grants of one user, by menu. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, id, edit } = await loadEditor(request, 'update', params.id)
  // Ticked before the session ended (app/server/draft.server.ts): the grid as it was sent. Beside it, the
  // last changes of this user's rights (audit trail; null when the upstream keeps none).
  const [draft, riwayat] = await Promise.all([takeDraft(request, auth.user.id), aksesRiwayat(auth.upstream, id)])
  return data(
    {
      user: { id, kode_user: edit.user?.kode_user ?? '', nama: edit.user?.karyawan?.nama_lengkap ?? null },
      groups: edit.menufiturs,
      state: draft?.values ? stateFromForm(edit.menufiturs, draftFormData(draft.values)) : aksesStateFromEdit(edit),
      self: id === auth.user.id,
      draft: draft?.values ?? null,
      riwayat,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

type ActionAnswer = { state: AksesState; error: { title: string; message: string } | null }

export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, id, edit } = await loadEditor(request, 'update', params.id)
  // A body that is not a form: the editor as stored, with the reason (400/415), as every form route.
  const read = await readForm(request)
  if (!read.ok)
    return data<ActionAnswer>(
      { state: aksesStateFromEdit(edit), error: { title: 'Kesalahan', message: read.message } },
      { status: read.status },
    )
  const form = read.formData
  const groups = edit.menufiturs
  const state = stateFromForm(groups, form)
  const intent = typeof form.get('intent') === 'string' ? (form.get('intent') as string) : 'save'
  const group = groupOfIntent(groups, intent)
  // Without JS a category toggle is a submit button: the editor comes back with the group flipped.
  if (group) return data<ActionAnswer>({ state: toggleGroup(group, state), error: null })
  if (intent !== 'save') {
    return data<ActionAnswer>(
      { state, error: { title: 'Kesalahan', message: 'Permintaan tidak dikenal. Tidak ada yang disimpan.' } },
      { status: 400 },
    )
  }
  if (id === auth.user.id && locksOutOfAkses(groups, state)) {
    return data<ActionAnswer>({ state, error: { title: 'Kesalahan', message: AKSES_SELF_LOCKOUT } }, { status: 400 })
  }
  try {
    await updateAkses(auth.upstream, id, buildAksesPayload(state))
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[akses] save failed:', error instanceof Error ? error.message : error)
    return data<ActionAnswer>({ state, error: { title: 'Kesalahan', message: SAVE_FAILED } }, { status: 502 })
  }
  // The user's own grants changed: read them afresh on the next request.
  if (id === auth.user.id) forgetGrants(auth.token)
  return redirectWithToast(request, '/admin/akses', {
    kind: 'success',
    title: 'Berhasil',
    message: 'Akses berhasil diperbarui!',
    ms: 3000,
    id: crypto.randomUUID(),
  })
}

const box = 'size-4 rounded border-slate-300 accent-blue-700'

export default function AksesEdit() {
  const { user, groups, state: loaded, self, draft, riwayat } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const [q, setQ] = useState(params.get('q') ?? '')
  const qField = useTypedEarly(setQ)
  const [state, setState] = useState<AksesState>(actionData?.state ?? loaded)
  useEffect(() => {
    if (actionData?.state) setState(actionData.state)
  }, [actionData])
  // The boxes are the page's own until its scripts run, then React's: a box ticked in between (a
  // slow network) is taken into the state here, or the first controlled render would undo it.
  const aksesForm = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const form = aksesForm.current
    if (!form) return
    const box = (name: string) => form.elements.namedItem(name)
    setState(
      stateFromBoxes(groups, (name) => {
        const el = box(name)
        return el instanceof HTMLInputElement && el.checked
      }),
    )
    // Once, when the page's scripts take over; later renders own the boxes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const setFeature = (fid: number, key: 'active' | (typeof PERMISSIONS)[number], on: boolean) =>
    setState((s) => ({ ...s, [fid]: { ...s[fid], [key]: on } }))

  return (
    <section>
      <PageHeader
        title="Edit Hak Akses"
        subtitle={`${user.kode_user}${user.nama ? ` — ${user.nama}` : ''}${self ? ' (akun Anda)' : ''}`}
        actions={
          <Link
            to="/admin/akses"
            className="rounded-md px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Kembali
          </Link>
        }
      />
      <DraftNotice draft={draft} />
      <FormErrors errors={actionData?.error ? [`${actionData.error.title}: ${actionData.error.message}`] : undefined} />
      <Form
        method="get"
        role="search"
        className="mb-4 flex max-w-md gap-2"
        onSubmit={(e) => {
          if (hydrated) e.preventDefault()
        }}
      >
        <label htmlFor="akses-q" className="sr-only">
          Search menu...
        </label>
        <input
          id="akses-q"
          type="search"
          name="q"
          ref={qField}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search menu..."
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20"
        />
        {hydrated ? null : (
          <button
            type="submit"
            className="rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Cari
          </button>
        )}
      </Form>
      <Form method="post" id="akses-form" ref={aksesForm}>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Hak akses {user.kode_user}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  No
                </th>
                <th scope="col" className="px-3 py-2">
                  Select
                </th>
                <th scope="col" className="px-3 py-2">
                  Menu
                </th>
                {PERMISSIONS.map((p) => (
                  <th key={p} scope="col" className="px-2 py-2 text-center">
                    {PERMISSION_LABELS[p]}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((g) => {
              const shown = g.fiturs.filter((f) => featureMatches(q, g.kategori, f.nama))
              const all = groupAllActive(g, state)
              const toggleLabel = `Pilih semua ${g.kategori}`
              return (
                <tbody key={g.kategori} hidden={shown.length === 0} className="border-t border-slate-200">
                  <tr className="bg-slate-100/70">
                    <th scope="colgroup" colSpan={3 + PERMISSIONS.length} className="px-3 py-2 text-left">
                      {hydrated ? (
                        <label className="inline-flex items-center gap-2 font-semibold text-slate-800">
                          <input
                            type="checkbox"
                            className={box}
                            checked={all}
                            aria-label={toggleLabel}
                            onChange={() => setState((s) => toggleGroup(g, s))}
                          />
                          {g.kategori}
                        </label>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value={`${TOGGLE_PREFIX}${g.kategori}`}
                          aria-pressed={all}
                          aria-label={toggleLabel}
                          className="inline-flex items-center gap-2 font-semibold text-slate-800"
                        >
                          <span
                            aria-hidden="true"
                            className={`inline-flex size-4 items-center justify-center rounded border text-[10px] leading-none ${all ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-400 bg-white'}`}
                          >
                            {all ? '✓' : ''}
                          </span>
                          {g.kategori}
                        </button>
                      )}
                    </th>
                  </tr>
                  {g.fiturs.map((f, i) => {
                    const s = state[f.id]
                    const active = !!s?.active
                    return (
                      <tr
                        key={f.id}
                        hidden={!featureMatches(q, g.kategori, f.nama)}
                        className="border-t border-slate-100 [&:has(.akses-select:not(:checked))_.akses-perm]:pointer-events-none [&:has(.akses-select:not(:checked))_.akses-perm]:opacity-40"
                      >
                        <td className="px-3 py-2 text-slate-500">{i + 1}</td>
                        <td className="px-3 py-2">
                          <input
                            type="checkbox"
                            name={activeName(f.id)}
                            aria-label={`Select ${f.nama}`}
                            className={`akses-select ${box}`}
                            {...(hydrated
                              ? {
                                  checked: active,
                                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFeature(f.id, 'active', e.target.checked),
                                }
                              : { defaultChecked: active })}
                          />
                        </td>
                        <td className="px-3 py-2 font-medium text-slate-800">{f.nama}</td>
                        {PERMISSIONS.map((p) => (
                          <td key={p} className="px-2 py-2 text-center">
                            <input
                              type="checkbox"
                              name={permName(f.id, p)}
                              aria-label={`${PERMISSION_LABELS[p]} ${f.nama}`}
                              className={`akses-perm ${box}`}
                              {...(hydrated
                                ? {
                                    checked: !!s?.[p],
                                    disabled: !active,
                                    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFeature(f.id, p, e.target.checked),
                                  }
                                : { defaultChecked: !!s?.[p] })}
                            />
                          </td>
                        ))}
                      </tr>
                    )
                  })}
                </tbody>
              )
            })}
          </table>
        </div>
        {groups.every((g) => g.fiturs.every((f) => !featureMatches(q, g.kategori, f.nama))) ? (
          <p className="mt-3 text-sm text-slate-500">Tidak ada menu yang cocok.</p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <SubmitButton name="intent" value="save" pendingText="Menyimpan...">
            Save Permissions
          </SubmitButton>
        </div>
      </Form>
      {riwayat ? <AksesRiwayat riwayat={riwayat} /> : null}
    </section>
  )
}

/** 'Perubahan hak akses terakhir': who changed this user's rights, when, and what (newest first). */
function AksesRiwayat({ riwayat }: { riwayat: AksesRiwayatPanel }) {
  return (
    <section aria-labelledby="akses-riwayat" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="akses-riwayat" className="text-base font-semibold text-slate-800">
        Perubahan hak akses terakhir
      </h2>
      {riwayat.error ? (
        <p className="mt-2 text-sm text-red-700">{riwayat.error}</p>
      ) : riwayat.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Belum ada perubahan hak akses yang tercatat untuk user ini.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {riwayat.rows.map((r) => (
            <li key={r.id} className="py-2">
              <p className="text-slate-600">
                <span className="tabular-nums">{r.waktu}</span> · oleh <strong className="font-semibold text-slate-800">{r.user}</strong>
              </p>
              {r.perubahan.length ? (
                <ul className="mt-1 list-disc pl-5 text-slate-800">
                  {r.perubahan.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-slate-800">{r.aksi}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
