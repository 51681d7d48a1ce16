import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { SIMPLE_MASTERS, simpleMasterTexts } from '~/lib/simple-master'
import { simpleListLoader } from '~/server/simple-master.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

/** The list of every simple master screen (app/lib/simple-master.ts), picked by the path. */
export const loader = ({ request }: LoaderFunctionArgs) => simpleListLoader(request)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? SIMPLE_MASTERS[data.key].title : 'Master'} — Armada` }]

export default function SimpleMasterList() {
  const list = useLoaderData<typeof loader>()
  const m = SIMPLE_MASTERS[list.key]
  const texts = simpleMasterTexts(m)
  const screen = {
    title: m.title,
    subtitle: texts.subtitle,
    searchPlaceholder: texts.search,
    addLabel: texts.add,
    kode: { header: m.codeHeader, key: 'kode' },
    nama: { header: m.nameLabel, key: 'nama' },
  }
  return <MasterList list={list} screen={screen} />
}

export const ErrorBoundary = GeneralErrorBoundary
