import { z } from 'zod'
import { id, numeric, text, textOrEmpty } from '../normalize'
import type { BiayaKendaraanRow } from '~/lib/biaya-kendaraan'

/**
 * A line of GET /api/laporan-biaya-kendaraan (the extension 'biaya-kendaraan'): a vehicle's
 * (kendaraan_id, no_kabin, no_pol, jenis) or a vehicle type's (jenis_kendaraan_id, jenis,
 * jumlah_kendaraan) costs in the period, its km and cost per km.
 */
const amount = numeric.transform((v) => v ?? 0)

export const biayaKendaraanRowSchema = z
  .object({
    kendaraan_id: id.optional(),
    no_kabin: text.optional(),
    no_pol: textOrEmpty.optional(),
    jenis_kendaraan_id: id.nullable().optional(),
    jenis: textOrEmpty,
    jumlah_kendaraan: amount.optional(),
    ban: amount,
    suku_cadang: amount,
    jasa: amount,
    perpanjangan: amount,
    total: amount,
    km_tempuh: amount,
    biaya_per_km: numeric,
  })
  .transform((v): BiayaKendaraanRow => ({
    key: v.kendaraan_id !== undefined ? `k${v.kendaraan_id}` : `j${v.jenis_kendaraan_id ?? 0}`,
    label: v.kendaraan_id !== undefined ? (v.no_kabin ?? `#${v.kendaraan_id}`) : v.jenis || '(tanpa jenis)',
    kendaraan_id: v.kendaraan_id ?? null,
    no_pol: v.no_pol ?? '',
    jenis: v.jenis,
    jumlah_kendaraan: v.kendaraan_id !== undefined ? 1 : (v.jumlah_kendaraan ?? 0),
    ban: v.ban,
    suku_cadang: v.suku_cadang,
    jasa: v.jasa,
    perpanjangan: v.perpanjangan,
    total: v.total,
    km_tempuh: v.km_tempuh,
    biaya_per_km: v.biaya_per_km,
  }))
