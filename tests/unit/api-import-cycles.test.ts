import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const API = resolve(dirname(fileURLToPath(import.meta.url)), '../../api')

/** Every module of a folder → the modules of that folder it imports (type-only imports included). */
function importGraph(dir: string): Map<string, string[]> {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f))
  const known = new Set(files)
  return new Map(
    files.map((file) => [
      relative(dir, file),
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((i) => i.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => resolve(dirname(file), name))
        .filter((target) => known.has(target))
        .map((target) => relative(dir, target)),
    ]),
  )
}

/** The import cycles of a graph, each as `a.ts -> b.ts -> a.ts` (one per back edge of a depth-first walk). */
function importCycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file)
  return cycles
}

describe('api/ module graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['db.ts', ['versions.ts', 'types.ts']],
      ['versions.ts', ['db.ts']],
      ['types.ts', []],
    ])
    expect(importCycles(graph)).toEqual(['db.ts -> versions.ts -> db.ts'])
  })

  it('reads the imports of the real tree (ApiEnv and DB come from types.ts)', () => {
    const graph = importGraph(API)
    expect(graph.get('routes/departemen.ts')).toContain('types.ts')
    expect(graph.get('versions.ts')).toContain('types.ts')
    expect(graph.get('db.ts')).toContain('versions.ts')
  })

  it('has no import cycles, type-only imports included', () => {
    expect(importCycles(importGraph(API))).toEqual([])
  })
})
