import { afterEach, describe, expect, it, vi } from 'vitest'
import { FILE_MESSAGES } from '~/lib/impor'
import { ImporGate, readGated } from '~/server/impor-gate.server'

/**
 * The gate of the import's file reading (app/server/impor-gate.server.ts): two read at once, a few
 * wait their turn, any other is turned away at once, and a wait has an end. The upload route
 * answers a turned-away file with FILE_MESSAGES.busy (503).
 */

/** A piece of work that ends when the test says so. */
function held() {
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { work: () => done.then(() => 'read'), finish }
}

afterEach(() => vi.useRealTimers())

describe('ImporGate', () => {
  it('reads two at once; the next ones wait their turn; past the queue one is turned away at once', async () => {
    const gate = new ImporGate(2, 1, 60_000)
    const a = held()
    const b = held()
    const c = held()
    const first = gate.run(a.work)
    const second = gate.run(b.work)
    const third = gate.run(c.work)
    expect(gate.load).toEqual({ active: 2, waiting: 1 })
    // The fourth finds both places and the queue taken: busy, without waiting.
    expect(await gate.run(async () => 'never')).toEqual({ busy: true })
    a.finish()
    expect(await first).toEqual({ busy: false, value: 'read' })
    // The waiting one took the place that came free.
    expect(gate.load).toEqual({ active: 2, waiting: 0 })
    b.finish()
    c.finish()
    expect(await second).toEqual({ busy: false, value: 'read' })
    expect(await third).toEqual({ busy: false, value: 'read' })
    expect(gate.load).toEqual({ active: 0, waiting: 0 })
  })

  it('the upload’s read: past two reading and the queue full, a file gets the busy refusal (503 on the form)', async () => {
    const gate = new ImporGate(2, 0, 1_000)
    const a = held()
    const b = held()
    const rows = { ok: true as const, rows: [] }
    const first = readGated(() => a.work().then(() => rows), gate)
    const second = readGated(() => b.work().then(() => rows), gate)
    expect(await readGated(async () => rows, gate)).toEqual({
      ok: false,
      message: 'Server sedang memproses impor lain; coba lagi sebentar.',
      busy: true,
    })
    a.finish()
    b.finish()
    expect(await first).toEqual(rows)
    expect(await second).toEqual(rows)
    // A place free again: the next file is read.
    expect(await readGated(async () => rows, gate)).toEqual(rows)
  })

  it('a wait ends after waitMs: busy, and the queue is free again', async () => {
    vi.useFakeTimers()
    const gate = new ImporGate(1, 4, 8_000)
    const a = held()
    const first = gate.run(a.work)
    const waiting = gate.run(async () => 'late')
    expect(gate.load).toEqual({ active: 1, waiting: 1 })
    await vi.advanceTimersByTimeAsync(8_000)
    expect(await waiting).toEqual({ busy: true })
    expect(gate.load).toEqual({ active: 1, waiting: 0 })
    a.finish()
    expect(await first).toEqual({ busy: false, value: 'read' })
  })

  it('a read that fails frees its place', async () => {
    const gate = new ImporGate(1, 0, 1_000)
    await expect(gate.run(() => Promise.reject(new Error('rusak')))).rejects.toThrow('rusak')
    expect(await gate.run(async () => 'ok')).toEqual({ busy: false, value: 'ok' })
  })

  it('the process’s gate: two at once, four waiting; the message of a busy upload', async () => {
    const { imporGate } = await import('~/server/impor-gate.server')
    expect([imporGate.running, imporGate.waiting]).toEqual([2, 4])
    expect(FILE_MESSAGES.busy).toBe('Server sedang memproses impor lain; coba lagi sebentar.')
  })
})
