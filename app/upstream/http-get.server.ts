import http from 'node:http'
import https from 'node:https'
import { createGunzip } from 'node:zlib'

/** What the upstream client reads of an answer, whichever way it was fetched. */
export type Answer = {
  status: number
  header(name: string): string | null
  text(): Promise<string>
  /** The body is not wanted (a retry follows): let the connection go back to the pool. */
  discard(): void
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
}

/**
 * A GET through Node's own HTTP client with a pool of kept-alive connections. Reads are most of the
 * app's upstream calls (every page revalidates its lists, usually a 304), and `fetch` (undici's
 * WHATWG layer: Request, Headers and web streams for every call) cost several times more CPU per
 * call than the request itself. Errors keep their code (ECONNREFUSED…); `signal` ends the call.
 */
export function httpGet(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:']
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'GET', headers: { ...headers, 'Accept-Encoding': 'gzip' }, agent, signal }, (res) => {
      const gzip = /\bgzip\b/i.test(String(res.headers['content-encoding'] ?? ''))
      const body = gzip ? res.pipe(createGunzip()) : res
      resolve({
        status: res.statusCode ?? 0,
        header(name) {
          const v = res.headers[name.toLowerCase()]
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
        },
        text() {
          return new Promise<string>((done, fail) => {
            const chunks: Buffer[] = []
            body.on('data', (c: Buffer) => chunks.push(c))
            body.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
            body.on('error', fail)
            res.on('aborted', () => fail(new Error('jawaban terputus')))
            res.on('error', fail)
          })
        },
        discard() {
          res.resume()
        },
      })
    })
    req.on('error', reject)
    req.end()
  })
}
