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

// Route matching remembered per path. Remix matches every request's path against the whole route
// table (95 routes here: flatten, rank, build a RegExp per route tried): the server runtime and its
// static handler for every document, and a render again (React Router's routes and Remix's partial
// manifest, over route objects made anew for each render) — a quarter of a kept page's CPU and a
// sixth of a rendered one's. The answer depends only on the table's shape (each route's id, path,
// index and case flags, nested) and the path, so @remix-run/router's matchRoutes is wrapped to
// remember it by that shape: at most 2,000 paths per table, each caller getting fresh match objects
// that point at the route objects of the table it passed. A table whose routes lack unique ids is
// matched as before. The static handler calls matchRoutes by its name inside the router's CommonJS
// module, so the module is loaded here with one statement appended that rebinds that name (and the
// export) to the wrapper; every later require of '@remix-run/router' gets this module.
export function rememberMatches(matchRoutes) {
  const tables = new WeakMap() // a routes array → its shape and its routes by id (null: not rememberable)
  const byShape = new Map() // a shape → (basename + path → [{ id, params, pathname, pathnameBase }] | null)
  function tableOf(routes) {
    let table = tables.get(routes)
    if (table === undefined) {
      const byId = new Map()
      const lines = []
      const walk = (list, depth) => {
        for (const r of list) {
          if (typeof r.id !== 'string' || byId.has(r.id)) return false
          byId.set(r.id, r)
          lines.push(`${depth}\t${r.id}\t${r.path ?? ''}\t${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`)
          if (Array.isArray(r.children) && !walk(r.children, depth + 1)) return false
        }
        return true
      }
      table = walk(routes, 0) ? { shape: lines.join('\n'), byId } : null
      tables.set(routes, table)
    }
    return table
  }
  return function rememberedMatchRoutes(routes, location, basename = '/') {
    const path = typeof location === 'string' ? location.split(/[?#]/, 1)[0] : location?.pathname
    const table = typeof path === 'string' && Array.isArray(routes) ? tableOf(routes) : null
    if (!table) return matchRoutes(routes, location, basename)
    let byPath = byShape.get(table.shape)
    if (!byPath) {
      if (byShape.size >= 8) byShape.clear()
      byShape.set(table.shape, (byPath = new Map()))
    }
    const key = `${basename} ${path}`
    let found = byPath.get(key)
    if (found === undefined) {
      const matches = matchRoutes(routes, location, basename)
      found = matches && matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }))
      if (byPath.size >= 2000) byPath.clear()
      byPath.set(key, found)
    }
    return found && found.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: table.byId.get(m.id) }))
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
