import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAuth } from '~/session.server'
import { fetchFile } from '~/upstream/client.server'

/**
 * /uploads/:name — uploaded photos, fetched by the app from the upstream's storage
 * (/storage/uploads/:name) with the user's bearer token, so the browser never talks to the upstream
 * and the upstream decides who may see the photo (Show or Update on the menu of the record that holds
 * it). Images only, never as HTML; kept by no cache (`private, no-store`): a photo seen under one
 * grant is not shown again from a cache after the grant is gone.
 */
/** Files are only read here: a POST is a plain Indonesian 405, not Remix's JSON error. */
export const action = () =>
  new Response('Halaman ini tidak menerima kiriman formulir.', {
    status: 405,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET' },
  })

const HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'private, no-store',
}

const REFUSALS = {
  403: { title: 'Akses ditolak', text: 'Anda tidak memiliki izin untuk melihat foto ini.' },
  404: { title: 'Foto tidak ditemukan', text: 'Foto ini tidak ada atau sudah diganti.' },
} as const

/**
 * A refused photo: for an <img> an empty answer (the page shows its alt text), for a browser that
 * opened the address a short Indonesian page, for anything else the message as plain text.
 */
function refusal(request: Request, status: 403 | 404) {
  const { title, text } = REFUSALS[status]
  const dest = request.headers.get('Sec-Fetch-Dest')
  if (dest === 'image') return new Response(null, { status, headers: HEADERS })
  const opened = dest === 'document' || (!dest && (request.headers.get('Accept') ?? '').includes('text/html'))
  if (!opened) return new Response(`${title}. ${text}`, { status, headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })
  const page = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} — Armada</title></head>
<body><main><h1>${title}</h1><p>${text}</p><p><a href="/admin/dashboard">Ke Dashboard</a></p></main></body></html>`
  return new Response(page, { status, headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' } })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request)
  const name = params.name ?? ''
  if (!/^[\w.-]{1,200}$/.test(name)) return refusal(request, 404)
  const answer = await fetchFile(auth.upstream, `/storage/uploads/${encodeURIComponent(name)}`)
  if (!answer.ok) return refusal(request, answer.status)
  const type = answer.file.headers.get('content-type') ?? ''
  if (!/^image\/(png|jpeg|gif|webp)$/.test(type)) {
    await answer.file.body?.cancel()
    return refusal(request, 404)
  }
  return new Response(answer.file.body, { headers: { ...HEADERS, 'Content-Type': type } })
}
