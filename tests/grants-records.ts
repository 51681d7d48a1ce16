/**
 * A user's grants as the reference api holds them, for the end-to-end tests (tests/e2e/master-support.ts)
 * and the request-level tests (tests/app/upstream.ts) alike. Each runner passes its own api client; a
 * refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

type Grants = Record<string, Record<string, number>>

export function grantRecords(upstream: Upstream) {
  /** GET /api/akses/{id}/edit: the catalogue and the user's menus. */
  async function editor(userId: number) {
    const r = await (await upstream()).get(`/api/akses/${userId}/edit`)
    if (r.status !== 200) throw new Error(`GET /api/akses/${userId}/edit answered ${r.status}: ${JSON.stringify(r.json)}`)
    return r.json as { menufiturs: Record<string, { id: number; nama: string }[]>; userMenu: Grants }
  }

  /** The catalogue's feature ids by name. */
  async function featureIds(userId: number): Promise<Record<string, number>> {
    const out: Record<string, number> = {}
    for (const list of Object.values((await editor(userId)).menufiturs)) {
      for (const f of list) out[f.nama] = f.id
    }
    return out
  }

  /** The user's stored grants by menu name: { active, can_… } as the upstream stores them. */
  async function storedGrants(userId: number): Promise<Grants> {
    const { menufiturs, userMenu } = await editor(userId)
    const out: Grants = {}
    for (const list of Object.values(menufiturs)) for (const f of list) if (userMenu[String(f.id)]) out[f.nama] = userMenu[String(f.id)]!
    return out
  }
  return { featureIds, storedGrants }
}
