import type { ServerResponse } from 'node:http'

/**
 * How a download keeps pace with its client, for the load context's `client` (app/server/download.server.ts):
 *
 * - `gone`: aborted when the client goes away before its response was sent whole. The loaders'
 *   `request.signal` is not enough: Remix hands a loader a copy of the request, and in the app's
 *   downloads that copy's signal was seen not to abort after the client had gone (an Excel download
 *   went on reading every page).
 * - `ready()`: resolves once the response can take more, that is at once unless the socket's buffer is
 *   full, then at its 'drain' (or the close). Remix writes a response body as fast as it is made and
 *   ignores the socket's backpressure, so a download that reads its next page only when `ready()` has
 *   resolved holds about one page for a slow client, not the whole file.
 */
export function clientPace(res: ServerResponse): { gone: AbortSignal; ready: () => Promise<void> } {
  const gone = new AbortController()
  const closed = () => {
    if (!res.writableFinished) gone.abort()
  }
  if (res.closed) closed()
  else res.on('close', closed)
  const ready = () =>
    !res.writableNeedDrain || res.closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done)
            res.off('close', done)
            resolve()
          }
          res.on('drain', done)
          res.on('close', done)
        })
  return { gone: gone.signal, ready }
}
