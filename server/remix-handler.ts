import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import type { Readable } from 'node:stream'

/**
 * Remix behind Express, served as @remix-run/express serves it (the same URL, headers, signal aborted
 * when the client goes away, through @remix-run/node's own helpers), with two differences: the
 * request's body is read from the stream `bodyOf(req)` gives, so the body limit can hand Remix a
 * counted stream (server/body-limit.ts; @remix-run/express reads the Express request itself and takes
 * no other body); and the response's body is written only as fast as the client takes it
 * (`writeBody`; @remix-run/node's writeReadableStreamToWritable writes it as fast as it is made).
 */
export function remixHandler(opts: {
  build: ServerBuild
  mode: string
  getLoadContext: (req: Request, res: Response) => AppLoadContext
  bodyOf: (req: Request) => Readable
}) {
  const handle = createRequestHandler(opts.build, opts.mode)
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(remixRequest(req, res, opts.bodyOf(req)), opts.getLoadContext(req, res))
      res.statusMessage = response.statusText
      res.status(response.status)
      for (const [key, value] of response.headers.entries()) res.append(key, value)
      // Every answer is taken only as the type it says: pages and data requests say so in
      // app/entry.server.tsx, downloads in app/server/attachment.server.ts, and any other resource
      // route's answer (a choice list's JSON, a redirect) here.
      if (!response.headers.has('X-Content-Type-Options')) res.setHeader('X-Content-Type-Options', 'nosniff')
      if (response.body) await writeBody(response.body, res)
      else res.end()
    } catch (error) {
      next(error)
    }
  }
}

/** The Fetch request of an Express request, its URL made as @remix-run/express makes it, its body read from `body`. */
function remixRequest(req: Request, res: Response, body: Readable): globalThis.Request {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10)
  const port = [portOf(req.get('X-Forwarded-Host')), portOf(req.get('host'))].find(Number.isSafeInteger)
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value ? [value] : []) headers.append(key, one)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new globalThis.Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(body), duplex: 'half' as const } : {}),
  })
}

/**
 * Writes a response body to the client, chunk by chunk, each flushed through the compression
 * middleware (a streamed page reaches the browser as it is rendered); while the socket's buffer (or
 * the compressor's) is full the next chunk is not read: the body's stream is pulled only as fast as
 * the client takes it, so a download reads its next page only then. A client that went away cancels
 * the body.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Response & { flush?: () => void }) {
  const reader = body.getReader()
  // One listener each for the whole response (the compression middleware moves 'drain' listeners to
  // its compressor, where removing them from the response would not reach): a wait for room ends at
  // the next 'drain' or at 'close'.
  let wake: (() => void) | null = null
  const resume = () => {
    wake?.()
    wake = null
  }
  res.on('drain', resume)
  res.on('close', resume)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) {
        res.end()
        return
      }
      const more = res.write(value)
      res.flush?.()
      if (!more && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve))
      if (res.destroyed) {
        await reader.cancel()
        return
      }
    }
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)))
    throw error
  }
}
