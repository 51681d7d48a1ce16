import { PassThrough } from 'node:stream'
import { randomBytes } from 'node:crypto'
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { closeDocumentLast } from '~/lib/document-order.server'
import { NonceProvider } from '~/lib/nonce'
import { StylesheetProvider } from '~/lib/stylesheet'
import { stylesheetFor } from '~/lib/stylesheet.server'
import { isPrivatePath, securityHeaders } from '~/security.server'

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

function applyHeaders(request: Request, headers: Headers, nonce: string) {
  for (const [k, v] of Object.entries(securityHeaders(nonce, process.env.NODE_ENV === 'development'))) {
    headers.set(k, v)
  }
  if (isPrivatePath(new URL(request.url).pathname)) headers.set('Cache-Control', 'no-store')
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isPrivatePath(new URL(request.url).pathname)) response.headers.set('Cache-Control', 'no-store')
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
  // Loaders have finished before rendering (no deferred data), so waiting for everything costs
  // nothing and the document is written in one piece; closeDocumentLast then puts Remix's hydration
  // data scripts inside <body> instead of after </html> (vnu).
  const readyEvent = 'onAllReady'

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          const stream = createReadableStreamFromReadable(body.pipe(closeDocumentLast()))
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
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
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}
