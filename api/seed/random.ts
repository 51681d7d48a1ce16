/** The seeds' deterministic random numbers and date arithmetic (shared by the demo, the lifecycle and the scale seeds). */

/** A deterministic PRNG (mulberry32): the same seed gives the same demo data. */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [min, max]. */
export const int = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1))
export const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]
export const roundTo = (n: number, step: number) => Math.round(n / step) * step

/** YYYY-MM-DD plus n days (UTC calendar arithmetic). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
