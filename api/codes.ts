import type { DB } from './types.ts'

/** Prefix of each entity's code: a prefix and a zero-padded sequence, DP000001 … */
export const CODE_PREFIX = {
  departemen: 'DP',
  karyawan: 'KY',
  user: 'US',
  supplier: 'SP',
  ukuran: 'UK',
  merek: 'MB',
  golongan: 'GL',
  jenis_kendaraan: 'JK',
  kendaraan: 'KD',
  typeban: 'TB',
  stnk: 'ST',
  ban: 'BN',
  pembelian_ban: 'PB',
  pemasangan_ban: 'PM',
  pelepasan_ban: 'PL',
  rotasi_ban: 'RT',
  klaim_ban: 'KL',
  pemeriksaan_ban: 'PR',
  perpanjangan: 'PJ',
} as const

export type CodeEntity = keyof typeof CODE_PREFIX

/**
 * The next code of an entity. Atomic: one UPSERT … RETURNING on the sequence row, so two saves never
 * get the same code, even from two processes (SQLite serialises writers). Call it inside the same
 * transaction as the INSERT that uses it.
 */
export async function nextCode(db: DB, entity: CodeEntity): Promise<string> {
  const prefix = CODE_PREFIX[entity]
  const row = (await db
    .prepare(
      `INSERT INTO code_sequences (prefix, value) VALUES (?, 1)
       ON CONFLICT(prefix) DO UPDATE SET value = code_sequences.value + 1
       RETURNING value`,
    )
    .get(prefix)) as { value: number }
  return prefix + String(row.value).padStart(6, '0')
}
