import { DOCUMENT_LIST, type DOCUMENTS, type DocumentKey } from './documents.ts'
import { SIMPLE_ENTITY_LIST, type SIMPLE_ENTITIES, type SimpleEntityKey } from './simple-entities.ts'
import type { DB } from './types.ts'

/** The simple masters' prefixes, as declared in SIMPLE_ENTITIES. */
type SimplePrefix = { readonly [K in SimpleEntityKey]: (typeof SIMPLE_ENTITIES)[K]['prefix'] }
const SIMPLE_PREFIX = Object.fromEntries(SIMPLE_ENTITY_LIST.map(([key, e]) => [key, e.prefix])) as SimplePrefix

/** The documents' prefixes, as declared in DOCUMENTS. */
type DocumentPrefix = { readonly [K in DocumentKey]: (typeof DOCUMENTS)[K]['prefix'] }
const DOCUMENT_PREFIX = Object.fromEntries(DOCUMENT_LIST.map(([key, d]) => [key, d.prefix])) as DocumentPrefix

/**
 * Prefix of each entity's code: a prefix and a zero-padded sequence, DP000001 … The simple masters'
 * come from api/simple-entities.ts, the documents' from api/documents.ts (last: a key written here
 * too would be a type error).
 */
export const CODE_PREFIX = {
  departemen: 'DP',
  karyawan: 'KY',
  user: 'US',
  supplier: 'SP',
  jenis_kendaraan: 'JK',
  kendaraan: 'KD',
  stnk: 'ST',
  ban: 'BN',
  item_servis: 'IS',
  suku_cadang: 'SC',
  stok_opname: 'SO',
  ...DOCUMENT_PREFIX,
  ...SIMPLE_PREFIX,
} as const

export type CodeEntity = keyof typeof CODE_PREFIX

/**
 * The next code of an entity: gapless per prefix. One UPSERT … RETURNING on the prefix's counter row,
 * inside the same transaction as the INSERT that uses it. The row stays locked until that transaction
 * ends, so two saves never get the same code and a save rolled back gives its number back; only saves
 * of the same prefix wait for each other (on SQLite, writers take turns anyway).
 */
export async function nextCode(db: DB, entity: CodeEntity): Promise<string> {
  const prefix = CODE_PREFIX[entity]
  const row = await db.q
    .insertInto('code_sequences')
    .values({ prefix, value: 1 })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ value: eb('code_sequences.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow()
  return prefix + String(row.value).padStart(6, '0')
}
