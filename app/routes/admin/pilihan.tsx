import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { CHOICE_SOURCES, type ChoiceKey } from '~/server/choices.server'
import { requireScreen } from '~/server/grants.server'
import { userMessage } from '~/upstream/errors'

/**
 * …/pilihan/{kendaraan|no-kabin|ban|suku-cadang|…}?q=: the first matches of a searchable choice as JSON
 * ({options, total}), asked by the choice as the user types (app/ui/searchable-select.tsx). Mounted
 * under each form that uses it (app/route-table.ts), so the form's own grants guard it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const url = new URL(request.url)
  const key = url.pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  if (!Object.hasOwn(CHOICE_SOURCES, key)) throw data({ message: 'Pilihan tidak dikenal.' }, { status: 404 })
  try {
    return await CHOICE_SOURCES[key as ChoiceKey](auth.upstream, url.searchParams.get('q') ?? '')
  } catch (error) {
    if (error instanceof Response) throw error
    return data({ options: [], total: 0, message: userMessage(error) }, { status: 502 })
  }
}
