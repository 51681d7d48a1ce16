import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

/**
 * The browser's chunks (less JavaScript on a list page). Every page loads entry.client, so the
 * React/Remix runtime and the few app modules every screen uses go into that one file (an entry
 * without exports may take them in); the list screens' shared parts form one chunk of their own.
 * Fewer files: fewer response headers and better compression than a dozen small chunks.
 */
const RUNTIME = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//
const EVERY_PAGE = /\/app\/(entry\.client\.tsx|ui\/(error-boundary|icons|logo|button|page-header)\.tsx|lib\/menu\.ts)$/
const LIST_SCREEN = /\/app\/(ui\/(list-screen|data-table|search-form|pager|row-actions|qr-code)\.tsx|lib\/(list-query|pager)\.ts)$/

/**
 * A plugin for `vite build` that acts on the browser build only (Remix runs a browser and a server
 * build with the same plugins): its hooks get the resolved config to ask which build this is.
 */
function browserBuildPlugin(
  name: string,
  hooks: (config: () => ResolvedConfig) => Omit<Plugin, 'name' | 'apply' | 'configResolved'>,
): Plugin {
  let resolved: ResolvedConfig | undefined
  return {
    name,
    apply: 'build',
    configResolved(config) {
      resolved = config
    },
    ...hooks(() => resolved!),
  }
}
const isServerBuild = (config: ResolvedConfig) => Boolean(config.build.ssr)

function browserChunks(): Plugin {
  return browserBuildPlugin('browser-chunks', (config) => ({
    outputOptions(options) {
      if (isServerBuild(config())) return null
      return {
        ...options,
        manualChunks(id: string) {
          if (RUNTIME.test(id) || EVERY_PAGE.test(id)) return 'entry.client'
          if (LIST_SCREEN.test(id)) return 'list-screen'
          return undefined
        },
      }
    },
  }))
}

/**
 * The bundles carry no licence comments (esbuild legalComments: 'none', about 1 KiB compressed on
 * every page); this writes the licences of the packages the browser bundle contains to
 * /third-party-licenses.txt instead.
 */
function thirdPartyLicenses(): Plugin {
  return browserBuildPlugin('third-party-licenses', (config) => ({
    generateBundle(_options, bundle) {
      if (isServerBuild(config())) return
      const dirs = new Set<string>()
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        for (const id of chunk.moduleIds) {
          const m = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replace(/^\0/, ''))
          if (m) dirs.add(m[1])
        }
      }
      const parts = [...dirs].sort().flatMap((dir) => {
        const pkgFile = join(dir, 'package.json')
        if (!existsSync(pkgFile)) return []
        const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name: string; version: string; license?: string }
        const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f))
        const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `License: ${pkg.license ?? 'see package'}`
        return [`${pkg.name}@${pkg.version}\n\n${text}\n`]
      })
      this.emitFile({
        type: 'asset',
        fileName: 'third-party-licenses.txt',
        source: `Third-party software in this application's browser code.\n\n${parts.join('\n' + '-'.repeat(72) + '\n\n')}`,
      })
    },
  }))
}

/**
 * The hashed assets compressed once at build time, beside each file: .br (brotli, quality 11) and
 * .gz (gzip, level 9); server/index.ts sends them as they are instead of compressing per request.
 */
function precompressAssets(): Plugin {
  return browserBuildPlugin('precompress-assets', (config) => ({
    async writeBundle(_options, bundle) {
      if (isServerBuild(config())) return
      const outDir = resolve(config().root, config().build.outDir)
      const br = promisify(brotliCompress)
      const gz = promisify(gzip)
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => name.startsWith('assets/') && /\.(js|css|svg)$/.test(name))
          .map(async (name) => {
            const path = join(outDir, name)
            const body = readFileSync(path)
            const params = {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            }
            await writeFile(`${path}.br`, await br(body, { params }))
            await writeFile(`${path}.gz`, await gz(body, { level: 9 }))
          }),
      )
    },
  }))
}

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 3000) },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  esbuild: { legalComments: 'none' },
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    browserChunks(),
    thirdPartyLicenses(),
    precompressAssets(),
  ],
})
