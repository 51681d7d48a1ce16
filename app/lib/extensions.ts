/**
 * The extensions of the spec the app knows, as the upstream names them in `GET /api/fitur`
 * (docs/upstream-contract.md). A screen built on one declares it (app/screens.ts); the guard then
 * answers the one 'Fitur tidak tersedia' page on every route of the screen when the upstream lacks it.
 */
export const EXTENSIONS = [
  'ban-lifecycle',
  'audit',
  'password',
  'paged-lists',
  'rotasi-ban',
  'klaim-ban',
  'pemeriksaan-ban',
  'impor',
  'perpanjangan',
  'km-kendaraan',
  'jadwal-servis',
  'suku-cadang',
  'biaya-kendaraan',
  'perintah-kerja',
] as const
export type Extension = (typeof EXTENSIONS)[number]
