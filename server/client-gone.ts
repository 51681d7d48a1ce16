import type { ServerResponse } from 'node:http'

/**
 * The load context's `client` (app/server/download.server.ts): `gone`, aborted when the client goes
 * away before its response was sent whole; a download then reads no more pages. The loaders'
 * `request.signal` is not enough: Remix hands a loader a copy of the request, and in the app's
 * downloads that copy's signal was seen not to abort after the client had gone (an Excel download
 * went on reading every page). How fast a download reads is the response's backpressure
 * (server/remix-handler.ts writes a body only as fast as the client takes it).
 */
export function clientGone(res: ServerResponse): { gone: AbortSignal } {
  const gone = new AbortController()
  const closed = () => {
    if (!res.writableFinished) gone.abort()
  }
  if (res.closed) closed()
  else res.on('close', closed)
  return { gone: gone.signal }
}
