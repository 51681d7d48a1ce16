/**
 * Tyres through the reference api for the end-to-end tests (Stok Ban, Riwayat Ban and the tyre
 * transactions): tests/ban-records.ts on the e2e server's api.
 */
import { unique, upstream } from './fixtures'
import { banRecords } from '../ban-records'

export type { StokTyre, Tyre, Vehicle } from '../ban-records'
export const { serial, firstSupplier, buyTyres, allTyres, tyreOf, makeVehicle, POSITIONS, fit, removeTyres, tyresInEveryState } =
  banRecords(upstream, unique)
