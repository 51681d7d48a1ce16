import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAuth } from '~/session.server'
import { fetchFile } from '~/upstream/client.server'

/**
 * /uploads/:name — uploaded images, fetched by the app from the upstream's public storage
 * (/storage/uploads/:name) so the browser never talks to the upstream. Images only, never as HTML.
 */
/** Files are only read here: a POST is a plain Indonesian 405, not Remix's JSON error. */
export const action = () =>
  new Response('Halaman ini tidak menerima kiriman formulir.', {
    status: 405,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET' },
  })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request)
  const name = params.name ?? ''
  if (!/^[\w.-]{1,200}$/.test(name)) return new Response('Tidak ditemukan', { status: 404 })
  const res = await fetchFile(auth.upstream, `/storage/uploads/${encodeURIComponent(name)}`)
  const type = res?.headers.get('content-type') ?? ''
  if (!res || !/^image\/(png|jpeg|gif|webp)$/.test(type)) return new Response('Tidak ditemukan', { status: 404 })
  return new Response(res.body, {
    headers: {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'private, max-age=86400',
    },
  })
}
