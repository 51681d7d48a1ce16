import { randomBytes } from 'node:crypto'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { documentInOrder } from '~/server/document-order.server'
import { NonceProvider } from '~/lib/nonce'
import { StylesheetProvider } from '~/lib/stylesheet'
import { stylesheetFor } from '~/server/stylesheet.server'
import { isPrivateUrl, securityHeaders } from '~/security.server'

const ABORT_DELAY = 5_000
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

/**
 * Remix's streaming entry: browsers get the document as soon as its shell is rendered, bots (and
 * anything else that cannot run scripts) once everything is ready. The stream goes through
 * documentInOrder, which puts Remix's hydration scripts inside <body> (see there); the standard
 * compression middleware (server/index.ts) gzips it.
 */
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
  const ready = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let abortRender = () => {}
    // Rendering that is still going after the stream timeout (plus a second) is stopped.
    const timer = setTimeout(() => abortRender(), ABORT_DELAY + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [ready]() {
          shellRendered = true
          const body = documentInOrder()
          body.on('close', () => clearTimeout(timer))
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors in the shell reach onShellError; these are from rendering after it was sent.
          if (shellRendered) console.error(error)
        },
      },
    )
    abortRender = abort
  })
}
