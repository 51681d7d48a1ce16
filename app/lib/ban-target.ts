/**
 * How far a fitted tyre is towards its target km (the dashboard's "Ban mendekati target km"): its
 * life km so far = Σ km_tempuh of its pelepasan + (vehicle km − km_pemasangan) of its current pemasangan,
 * against that pemasangan's target_presentase (70.000 when the upstream sends none). The same rules as
 * the api's ringkasan of a tyre's history (GET /api/ban/{id}/riwayat). Pure: tests and screens.
 */

/** The target when a pemasangan has none (the api's default target_presentase). */
export const DEFAULT_TARGET_KM = 70_000

/** A tyre is "near its target" from this share of it on. */
export const NEAR_TARGET_PERCENT = 90

export type TargetInput = {
  km_tempuh?: number | null
  lokasi: { km_pemasangan?: number | null; km_kendaraan?: number | null; target_presentase?: number | null } | null
}

export type TargetProgress = { km: number; target: number; persen: number; near: boolean }

const nonNegative = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0)

/**
 * The tyre's life km, its target and the percent (one decimal), or null when it is not on a vehicle.
 * A vehicle km below the pemasangan km (a typing slip upstream) counts as 0 km run, never negative;
 * near = at least 90% of the target, compared exactly (not on the rounded percent).
 */
export function targetProgress(t: TargetInput): TargetProgress | null {
  if (!t.lokasi) return null
  const { km_pemasangan, km_kendaraan, target_presentase } = t.lokasi
  const berjalan = typeof km_kendaraan === 'number' && typeof km_pemasangan === 'number' ? nonNegative(km_kendaraan - km_pemasangan) : 0
  const km = nonNegative(t.km_tempuh) + berjalan
  const target = nonNegative(target_presentase) || DEFAULT_TARGET_KM
  return { km, target, persen: Math.round((km / target) * 1000) / 10, near: km * 100 >= target * NEAR_TARGET_PERCENT }
}

/** The tyres at or past 90% of their target, the most worn (highest share) first, then by kode ban. */
export function tyresNearTarget<T extends TargetInput & { kode_ban?: string | null }>(tyres: readonly T[]) {
  return tyres
    .flatMap((tyre) => {
      const progress = targetProgress(tyre)
      return progress?.near ? [{ tyre, ...progress }] : []
    })
    .sort((a, b) => b.km / b.target - a.km / a.target || (a.tyre.kode_ban ?? '').localeCompare(b.tyre.kode_ban ?? '', 'id-ID'))
}
