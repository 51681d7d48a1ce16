import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const APP = resolve(dirname(fileURLToPath(import.meta.url)), '../../app')

/** The modules of app/ a file imports (type-only imports included), as paths under app/ without extension. */
function appImports(file: string, source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((i) => i.fileName)
    .flatMap((name) => {
      if (name.startsWith('~/')) return [name.slice(2)]
      if (name.startsWith('.')) return [relative(APP, resolve(dirname(file), name))]
      return []
    })
    .map((path) => path.replace(/\.tsx?$/, ''))
}

/**
 * What a module of a folder of app/ may not import: app/lib is pure logic (no upstream call, no
 * server-only block, no screen wiring), app/upstream speaks to the upstream and uses only pure
 * logic, and app/server's blocks serve the routes without knowing any of them.
 */
function refused(path: string): (target: string) => boolean {
  if (path.startsWith('lib/')) return (t) => /^(upstream|server|routes)\//.test(t) || /\.server$/.test(t)
  if (path.startsWith('upstream/')) return (t) => /^(server|routes)\//.test(t)
  if (path.startsWith('server/')) return (t) => t.startsWith('routes/')
  return () => false
}

/** Every import of app/ that goes against the layers, as `lib/x.ts -> upstream/y`. */
function layerViolations(files: Map<string, string>): string[] {
  const out: string[] = []
  for (const [path, source] of files) {
    const isRefused = refused(path)
    for (const target of appImports(join(APP, path), source)) if (isRefused(target)) out.push(`${path} -> ${target}`)
  }
  return out.sort()
}

const appFiles = () =>
  new Map(
    (readdirSync(APP, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => [f.split('\\').join('/'), readFileSync(join(APP, f), 'utf8')] as const),
  )

describe('app/ layers: routes → server → (upstream, lib); upstream → lib; lib → nothing server-side', () => {
  it('finds an import against the layers when there is one (the check can fail)', () => {
    const files = new Map([
      ['lib/a.ts', "import { x } from '~/upstream/b.server'\nimport type { Y } from './c.server'\nimport { z } from './d'"],
      ['upstream/e.ts', "import { w } from '../server/f.server'"],
      ['server/g.server.ts', "import { v } from '~/routes/admin/h'\nimport { u } from '~/lib/format'"],
    ])
    expect(layerViolations(files)).toEqual([
      'lib/a.ts -> lib/c.server',
      'lib/a.ts -> upstream/b.server',
      'server/g.server.ts -> routes/admin/h',
      'upstream/e.ts -> server/f.server',
    ])
  })

  it('app/lib holds no .server module', () => {
    expect([...appFiles().keys()].filter((f) => f.startsWith('lib/') && /\.server\.tsx?$/.test(f))).toEqual([])
  })

  it('reads the imports of the real tree', () => {
    const files = appFiles()
    expect(appImports(join(APP, 'session.server.ts'), files.get('session.server.ts') ?? '')).toContain('server/draft.server')
  })

  it('no module of app/ imports against the layers, type-only imports included', () => {
    expect(layerViolations(appFiles())).toEqual([])
  })
})
