import { FILE_MESSAGES } from '~/lib/impor'
import type { FileResult } from './impor-file.server'

/**
 * How many uploaded spreadsheets this process reads at once. Reading one holds its sheet and its
 * rows in the heap (tens of MB for 10,000 rows) inside the app's bounded heap, so at most `running`
 * are read at a time; up to `waiting` more wait their turn, each at most `waitMs`; any other is
 * turned away at once (the upload answers 503 'Server sedang memproses impor lain; coba lagi
 * sebentar.', nothing lost: the form stays, the file can be sent again).
 */
export class ImporGate {
  private active = 0
  private readonly queue: { start: () => void; timer: ReturnType<typeof setTimeout> }[] = []

  constructor(
    readonly running = 2,
    readonly waiting = 4,
    readonly waitMs = 8_000,
  ) {}

  /** Runs `work` when a place is free: its result, or `busy` when none came free in time. */
  async run<T>(work: () => Promise<T>): Promise<{ busy: false; value: T } | { busy: true }> {
    if (!(await this.enter())) return { busy: true }
    try {
      return { busy: false, value: await work() }
    } finally {
      this.leave()
    }
  }

  /** The reads under way and the uploads waiting (for the tests and the logs). */
  get load() {
    return { active: this.active, waiting: this.queue.length }
  }

  private enter(): Promise<boolean> {
    if (this.active < this.running) {
      this.active++
      return Promise.resolve(true)
    }
    if (this.queue.length >= this.waiting) return Promise.resolve(false)
    return new Promise<boolean>((resolve) => {
      const entry = {
        // A place handed over by leave(): `active` stays counted for this one.
        start: () => {
          clearTimeout(entry.timer)
          resolve(true)
        },
        timer: setTimeout(() => {
          const i = this.queue.indexOf(entry)
          if (i >= 0) this.queue.splice(i, 1)
          resolve(false)
        }, this.waitMs),
      }
      this.queue.push(entry)
    })
  }

  private leave() {
    const next = this.queue.shift()
    if (next) next.start()
    else this.active--
  }
}

/** The process's gate for reading uploaded spreadsheets (app/routes/admin/impor/unggah.tsx). */
export const imporGate = new ImporGate()

/**
 * An uploaded file read through `gate` (readSpreadsheet): its rows, why it is refused, or, when no
 * place came free, the busy refusal the upload answers with 503.
 */
export async function readGated(
  work: () => Promise<FileResult>,
  gate: ImporGate = imporGate,
): Promise<FileResult | { ok: false; message: string; busy: true }> {
  const gated = await gate.run(work)
  return gated.busy ? { ok: false, message: FILE_MESSAGES.busy, busy: true } : gated.value
}
