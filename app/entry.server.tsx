import { Writable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { env } from '~/env.server'
import { DocumentCache } from '~/lib/document-cache.server'
import { encodeDocument } from '~/lib/document-encoding.server'
import { documentInOrder } from '~/lib/document-order.server'
import { NonceProvider } from '~/lib/nonce'
import { StylesheetProvider } from '~/lib/stylesheet'
import { stylesheetFor } from '~/lib/stylesheet.server'
import { isPrivateUrl, securityHeaders } from '~/security.server'

const ABORT_DELAY = 5_000
const documents = new DocumentCache(env.DOCUMENT_CACHE_MB * 1024 * 1024)
export const streamTimeout = ABORT_DELAY

function applyHeaders(request: Request, headers: Headers, nonce: string) {
  for (const [k, v] of Object.entries(securityHeaders(nonce, process.env.NODE_ENV === 'development'))) {
    headers.set(k, v)
  }
  if (isPrivateUrl(new URL(request.url))) headers.set('Cache-Control', 'no-store')
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isPrivateUrl(new URL(request.url))) response.headers.set('Cache-Control', 'no-store')
  response.headers.set('X-Content-Type-Options', 'nosniff')
  return response
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString('base64')
  applyHeaders(request, responseHeaders, nonce)
  const stylesheet = stylesheetFor(request, responseHeaders)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  const key = documents.keyOf(request.url, responseStatusCode, stylesheet.inline === null ? 'linked' : 'inline', remixContext)
  const kept = key ? documents.get(key, nonce) : null
  if (kept !== null) {
    // The same data as an earlier render: its hydration stream is not needed.
    void remixContext.serverHandoffStream?.cancel().catch(() => undefined)
    return new Response(encodeDocument(request, kept, responseHeaders), { headers: responseHeaders, status: responseStatusCode })
  }
  // Loaders have finished before rendering (no deferred data), so the document is rendered whole
  // and sent as one string: no stream between React and the socket (one write, one gzip pass), and
  // documentInOrder puts Remix's hydration data scripts inside <body> instead of after </html> (vnu).
  return new Promise((resolve, reject) => {
    let shellRendered = false
    let abortRender = () => {}
    const timer = setTimeout(() => abortRender(), ABORT_DELAY + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true
          const chunks: Buffer[] = []
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
          })
          sink.on('finish', () => {
            clearTimeout(timer)
            const html = documentInOrder(chunks)
            if (key && responseStatusCode === 200) documents.set(key, html, nonce)
            resolve(new Response(encodeDocument(request, html, responseHeaders), { headers: responseHeaders, status: responseStatusCode }))
          })
          pipe(sink)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    abortRender = abort
  })
}
