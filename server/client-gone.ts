import type { ServerResponse } from 'node:http'

/**
 * A signal aborted when the client goes away before its response was sent whole (a download it no
 * longer reads), for the load context's `clientGone`. The loaders' `request.signal` is not enough:
 * Remix hands a loader a copy of the request, and in the app's downloads that copy's signal was seen
 * not to abort after the client had gone (an Excel download went on reading every page).
 */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const gone = new AbortController()
  const closed = () => {
    if (!res.writableFinished) gone.abort()
  }
  if (res.closed) closed()
  else res.on('close', closed)
  return gone.signal
}
