// Two changes to per-request work inside Remix's server runtime (issue 11), made before the app's
// server loads it. Both keep Remix's behaviour and only skip repeated work; if a Remix upgrade changes
// the code they reach, each does nothing and the app is just slower again (check after an upgrade:
// `npm run bench`, and the profile of a kept page should show no matchRoutes or turbo-stream encode).
import { readFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

export function patchRemixRuntime() {
  rememberRouteMatches()
  encodeLoaderDataWhenRead()
}

// Route matching remembered per path. Remix matches every request's path against the
// whole route table (95 routes here: flatten, rank, build a RegExp per route tried), twice per
// document (the server runtime, then its static handler), about a quarter of a kept page's CPU. The
// answer depends only on the table and the path, so @remix-run/router's matchRoutes is wrapped to
// remember it: at most 2,000 paths per table, each caller getting fresh match objects. The static
// handler calls matchRoutes by its name inside the router's CommonJS module, so the module is loaded
// here with one statement appended that rebinds that name (and the export) to the wrapper; every
// later require of '@remix-run/router' gets this module. If a Remix upgrade renames the function,
// the statement does nothing and matching is just slower again.
function rememberMatches(matchRoutes) {
  const byTable = new WeakMap()
  return function rememberedMatchRoutes(routes, location, basename = '/') {
    const path = typeof location === 'string' ? location.split(/[?#]/, 1)[0] : location?.pathname
    if (typeof path !== 'string' || !Array.isArray(routes)) return matchRoutes(routes, location, basename)
    let byPath = byTable.get(routes)
    if (!byPath) byTable.set(routes, (byPath = new Map()))
    const key = `${basename} ${path}`
    let matches = byPath.get(key)
    if (matches === undefined) {
      matches = matchRoutes(routes, location, basename)
      if (byPath.size >= 2000) byPath.clear()
      byPath.set(key, matches)
    }
    return matches && matches.map((m) => ({ ...m, params: { ...m.params } }))
  }
}
function rememberRouteMatches() {
  const file = require.resolve('@remix-run/router')
  const hook = Symbol.for('fleet.rememberMatches')
  globalThis[hook] = rememberMatches
  const routerModule = new Module(file)
  routerModule.filename = file
  routerModule.paths = Module._nodeModulePaths(dirname(file))
  routerModule._compile(
    `${readFileSync(file, 'utf8')}
;if (typeof matchRoutes === 'function') { matchRoutes = globalThis[Symbol.for('fleet.rememberMatches')](matchRoutes); exports.matchRoutes = matchRoutes }`,
    file,
  )
  routerModule.loaded = true
  Module._cache[file] = routerModule
  delete globalThis[hook]
}

// The loader data a document hands to the browser (the turbo-stream after the page, for hydration)
// is encoded when the runtime calls encodeViaTurboStream, before the app's entry.server sees the
// request, and each call also starts a five-second timer. A kept document (app/lib/document-cache)
// already carries that data from its first render and cancels the stream unread, so the encoding
// is made lazy: a stream that calls the original on its first read. The runtime calls it through
// its module's exports, so wrapping the export is enough.
function encodeLoaderDataWhenRead() {
  const runtime = require.resolve('@remix-run/server-runtime', { paths: [dirname(require.resolve('@remix-run/node'))] })
  const singleFetch = require(join(dirname(runtime), 'single-fetch.js'))
  const encode = singleFetch.encodeViaTurboStream
  if (typeof encode !== 'function') return
  singleFetch.encodeViaTurboStream = function encodeWhenRead(...args) {
    let reader
    return new ReadableStream(
      {
        async pull(controller) {
          reader ??= encode(...args).getReader()
          const { done, value } = await reader.read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
        cancel(reason) {
          return reader?.cancel(reason)
        },
      },
      { highWaterMark: 0 },
    )
  }
}
