import { Hono } from 'hono'
import { NAMA_MAX as NAMA_SUKU_CADANG_MAX, SATUAN, SUKU_CADANG as SUKU_CADANG_MENU } from './suku-cadang.ts'
import type { Insertable, Selectable } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, AuthUser, DB } from '../types.ts'
import { CODE_PREFIX, type CodeEntity } from '../codes.ts'
import { ApiError, conflict, idParam, invalid, readBody, today, validate } from '../http.ts'
import { DEFAULT_TARGET_PRESENTASE, positionsFor, TEBAL_TAPAK } from './transaksi/common.ts'
import {
  boundMessage,
  kmRule,
  numberOf,
  readDecimal,
  readWhole,
  rupiahRule,
  sheetNumber,
  type DecimalRule,
  type WholeRule,
} from '../numbers.ts'
import { GENDER, NAMA_BANK, WARNA } from './master/fields.ts'
import { actorOf, type Actor } from './transaksi/riwayat.ts'
import { grantsOfUser, holds as holdsGrant, type Permission } from '../grants.ts'
import { isUniqueError } from '../database.ts'
import type { Schema } from '../schema.ts'
import { forUpdate } from '../sql.ts'
import { batchOrderErrors, followLatest, lockVehicles, MESSAGES as KM_MESSAGES, type NewReading } from './km-kendaraan.ts'

/**
 * Imports from a spreadsheet (the extension 'impor'; docs/upstream-contract.md "Extensions: import
 * from Excel"). The app reads the file into rows of plain cells ({baris, key: text | number | null})
 * and posts them here; this module checks every row against the database — the lookups loaded once,
 * never a query per row — and stages the batch (impor_batch) with the rows it refused, each with its
 * row number, column and an Indonesian reason. 'Simpan semua' checks the batch again inside one
 * transaction and saves every row or none. One declaration per master (`KINDS`).
 */

/** A row as the app sends it: its row number in the sheet and its cells by column key. */
export type RawRow = { baris: number } & Record<string, string | number | null>
/** A refused cell: the row number, the column's header and why. */
export type Refusal = { baris: number; kolom: string; pesan: string }

export const MAX_ROWS = 10_000
/** The menu whose Create a fitted ban of Impor Stok Ban needs besides Stok Ban's (it makes a posted pemasangan). */
export const PEMASANGAN_MENU = '/admin/pemasangan-ban'
export const NO_PEMASANGAN_GRANT = 'Anda tidak punya hak Create pada Pemasangan Ban untuk mencatat ban terpasang.'
/** How long a staged batch waits for 'Simpan semua'. */
const BATCH_TTL_MS = 60 * 60 * 1000
/** How many unsaved batches of one master a user keeps (a new upload beyond them replaces the oldest). */
export const MAX_UNSAVED = 3
/** Rows per multi-row INSERT (well under SQLite's and PostgreSQL's bound on parameters). */
const CHUNK = 500

/** What a check knows of its caller: whether they hold a permission on a menu (api/grants.ts). */
export type CheckContext = {
  may: (perm: Permission, menu: string) => boolean
  /** The check runs inside 'Simpan semua''s transaction (a kind may lock what its rows write to). */
  saving?: true
}

type Kind<T> = {
  /** The menu whose Create grant the import needs. */
  menu: string
  /**
   * The entity whose codes the saved rows take (its counter row is locked while the batch saves);
   * none for rows without a code (km readings: their check locks the vehicles when saving).
   */
  entity: CodeEntity | null
  check: (db: DB, rows: RawRow[], ctx: CheckContext) => Promise<{ ready: T[]; ditolak: Refusal[] }>
  save: (db: DB, actor: Actor, ready: T[]) => Promise<number>
}

// ---- cells --------------------------------------------------------------------------------------------

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())
/** A vehicle's cabin or plate number as compared for duplicates: case and spaces ignored. */
const plate = (v: unknown): string => text(v).replace(/\s+/g, '').toLowerCase()
/**
 * A name as it is matched against a master when it is not written exactly as the master's: Unicode
 * compatibility forms unified (NFKC: a full-width digit is a digit), case ignored, and spaces and the
 * marks - . , / _ dropped, so '295/80 R22.5', '295/80R22.5' and '295/80r22,5' are one key, as are
 * 'K-01' and 'K 01'. Nothing else is dropped: letters and digits always count. Two masters whose
 * names fold to one key are not told apart by it: such a name is refused as ambiguous (`lookup`).
 */
export const fold = (v: unknown): string =>
  text(v)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-.,/_]+/g, '')
/** The name as written, spaces at the ends and doubled inside aside (the first tier of `lookup`). */
const exact = (v: unknown): string => text(v).replace(/\s+/g, ' ')

/** A master's names: written exactly, then folded (`fold`); each with the records that carry it. */
export type Lookup = { exact: Map<string, Named[]>; folded: Map<string, Named[]> }
type Named = { id: number; nama: string }
/** A name found: its record, none, or several that the name cannot tell apart. */
type Found = { id: number } | { ambiguous: string[] } | null

function lookupOf(rows: readonly Named[]): Lookup {
  const lookup: Lookup = { exact: new Map(), folded: new Map() }
  const add = (map: Map<string, Named[]>, k: string, r: Named) => {
    if (k === '') return
    const list = map.get(k) ?? []
    list.push(r)
    map.set(k, list)
  }
  for (const r of rows) {
    add(lookup.exact, exact(r.nama), r)
    add(lookup.folded, fold(r.nama), r)
  }
  return lookup
}

/**
 * Finds a name in a master: written exactly as one record's (that one), else by its folded key —
 * one record, or several (ambiguous: their names, for the refusal).
 */
function find(lookup: Lookup, v: string): Found {
  for (const list of [lookup.exact.get(exact(v)), lookup.folded.get(fold(v))]) {
    if (!list || list.length === 0) continue
    if (list.length === 1) return { id: (list[0] as Named).id }
    return { ambiguous: [...new Set(list.map((r) => r.nama))] }
  }
  return null
}

/** The refusal of a name that two or more master records share once folded. */
const ambiguousMessage = (what: string, v: string, names: readonly string[]) =>
  `${what} "${v.slice(0, 60)}" cocok dengan lebih dari satu data master (${names
    .slice(0, 5)
    .map((n) => `"${n}"`)
    .join(', ')}); tulis persis seperti salah satunya, atau perbaiki nama di master agar berbeda.`

/** Reads one row's cells, collecting its refusals under the column headers of `labels`. */
function cells<K extends string>(row: RawRow, labels: Record<K, string>, ditolak: Refusal[]) {
  let ok = true
  const refuse = (k: K, pesan: string) => {
    ok = false
    ditolak.push({ baris: row.baris, kolom: labels[k], pesan })
  }
  return {
    get ok() {
      return ok
    },
    refuse,
    text: (k: K, opts: { required?: boolean; max?: number } = {}): string | null => {
      const v = text(row[k])
      if (v === '') {
        if (opts.required) refuse(k, `${labels[k]} wajib diisi.`)
        return null
      }
      if (v.length > (opts.max ?? 255)) {
        refuse(k, `${labels[k]} terlalu panjang (maksimal ${opts.max ?? 255} karakter).`)
        return null
      }
      return v
    },
    /** A whole number by `rule` (numbers.ts): a fraction or a value out of its bounds is refused. */
    whole: (k: K, rule: WholeRule, opts: { required?: boolean } = {}): number | null => {
      const v = row[k]
      if (text(v) === '') {
        if (opts.required) refuse(k, `${labels[k]} wajib diisi.`)
        return null
      }
      const r = readWhole(typeof v === 'number' ? sheetNumber(v) : v, rule)
      if (r.ok) return r.value
      const isi = ` (isi: ${text(v).slice(0, 40)})`
      const named = { ...rule, label: labels[k] }
      refuse(
        k,
        r.why === 'not-number'
          ? `${labels[k]} harus berupa angka bulat tidak negatif${isi}.`
          : `${boundMessage(r.why, named).slice(0, -1)}${isi}.`,
      )
      return null
    },
    /** A decimal by `rule` (numbers.ts): more decimals than it takes or a value out of its bounds is refused. */
    decimal: (k: K, rule: DecimalRule): number | null => {
      const v = row[k]
      if (text(v) === '') return null
      const r = readDecimal(typeof v === 'number' ? sheetNumber(v) : v, rule)
      if (r.ok) return r.value
      const isi = ` (isi: ${text(v).slice(0, 40)})`
      refuse(
        k,
        r.why === 'fraction'
          ? `${boundMessage(r.why, { ...rule, label: labels[k] }).slice(0, -1)}${isi}.`
          : `${labels[k]} harus berupa angka ${rule.min} sampai ${rule.max}${isi}.`,
      )
      return null
    },
    /**
     * A date: an Excel date (the app sends it as YYYY-MM-DD), an Excel day number, or text
     * dd/mm/yyyy (also d-m-yyyy); answers YYYY-MM-DD.
     */
    date: (k: K): string | null => {
      const v = row[k]
      if (text(v) === '') return null
      const day = cellDate(v)
      if (day === null) refuse(k, `Tanggal tidak valid (isi: ${text(v).slice(0, 40)}); tulis dd/mm/yyyy.`)
      return day
    },
    /** One of a fixed list (as `fold` compares: 'laki laki' is 'Laki-laki'); answers the list's spelling. */
    fixed: (k: K, values: readonly string[]): string | null => {
      const v = text(row[k])
      if (v === '') return null
      const found = values.find((x) => fold(x) === fold(v))
      if (found === undefined) refuse(k, `${labels[k]} harus salah satu dari: ${values.join(', ')}.`)
      return found ?? null
    },
    /** A name that must be one of a master's (`find`); answers its id. */
    choice: (k: K, lookup: Lookup, what: string, opts: { required?: boolean } = {}): number | null => {
      const v = text(row[k])
      if (v === '') {
        if (opts.required) refuse(k, `${labels[k]} wajib diisi.`)
        return null
      }
      const found = find(lookup, v)
      if (found === null) refuse(k, `${what} "${v.slice(0, 60)}" tidak dikenal; pilih dari daftar di template.`)
      else if ('ambiguous' in found) refuse(k, ambiguousMessage(what, v, found.ambiguous))
      return found && 'id' in found ? found.id : null
    },
  }
}

/** A real calendar day as YYYY-MM-DD, or null. */
function isoDay(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d))
  if (y < 1900 || y > 2999 || t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null
  return t.toISOString().slice(0, 10)
}

/** A cell as a date: YYYY-MM-DD, dd/mm/yyyy or dd-mm-yyyy text, or an Excel day number (1900 system). */
export function cellDate(v: string | number | null | undefined): string | null {
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1 || v > 400_000) return null
    return new Date(Date.UTC(1899, 11, 30) + v * 86_400_000).toISOString().slice(0, 10)
  }
  const s = text(v)
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]))
  return null
}

/** A master's names, read once (`lookupOf`): its rows' id and name. */
async function nameLookup(rows: Promise<{ id: number; nama: string | null }[]>): Promise<Lookup> {
  return lookupOf((await rows).flatMap((r) => (r.nama ? [{ id: Number(r.id), nama: r.nama }] : [])))
}

/**
 * `n` consecutive codes of an entity in one statement (the counter moved by n, inside the caller's
 * transaction): the first code's number; the codes are that number … + n − 1. With n = 0 it only
 * locks the counter row (an UPDATE's row lock, on PostgreSQL until the transaction ends), so every
 * other add of the entity, which takes its code from that row, waits for this transaction.
 */
async function reserveCodes(db: DB, entity: CodeEntity, n: number): Promise<number> {
  const row = await db.q
    .insertInto('code_sequences')
    .values({ prefix: CODE_PREFIX[entity], value: n })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ value: eb('code_sequences.value', '+', n) })))
    .returning('value')
    .executeTakeFirstOrThrow()
  return Number(row.value) - n + 1
}
const codeOf = (entity: CodeEntity, n: number) => CODE_PREFIX[entity] + String(n).padStart(6, '0')

/** `rows` in chunks of CHUNK: each chunk one multi-row INSERT. */
async function inChunks<R>(rows: readonly R[], insert: (part: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

// ---- Ban: opening stock ---------------------------------------------------------------------------

export const BAN_COLUMNS = {
  no_seri: 'No Seri',
  ukuran: 'Ukuran',
  merek: 'Merek',
  tipe: 'Tipe',
  kondisi: 'Kondisi',
  harga: 'Harga',
  tebal_tapak: 'Tebal Tapak (mm)',
  kendaraan: 'Kendaraan',
  posisi: 'Posisi',
  km: 'Km',
} as const
type BanKey = keyof typeof BAN_COLUMNS

export const KONDISI_BAN = ['BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT'] as const

type BanRow = {
  baris: number
  no_seri: string
  ukuran_id: number
  merek_id: number
  typeban_id: number | null
  kondisi: string
  harga: number
  tebal_tapak: number | null
  pasang: { kendaraan_id: number; posisi: string; km: number } | null
}

/**
 * Opening stock: one ban per row. Without a vehicle it is in stock; with a vehicle, a position and
 * the km it was fitted at, it is fitted there (one pemasangan document per vehicle of the batch).
 */
async function checkBan(db: DB, rows: RawRow[], ctx: CheckContext) {
  const [ukuran, merek, typeban] = await Promise.all([
    nameLookup(db.q.selectFrom('ukuran').select(['id', 'nama']).orderBy('id').execute()),
    nameLookup(db.q.selectFrom('merek').select(['id', 'nama_merek as nama']).orderBy('id').execute()),
    nameLookup(db.q.selectFrom('typeban').select(['id', 'nama_type as nama']).orderBy('id').execute()),
  ])
  const vehicles = await db.q
    .selectFrom('kendaraan as k')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['k.id', 'k.no_kabin', 'k.no_pol', 'j.total_ban'])
    .orderBy('k.id')
    .execute()
  const vehicleById = new Map(vehicles.map((v) => [Number(v.id), v]))
  // Cabin numbers first, then plate numbers: a name is a vehicle's cabin number when one is.
  const [byKabin, byPol] = (['no_kabin', 'no_pol'] as const).map((field) =>
    lookupOf(vehicles.flatMap((v) => (v[field] ? [{ id: Number(v.id), nama: v[field] as string }] : []))),
  ) as [Lookup, Lookup]
  const vehicleOf = (name: string): Found => find(byKabin, name) ?? find(byPol, name)
  const canFit = ctx.may('create', PEMASANGAN_MENU)
  const serials = new Set((await db.q.selectFrom('ban').select('no_seri').execute()).map((b) => b.no_seri))
  const held = new Map<string, string>()
  for (const h of await heldPositions(db)) held.set(`${h.kendaraan_id}|${h.posisi_ban}`, h.no_seri)

  const ditolak: Refusal[] = []
  const ready: BanRow[] = []
  const seenSerial = new Map<string, number>()
  const seenPosition = new Map<string, number>()
  for (const row of rows) {
    const c = cells<BanKey>(row, BAN_COLUMNS, ditolak)
    const no_seri = c.text('no_seri', { required: true })
    if (no_seri !== null) {
      const before = seenSerial.get(no_seri)
      if (before !== undefined) c.refuse('no_seri', `No seri ${no_seri} ganda dalam file (juga di baris ${before}).`)
      else if (serials.has(no_seri)) c.refuse('no_seri', `No seri ${no_seri} sudah terdaftar.`)
      if (before === undefined) seenSerial.set(no_seri, row.baris)
    }
    const ukuran_id = c.choice('ukuran', ukuran, 'Ukuran', { required: true })
    const merek_id = c.choice('merek', merek, 'Merek', { required: true })
    const typeban_id = c.choice('tipe', typeban, 'Tipe ban')
    let kondisi = c.text('kondisi', { required: true })
    if (kondisi !== null) {
      kondisi = kondisi.toUpperCase()
      if (!(KONDISI_BAN as readonly string[]).includes(kondisi))
        c.refuse('kondisi', `Kondisi harus salah satu dari ${KONDISI_BAN.join(', ')}.`)
    }
    const harga = c.whole('harga', rupiahRule('Harga'), { required: true })
    const tebal_tapak = c.decimal('tebal_tapak', TEBAL_TAPAK)
    const kendaraanText = c.text('kendaraan')
    const posisiText = c.text('posisi', { max: 4 })
    const km = c.whole('km', kmRule('Km'))
    let pasang: BanRow['pasang'] = null
    if (!canFit && (kendaraanText !== null || posisiText !== null || text(row.km) !== '')) {
      // A fitted ban makes a posted pemasangan document: the grant of Pemasangan Ban's form.
      c.refuse('kendaraan', NO_PEMASANGAN_GRANT)
    } else if (kendaraanText === null) {
      if (posisiText !== null || km !== null) c.refuse('kendaraan', 'Kendaraan wajib diisi bila Posisi atau Km diisi.')
    } else {
      const found = vehicleOf(kendaraanText)
      const vehicle = found && 'id' in found ? vehicleById.get(found.id) : undefined
      if (found === null) c.refuse('kendaraan', `Kendaraan "${kendaraanText.slice(0, 40)}" tidak dikenal (isi no kabin atau no polisi).`)
      else if ('ambiguous' in found) c.refuse('kendaraan', ambiguousMessage('Kendaraan', kendaraanText, found.ambiguous))
      if (posisiText === null) c.refuse('posisi', 'Posisi wajib diisi bila Kendaraan diisi.')
      if (km === null && text(row.km) === '') c.refuse('km', 'Km wajib diisi bila Kendaraan diisi.')
      if (vehicle && posisiText !== null) {
        const posisi = posisiText.toUpperCase()
        const name = vehicle.no_kabin ?? vehicle.no_pol ?? `#${vehicle.id}`
        const at = `${vehicle.id}|${posisi}`
        if (!positionsFor(vehicle.total_ban).includes(posisi)) {
          c.refuse('posisi', `Posisi ${posisi} tidak ada pada kendaraan ${name} (${vehicle.total_ban ?? 6} ban).`)
        } else if (held.has(at)) {
          c.refuse('posisi', `Posisi ${posisi} kendaraan ${name} sudah terisi ban ${held.get(at)}.`)
        } else if (seenPosition.has(at)) {
          c.refuse(
            'posisi',
            `Posisi ${posisi} kendaraan ${name} sudah diisi baris ${seenPosition.get(at)}; satu posisi hanya untuk satu ban.`,
          )
        } else {
          seenPosition.set(at, row.baris)
          if (km !== null) pasang = { kendaraan_id: vehicle.id, posisi, km }
        }
      }
    }
    if (c.ok && no_seri !== null && ukuran_id !== null && merek_id !== null && kondisi !== null && harga !== null) {
      ready.push({ baris: row.baris, no_seri, ukuran_id, merek_id, typeban_id, kondisi, harga, tebal_tapak, pasang })
    }
  }
  return { ready, ditolak }
}

/**
 * The positions held now, with the ban in each (a pemasangan line not yet removed: `dilepas = 0`,
 * the rule of api/routes/transaksi/posisi.ts `holds`); of `kendaraanIds` only when given.
 */
function heldPositions(db: DB, kendaraanIds?: readonly number[]) {
  return db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .select(['d.kendaraan_id', 'd.posisi_ban', 'b.no_seri'])
    .where('d.dilepas', '=', 0)
    .$if(kendaraanIds !== undefined, (qb) => qb.where('d.kendaraan_id', 'in', kendaraanIds ?? []))
    .execute()
}

/** A position taken since the check (a pemasangan saved meanwhile): the batch is not saved. */
const POSITION_TAKEN = 'Posisi ban kendaraan berubah saat disimpan; klik Simpan semua lagi untuk memeriksa ulang.'

/**
 * Saves the checked rows (inside the caller's transaction): the ban with a block of codes, one
 * pemasangan document per vehicle (posted: the fleet as it stands, not a pemasangan to pay), its
 * lines, and each ban's history — 'beli' without a document ('Saldo awal (impor)') and, when fitted,
 * 'pasang' with its pemasangan. Multi-row INSERTs, a few statements per 500 rows.
 *
 * The vehicles fitted are locked (their rows, FOR UPDATE) and their positions read again before any
 * is written: a pemasangan of another user saved since the check is met here and the batch refused,
 * never two ban in one position (the unique index on a held position backs this on both databases).
 */
async function saveBan(db: DB, actor: Actor, rows: BanRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const kendaraanIds = [...new Set(rows.flatMap((r) => (r.pasang ? [r.pasang.kendaraan_id] : [])))].sort((a, z) => a - z)
  for (let i = 0; i < kendaraanIds.length; i += CHUNK) {
    await db.q
      .selectFrom('kendaraan')
      .select('id')
      .where('id', 'in', kendaraanIds.slice(i, i + CHUNK))
      .orderBy('id')
      .$call(forUpdate(db))
      .execute()
  }
  if (kendaraanIds.length > 0) {
    const taken = new Set((await heldPositions(db, kendaraanIds)).map((h) => `${h.kendaraan_id}|${h.posisi_ban}`))
    if (rows.some((r) => r.pasang && taken.has(`${r.pasang.kendaraan_id}|${r.pasang.posisi}`))) throw conflict(POSITION_TAKEN)
  }

  const first = await reserveCodes(db, 'ban', rows.length)
  const kode = rows.map((_, i) => codeOf('ban', first + i))
  await inChunks(
    rows.map((r, i) => ({ r, kode: kode[i] as string })),
    (part) =>
      db.q
        .insertInto('ban')
        .values(
          part.map(({ r, kode }) => ({
            kode_ban: kode,
            no_seri: r.no_seri,
            pembelian_ban_id: null,
            ukuran_id: r.ukuran_id,
            merek_id: r.merek_id,
            typeban_id: r.typeban_id,
            kondisi_ban: r.kondisi,
            harga: r.harga,
            status: r.pasang ? 'terpasang' : 'stok',
            tebal_tapak_awal: r.tebal_tapak,
          })),
        )
        .execute(),
  )
  const firstKode = kode[0] as string
  const lastKode = kode[kode.length - 1] as string
  const ids = await db.q
    .selectFrom('ban')
    .select(['id', 'kode_ban'])
    .where('kode_ban', '>=', firstKode)
    .where('kode_ban', '<=', lastKode)
    .execute()
  const idOf = new Map(ids.map((t) => [t.kode_ban, Number(t.id)]))
  const tanggal = today()
  await db.q
    .insertInto('riwayat_ban')
    .columns(['ban_id', 'jenis', 'tanggal', 'user_id', 'nama_user', 'biaya', 'tebal_tapak', 'keterangan'])
    .expression((eb) =>
      eb
        .selectFrom('ban as b')
        .select([
          'b.id',
          eb.val('beli').as('jenis'),
          eb.val(tanggal).as('tanggal'),
          eb.val(actor.id).as('user_id'),
          eb.val(actor.nama).as('nama_user'),
          'b.harga',
          'b.tebal_tapak_awal',
          eb.val('Saldo awal (impor)').as('keterangan'),
        ])
        .where('b.kode_ban', '>=', firstKode)
        .where('b.kode_ban', '<=', lastKode)
        .orderBy('b.id'),
    )
    .execute()

  const byVehicle = new Map<number, { r: BanRow; banId: number }[]>()
  rows.forEach((r, i) => {
    if (!r.pasang) return
    const list = byVehicle.get(r.pasang.kendaraan_id) ?? []
    list.push({ r, banId: idOf.get(kode[i] as string) as number })
    byVehicle.set(r.pasang.kendaraan_id, list)
  })
  if (byVehicle.size === 0) return rows.length
  const firstPemasangan = await reserveCodes(db, 'pemasangan_ban', byVehicle.size)
  const pemasanganIds: number[] = []
  let n = 0
  for (const [kendaraanId, lines] of byVehicle) {
    const { id: pemasanganId } = await db.q
      .insertInto('pemasangan_ban')
      .values({
        kode_pemasangan: codeOf('pemasangan_ban', firstPemasangan + n++),
        kendaraan_id: kendaraanId,
        km: Math.max(...lines.map((l) => l.r.pasang?.km ?? 0)),
        grand_total: lines.reduce((sum, l) => sum + l.r.harga, 0),
        status: 'posting',
        tanggal_awal: tanggal,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    pemasanganIds.push(Number(pemasanganId))
    await inChunks(lines, (part) =>
      db.q
        .insertInto('detail_pemasangan_ban')
        .values(
          part.map((l) => ({
            pemasangan_ban_id: Number(pemasanganId),
            kendaraan_id: kendaraanId,
            ban_id: l.banId,
            posisi_ban: l.r.pasang?.posisi as string,
            km_pemasangan: l.r.pasang?.km as number,
            target_presentase: DEFAULT_TARGET_PRESENTASE,
          })),
        )
        .execute(),
    )
  }
  await inChunks(pemasanganIds, (part) =>
    db.q
      .insertInto('riwayat_ban')
      .columns([
        'ban_id',
        'jenis',
        'tanggal',
        'user_id',
        'nama_user',
        'dokumen_jenis',
        'dokumen_id',
        'dokumen_kode',
        'kendaraan_id',
        'no_kabin',
        'posisi_ban',
        'km',
        'keterangan',
        'detail_pemasangan_ban_id',
      ])
      .expression((eb) =>
        eb
          .selectFrom('detail_pemasangan_ban as d')
          .innerJoin('pemasangan_ban as p', 'p.id', 'd.pemasangan_ban_id')
          .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
          .select([
            'd.ban_id',
            eb.val('pasang').as('jenis'),
            'p.tanggal_awal',
            eb.val(actor.id).as('user_id'),
            eb.val(actor.nama).as('nama_user'),
            eb.val('pemasangan').as('dokumen_jenis'),
            'p.id',
            'p.kode_pemasangan',
            'd.kendaraan_id',
            'k.no_kabin',
            'd.posisi_ban',
            'd.km_pemasangan',
            eb.val('Saldo awal (impor)').as('keterangan'),
            'd.id as detail_id',
          ])
          .where('d.pemasangan_ban_id', 'in', part)
          .orderBy('d.id'),
      )
      .execute(),
  )
  return rows.length
}

// ---- masters: rows saved as the master's create writes them ---------------------------------------

/** A master's row as its check answers it: its row number and the fields of its table but the codes. */
type MasterRow<T extends 'kendaraan' | 'supplier' | 'karyawan' | 'suku_cadang', Codes extends string> = { baris: number } & Omit<
  Insertable<Schema[T]>,
  Codes | 'id' | 'created_at' | 'updated_at'
>
type KendaraanRow = MasterRow<'kendaraan', 'kode_kendaraan' | 'qrcode_kendaraan'>
type SupplierRow = MasterRow<'supplier', 'kode_supplier' | 'qrcode_supplier'>
type KaryawanRow = MasterRow<'karyawan', 'kode_karyawan' | 'qrcode_karyawan'>
type SukuCadangRow = MasterRow<'suku_cadang', 'kode_suku_cadang' | 'stok' | 'nilai_stok'>
/** A row to insert (its row number left out) with the code it takes. */
type Coded<R> = { row: Omit<R, 'baris'>; kode: string }

/**
 * A master's rows saved as its create (api/routes/master/resource.ts) writes one: a code of the
 * entity's counter (api/codes.ts; a block of codes taken in one statement) in the code column and
 * the QR column, then the fields (`insert`: one multi-row INSERT of a chunk).
 */
function saveMaster<R extends { baris: number }>(entity: CodeEntity, insert: (db: DB, part: Coded<R>[]) => Promise<unknown>) {
  return async (db: DB, _actor: Actor, rows: R[]): Promise<number> => {
    if (rows.length === 0) return 0
    const first = await reserveCodes(db, entity, rows.length)
    const coded = rows.map(({ baris: _baris, ...row }, i): Coded<R> => ({ row, kode: codeOf(entity, first + i) }))
    await inChunks(coded, (part) => insert(db, part))
    return rows.length
  }
}

/** Values of a column already in the database (case and spaces ignored). */
function taken(values: Promise<(string | null)[]>): Promise<Set<string>> {
  return values.then((list) => new Set(list.filter((v) => v !== null).map(plate)))
}

/** Refuses a value met before in the file or already in the database (compared as `plate` compares). */
function uniqueIn(label: string, inDb: Set<string>) {
  const seen = new Map<string, number>()
  return (value: string | null, baris: number, refuse: (pesan: string) => void) => {
    if (value === null) return
    const k = plate(value)
    const before = seen.get(k)
    if (before !== undefined) refuse(`${label} ${value} ganda dalam file (juga di baris ${before}).`)
    else if (inDb.has(k)) refuse(`${label} ${value} sudah terdaftar.`)
    if (before === undefined) seen.set(k, baris)
  }
}

export const KENDARAAN_COLUMNS = {
  no_kabin: 'No Kabin',
  no_pol: 'No Polisi',
  no_rangka: 'No Rangka',
  no_mesin: 'No Mesin',
  jenis_kendaraan: 'Jenis Kendaraan',
  golongan: 'Golongan',
  warna: 'Warna',
  km: 'Km',
  expired_stnk: 'Expired STNK',
  expired_kir: 'Expired KIR',
} as const
type KendaraanKey = keyof typeof KENDARAAN_COLUMNS

/** Vehicles: the cabin number required and, like the plate, not twice in the file nor already registered. */
async function checkKendaraan(db: DB, rows: RawRow[]) {
  const [jenis, golongan, kabin, pol] = await Promise.all([
    nameLookup(db.q.selectFrom('jenis_kendaraan').select(['id', 'nama_jenis_kendaraan as nama']).orderBy('id').execute()),
    nameLookup(db.q.selectFrom('golongan').select(['id', 'nama_golongan as nama']).orderBy('id').execute()),
    taken(
      db.q
        .selectFrom('kendaraan')
        .select('no_kabin')
        .execute()
        .then((rows) => rows.map((r) => r.no_kabin)),
    ),
    taken(
      db.q
        .selectFrom('kendaraan')
        .select('no_pol')
        .execute()
        .then((rows) => rows.map((r) => r.no_pol)),
    ),
  ])
  const kabinOnce = uniqueIn('No kabin', kabin)
  const polOnce = uniqueIn('No polisi', pol)
  const ditolak: Refusal[] = []
  const ready: KendaraanRow[] = []
  for (const row of rows) {
    const c = cells<KendaraanKey>(row, KENDARAAN_COLUMNS, ditolak)
    const no_kabin = c.text('no_kabin', { required: true })
    kabinOnce(no_kabin, row.baris, (pesan) => c.refuse('no_kabin', pesan))
    const no_pol = c.text('no_pol', { max: 50 })
    polOnce(no_pol, row.baris, (pesan) => c.refuse('no_pol', pesan))
    const values = {
      baris: row.baris,
      no_kabin,
      no_pol,
      no_rangka: c.text('no_rangka', { max: 100 }),
      no_mesin: c.text('no_mesin', { max: 100 }),
      jenis_kendaraan_id: c.choice('jenis_kendaraan', jenis, 'Jenis kendaraan'),
      golongan_id: c.choice('golongan', golongan, 'Golongan'),
      warna: c.fixed('warna', WARNA),
      // km is NOT NULL: an empty cell is 0, as the create form's.
      km: c.whole('km', kmRule('Km')) ?? 0,
      expired_stnk: c.date('expired_stnk'),
      expired_kir: c.date('expired_kir'),
    }
    if (c.ok && no_kabin !== null) ready.push({ ...values, no_kabin })
  }
  return { ready, ditolak }
}

export const SUPPLIER_COLUMNS = {
  nama_supp: 'Nama Supplier',
  nama_person: 'Kontak',
  jabatan: 'Jabatan',
  telp: 'Telepon',
  hp: 'HP',
  fax: 'Fax',
  email: 'Email',
  npwp: 'NPWP',
  alamat: 'Alamat',
  atas_nama: 'Atas Nama',
  norek: 'No Rekening',
  nama_bank: 'Nama Bank',
} as const
type SupplierKey = keyof typeof SUPPLIER_COLUMNS

/** Suppliers: the name required (the master has no rule against two of one name, so neither has the import). */
async function checkSupplier(_db: DB, rows: RawRow[]) {
  const ditolak: Refusal[] = []
  const ready: SupplierRow[] = []
  for (const row of rows) {
    const c = cells<SupplierKey>(row, SUPPLIER_COLUMNS, ditolak)
    const values = {
      baris: row.baris,
      nama_supp: c.text('nama_supp', { required: true }),
      nama_person: c.text('nama_person'),
      jabatan: c.text('jabatan'),
      telp: c.text('telp', { max: 50 }),
      hp: c.text('hp', { max: 50 }),
      fax: c.text('fax', { max: 50 }),
      email: c.text('email'),
      npwp: c.text('npwp', { max: 50 }),
      alamat: c.text('alamat', { max: 1000 }),
      atas_nama: c.text('atas_nama'),
      norek: c.text('norek', { max: 50 }),
      nama_bank: c.fixed('nama_bank', NAMA_BANK),
    }
    if (c.ok && values.nama_supp !== null) ready.push({ ...values, nama_supp: values.nama_supp })
  }
  return { ready, ditolak }
}

export const KARYAWAN_COLUMNS = {
  nama_lengkap: 'Nama Lengkap',
  nama_kecil: 'Nama Panggilan',
  gender: 'Gender',
  departemen: 'Departemen',
  no_ktp: 'No KTP',
  no_sim: 'No SIM',
  tanggal_lahir: 'Tanggal Lahir',
  tanggal_gabung: 'Tanggal Gabung',
  telp: 'Telepon',
  gmail: 'Email',
  alamat: 'Alamat',
  atas_nama: 'Atas Nama',
  norek: 'No Rekening',
  nama_bank: 'Nama Bank',
} as const
type KaryawanKey = keyof typeof KARYAWAN_COLUMNS

/** Employees: the name required, the department one of the database's. */
async function checkKaryawan(db: DB, rows: RawRow[]) {
  const departemen = await nameLookup(db.q.selectFrom('departemen').select(['id', 'nama']).orderBy('id').execute())
  const ditolak: Refusal[] = []
  const ready: KaryawanRow[] = []
  for (const row of rows) {
    const c = cells<KaryawanKey>(row, KARYAWAN_COLUMNS, ditolak)
    const values = {
      baris: row.baris,
      nama_lengkap: c.text('nama_lengkap', { required: true }),
      nama_kecil: c.text('nama_kecil'),
      gender: c.fixed('gender', GENDER),
      departemen_id: c.choice('departemen', departemen, 'Departemen'),
      no_ktp: c.text('no_ktp', { max: 50 }),
      no_sim: c.text('no_sim', { max: 50 }),
      tanggal_lahir: c.date('tanggal_lahir'),
      tanggal_gabung: c.date('tanggal_gabung'),
      telp: c.text('telp', { max: 50 }),
      gmail: c.text('gmail'),
      alamat: c.text('alamat', { max: 1000 }),
      atas_nama: c.text('atas_nama'),
      norek: c.text('norek', { max: 50 }),
      nama_bank: c.fixed('nama_bank', NAMA_BANK),
    }
    if (c.ok && values.nama_lengkap !== null) ready.push({ ...values, nama_lengkap: values.nama_lengkap })
  }
  return { ready, ditolak }
}

export const SUKU_CADANG_COLUMNS = {
  nama: 'Nama',
  satuan: 'Satuan',
  kategori: 'Kategori',
  stok_minimum: 'Stok Minimum',
} as const
type SukuCadangKey = keyof typeof SUKU_CADANG_COLUMNS

/**
 * Parts (the extension 'suku-cadang'): the name required and, without case, not twice in the file nor
 * already a part's; the unit one of the list; the minimum stock a whole number (empty: 0). Their stock
 * starts at 0: it comes in by purchases (or a count).
 */
async function checkSukuCadang(db: DB, rows: RawRow[]) {
  const names = new Set((await db.q.selectFrom('suku_cadang').select('nama').execute()).map((r) => r.nama.trim().toLowerCase()))
  const seen = new Map<string, number>()
  const ditolak: Refusal[] = []
  const ready: SukuCadangRow[] = []
  for (const row of rows) {
    const c = cells<SukuCadangKey>(row, SUKU_CADANG_COLUMNS, ditolak)
    const nama = c.text('nama', { required: true, max: NAMA_SUKU_CADANG_MAX })
    if (nama !== null) {
      const k = nama.replace(/\s+/g, ' ').toLowerCase()
      const before = seen.get(k)
      if (before !== undefined) c.refuse('nama', `Nama ${nama} ganda dalam file (juga di baris ${before}).`)
      else if (names.has(k)) c.refuse('nama', `Nama suku cadang ${nama} sudah ada.`)
      if (before === undefined) seen.set(k, row.baris)
    }
    if (text(row.satuan) === '') c.refuse('satuan', 'Satuan wajib diisi.')
    const satuan = c.fixed('satuan', SATUAN)
    const values = {
      baris: row.baris,
      nama: nama?.replace(/\s+/g, ' ') ?? null,
      satuan,
      kategori: c.text('kategori', { max: 100 }),
      stok_minimum: c.whole('stok_minimum', { label: 'Stok Minimum', min: 0, max: 1_000_000 }) ?? 0,
    }
    if (c.ok && values.nama !== null && values.satuan !== null) ready.push({ ...values, nama: values.nama, satuan: values.satuan })
  }
  return { ready, ditolak }
}

export const KM_KENDARAAN_COLUMNS = {
  no_pol: 'No Pol',
  no_kabin: 'No Kabin',
  tanggal: 'Tanggal',
  km: 'Km',
} as const
type KmKendaraanKey = keyof typeof KM_KENDARAAN_COLUMNS
type KmKendaraanRow = { baris: number; kendaraan_id: number; tanggal: string; km: number }

const KM_RULE = kmRule('Km')

/**
 * The day of a GPS export's cell: a date as `cellDate` reads it, also with a time after it as GPS
 * exports write a moment ('2026-11-20 17:45:00', '20/11/2026 17:45', '2026-11-20T17:45:00+07:00'):
 * the day as written, the time dropped; an Excel moment (a day number with a fraction) its day.
 */
export function readingDate(v: string | number | null | undefined): string | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 1 ? cellDate(Math.floor(v)) : null
  const day = text(v).replace(/(?:T|\s+)\d{1,2}[:.]\d{2}(?:[:.]\d{2}(?:[.,]\d+)?)?\s*(?:WIB|WITA|WIT|Z|[+-]\d{2}:?\d{2})?$/i, '')
  return cellDate(day)
}

/**
 * A GPS export's km: a number as the api reads numbers ('123.456' and '123,456' are thousands,
 * '123.456,7' and '123,456.7' have a fraction); a fraction is dropped (rounded down: the km the
 * odometer shows), then the km rule's bounds. Answers the km or the refusal.
 */
export function readingKm(v: string | number | null | undefined): { km: number } | { pesan: string } {
  const isi = ` (isi: ${text(v).slice(0, 40)})`
  const n = numberOf(typeof v === 'number' ? sheetNumber(v) : v)
  if (n === null) return { pesan: `${KM_MESSAGES.kmBukanAngka.slice(0, -1)}${isi}.` }
  const r = readWhole(Math.floor(n), KM_RULE)
  if (r.ok) return { km: r.value }
  return { pesan: `${boundMessage(r.why === 'not-number' ? 'range' : r.why, KM_RULE).slice(0, -1)}${isi}.` }
}

/**
 * Km readings from a GPS provider's export (the extension 'km-kendaraan'): the vehicle by its plate
 * (No Pol) or cabin number (No Kabin), either or both (then the same vehicle), matched as the masters'
 * names are (case, spaces and - . / ignored); the day (not after today); the km. A vehicle's rows are
 * taken by date: of one vehicle and day the highest km counts (the last km of the day; the others
 * are skipped, not refused), a reading already stored (same vehicle, day and km) is skipped, and each
 * is checked against the vehicle's stored readings and the file's earlier days by the order rule of
 * typed readings (batchOrderErrors). Lookups loaded once; the stored readings in a few queries.
 */
async function checkKmKendaraan(db: DB, rows: RawRow[], ctx: CheckContext) {
  const vehicles = await db.q.selectFrom('kendaraan').select(['id', 'no_kabin', 'no_pol']).orderBy('id').execute()
  const [byKabin, byPol] = (['no_kabin', 'no_pol'] as const).map((field) =>
    lookupOf(vehicles.flatMap((v) => (v[field] ? [{ id: Number(v.id), nama: v[field] as string }] : []))),
  ) as [Lookup, Lookup]
  const day = today()
  const ditolak: Refusal[] = []
  const candidates: NewReading[] = []
  for (const row of rows) {
    const c = cells<KmKendaraanKey>(row, KM_KENDARAAN_COLUMNS, ditolak)
    const vehicleBy = (k: 'no_pol' | 'no_kabin', lookup: Lookup): number | null => {
      const v = c.text(k, { max: 50 })
      if (v === null) return null
      const found = find(lookup, v)
      if (found === null) c.refuse(k, `Kendaraan dengan ${KM_KENDARAAN_COLUMNS[k]} "${v.slice(0, 40)}" tidak dikenal.`)
      else if ('ambiguous' in found) c.refuse(k, ambiguousMessage('Kendaraan', v, found.ambiguous))
      return found && 'id' in found ? found.id : null
    }
    const byPolId = vehicleBy('no_pol', byPol)
    const byKabinId = vehicleBy('no_kabin', byKabin)
    if (text(row.no_pol) === '' && text(row.no_kabin) === '') c.refuse('no_pol', 'No Pol atau No Kabin wajib diisi.')
    if (byPolId !== null && byKabinId !== null && byPolId !== byKabinId) {
      c.refuse('no_kabin', `No Kabin ${text(row.no_kabin)} dan No Pol ${text(row.no_pol)} bukan kendaraan yang sama.`)
    }
    let tanggal: string | null = null
    if (text(row.tanggal) === '') c.refuse('tanggal', 'Tanggal wajib diisi.')
    else {
      tanggal = readingDate(row.tanggal)
      if (tanggal === null) {
        c.refuse('tanggal', `Tanggal tidak valid (isi: ${text(row.tanggal).slice(0, 40)}); tulis dd/mm/yyyy atau yyyy-mm-dd.`)
      } else if (tanggal > day) c.refuse('tanggal', `${KM_MESSAGES.tanggalNanti.slice(0, -1)} (isi: ${tanggalShown(tanggal)}).`)
    }
    let km: number | null = null
    if (text(row.km) === '') c.refuse('km', KM_MESSAGES.kmKosong)
    else {
      const read = readingKm(row.km)
      if ('km' in read) km = read.km
      else c.refuse('km', read.pesan)
    }
    const kendaraanId = byKabinId ?? byPolId
    if (c.ok && kendaraanId !== null && tanggal !== null && km !== null) candidates.push({ kendaraanId, tanggal, km, baris: row.baris })
  }
  // One reading a vehicle and day: the highest km (of equal ones, the later row).
  const ofDay = new Map<string, NewReading>()
  for (const r of candidates) {
    const k = `${r.kendaraanId}|${r.tanggal}`
    const had = ofDay.get(k)
    if (!had || r.km >= had.km) ofDay.set(k, r)
  }
  const kept = [...ofDay.values()]
  // Saving: the vehicles are locked (id order) before their readings are read, as a typed save does.
  if (ctx.saving) {
    const ids = [...new Set(kept.map((r) => r.kendaraanId))].sort((a, z) => a - z)
    for (let i = 0; i < ids.length; i += CHUNK) await lockVehicles(db, ids.slice(i, i + CHUNK))
  }
  const { errors, stored } = await batchOrderErrors(db, kept)
  const ready: KmKendaraanRow[] = []
  for (const r of kept) {
    const found = errors.get(r.baris)
    if (found) for (const pesan of found) ditolak.push({ baris: r.baris, kolom: KM_KENDARAAN_COLUMNS.km, pesan })
    else if (!stored.has(r.baris)) ready.push({ baris: r.baris, kendaraan_id: r.kendaraanId, tanggal: r.tanggal, km: r.km })
  }
  ditolak.sort((a, z) => a.baris - z.baris)
  return { ready, ditolak }
}

/** '2026-11-20' → '20/11/2026'. */
const tanggalShown = (d: string) => d.split('-').reverse().join('/')

/**
 * Saves the checked readings (inside the caller's transaction, the vehicles locked by the check):
 * sumber 'impor', by the importing user; each vehicle's readings inserted by date (their ids in that
 * order, as the series orders by tanggal then id); then each vehicle's km follows its latest reading,
 * as after a typed save (followLatest).
 */
async function saveKmKendaraan(db: DB, actor: Actor, rows: KmKendaraanRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const sorted = [...rows].sort((a, z) => a.kendaraan_id - z.kendaraan_id || (a.tanggal < z.tanggal ? -1 : a.tanggal > z.tanggal ? 1 : 0))
  await inChunks(sorted, (part) =>
    db.q
      .insertInto('km_kendaraan')
      .values(part.map((r) => ({ kendaraan_id: r.kendaraan_id, tanggal: r.tanggal, km: r.km, sumber: 'impor', user_id: actor.id })))
      .execute(),
  )
  const ids = [...new Set(sorted.map((r) => r.kendaraan_id))]
  await inChunks(ids, (part) => followLatest(db, part))
  return rows.length
}

const KINDS = {
  ban: { menu: '/admin/ban', entity: 'ban', check: checkBan, save: saveBan } satisfies Kind<BanRow>,
  kendaraan: {
    menu: '/admin/kendaraan',
    entity: 'kendaraan',
    check: checkKendaraan,
    save: saveMaster<KendaraanRow>('kendaraan', (db, part) =>
      db.q
        .insertInto('kendaraan')
        .values(part.map(({ row, kode }) => ({ kode_kendaraan: kode, qrcode_kendaraan: kode, ...row })))
        .execute(),
    ),
  } satisfies Kind<KendaraanRow>,
  supplier: {
    menu: '/admin/supplier',
    entity: 'supplier',
    check: checkSupplier,
    save: saveMaster<SupplierRow>('supplier', (db, part) =>
      db.q
        .insertInto('supplier')
        .values(part.map(({ row, kode }) => ({ kode_supplier: kode, qrcode_supplier: kode, ...row })))
        .execute(),
    ),
  } satisfies Kind<SupplierRow>,
  karyawan: {
    menu: '/admin/karyawan',
    entity: 'karyawan',
    check: checkKaryawan,
    save: saveMaster<KaryawanRow>('karyawan', (db, part) =>
      db.q
        .insertInto('karyawan')
        .values(part.map(({ row, kode }) => ({ kode_karyawan: kode, qrcode_karyawan: kode, ...row })))
        .execute(),
    ),
  } satisfies Kind<KaryawanRow>,
  // The screen's segment, as the app's routes name it (the entity is suku_cadang).
  'suku-cadang': {
    menu: SUKU_CADANG_MENU,
    entity: 'suku_cadang',
    check: checkSukuCadang,
    save: saveMaster<SukuCadangRow>('suku_cadang', (db, part) =>
      db.q
        .insertInto('suku_cadang')
        .values(part.map(({ row, kode }) => ({ kode_suku_cadang: kode, ...row })))
        .execute(),
    ),
  } satisfies Kind<SukuCadangRow>,
  // GPS exports into odometer readings (extension 'km-kendaraan'): no code, the vehicles locked instead.
  'km-kendaraan': {
    menu: '/admin/km-kendaraan',
    entity: null,
    check: checkKmKendaraan,
    save: saveKmKendaraan,
  } satisfies Kind<KmKendaraanRow>,
} as const
export type ImporJenis = keyof typeof KINDS
export const IMPOR_JENIS = Object.keys(KINDS) as ImporJenis[]
/** The menu whose Create an import of each master needs (api/routes/grants.ts). */
export const IMPOR_MENUS: Record<ImporJenis, string> = Object.fromEntries(IMPOR_JENIS.map((j) => [j, KINDS[j].menu])) as Record<
  ImporJenis,
  string
>

// ---- the batch ---------------------------------------------------------------------------------------

const cell = z.union([z.string().max(1000), z.number(), z.null()])
const batchSchema = z.object({
  nama_file: z.string().max(255).optional().nullable(),
  rows: z
    .array(z.object({ baris: z.number().int().min(1).max(1_048_576) }).catchall(cell), { error: 'Baris impor harus dikirim.' })
    .min(1, 'File tidak berisi baris data.')
    .max(MAX_ROWS, `File berisi lebih dari ${MAX_ROWS.toLocaleString('id-ID')} baris.`),
})

type BatchRow = Selectable<Schema['impor_batch']>

/** UTC 'YYYY-MM-DD HH:MM:SS', as the tables keep moments. */
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

const batchJson = (b: BatchRow) => {
  const ditolak = JSON.parse(b.ditolak) as Refusal[]
  return {
    id: Number(b.id),
    jenis: b.jenis,
    nama_file: b.nama_file,
    total: Number(b.total),
    siap: Number(b.siap),
    // Rows neither ready nor refused: skipped by the kind's rule (km readings: another reading of the
    // vehicle that day, or one already stored). 0 for the masters.
    dilewati: Math.max(0, Number(b.total) - Number(b.siap) - new Set(ditolak.map((d) => d.baris)).size),
    ditolak,
    created_at: b.created_at,
    expires_at: b.expires_at,
    disimpan: b.disimpan_at !== null,
    disimpan_at: b.disimpan_at,
  }
}

const GONE = 'Data impor tidak ditemukan atau sudah kedaluwarsa; unggah file lagi.'

/** Deletes the batch `id` unless it was saved. */
const dropUnsaved = (db: DB, id: number) => db.q.deleteFrom('impor_batch').where('id', '=', id).where('disimpan_at', 'is', null).execute()

/**
 * The caller's batch of this master, not expired (404 otherwise: another user's batch is not named).
 * An expired unsaved batch met here is deleted then (as at staging). `lock`: the row is read FOR
 * UPDATE (inside the save's transaction), so two saves of one batch run one after the other.
 */
async function loadBatch(db: DB, jenis: ImporJenis, id: number, user: AuthUser, lock = false): Promise<BatchRow> {
  const b = await db.q
    .selectFrom('impor_batch')
    .selectAll()
    .where('id', '=', id)
    .where('jenis', '=', jenis)
    .where('user_id', '=', user.id)
    .$if(lock, (qb) => qb.$call(forUpdate(db)))
    .executeTakeFirst()
  if (b && b.disimpan_at === null && b.expires_at < stamp(new Date())) {
    await dropUnsaved(db, id)
    throw new ApiError(404, GONE)
  }
  if (!b) throw new ApiError(404, GONE)
  return b
}

/** What the checks of a user's import know of them: their grants (a fitted ban needs Pemasangan Ban's). */
async function contextOf(db: DB, user: AuthUser): Promise<CheckContext> {
  const grants = await grantsOfUser(db, user.id)
  return { may: (perm, menu) => holdsGrant(grants, { menus: [menu], perm }) }
}

/**
 * The refused rows of a batch as they were sent: each row's cells by column key and its reasons
 * ('Kolom: pesan', in the order they were found), by row number. The app writes them back into the
 * template's columns ('Unduh baris ditolak').
 */
function refusedRows(b: BatchRow) {
  const reasons = new Map<number, string[]>()
  for (const d of JSON.parse(b.ditolak) as Refusal[]) {
    const list = reasons.get(d.baris) ?? []
    list.push(`${d.kolom}: ${d.pesan}`)
    reasons.set(d.baris, list)
  }
  const rows = JSON.parse(b.baris) as RawRow[]
  return rows
    .filter((r) => reasons.has(r.baris))
    .sort((a, z) => a.baris - z.baris)
    .map(({ baris, ...cells }) => ({ baris, cells, alasan: reasons.get(baris) ?? [] }))
}

/** The routes of each master's import: stage, read, save (each needs Create on the master's menu). */
export function imporRoutes() {
  const r = new Hono<ApiEnv>()
  for (const jenis of IMPOR_JENIS) {
    const kind = KINDS[jenis] as Kind<unknown>
    r.post(`/impor/${jenis}`, async (c) => {
      const db = c.get('db')
      const user = c.get('user')
      const input = validate(batchSchema, await readBody(c))
      const rows = input.rows as RawRow[]
      const { ready, ditolak } = await kind.check(db, rows, await contextOf(db, user))
      const now = new Date()
      const id = await db.tx(async () => {
        // Expired batches that were never saved go as new ones come, and so do the user's older
        // unsaved batches of this master beyond the newest MAX_UNSAVED - 1: a new upload replaces the
        // oldest (its preview then answers 404), so a user keeps at most MAX_UNSAVED unsaved batches of
        // each master (a second tab or a colleague's file open meanwhile keeps its preview).
        await db.q.deleteFrom('impor_batch').where('disimpan_at', 'is', null).where('expires_at', '<', stamp(now)).execute()
        await db.q
          .deleteFrom('impor_batch')
          .where('disimpan_at', 'is', null)
          .where('user_id', '=', user.id)
          .where('jenis', '=', jenis)
          .where('id', 'not in', (eb) =>
            eb
              .selectFrom('impor_batch')
              .select('id')
              .where('disimpan_at', 'is', null)
              .where('user_id', '=', user.id)
              .where('jenis', '=', jenis)
              .orderBy('id', 'desc')
              .limit(MAX_UNSAVED - 1),
          )
          .execute()
        const inserted = await db.q
          .insertInto('impor_batch')
          .values({
            jenis,
            user_id: user.id,
            nama_file: input.nama_file ?? null,
            baris: JSON.stringify(rows),
            total: rows.length,
            siap: ready.length,
            ditolak: JSON.stringify(ditolak),
            expires_at: stamp(new Date(now.getTime() + BATCH_TTL_MS)),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return Number(inserted.id)
      })
      return c.json({ message: 'Data impor diperiksa.', data: batchJson(await loadBatch(db, jenis, id, user)) }, 201)
    })

    r.get(`/impor/${jenis}/:id`, async (c) => {
      const b = await loadBatch(c.get('db'), jenis, idParam(c, 'id', 'Data impor'), c.get('user'))
      return c.json({ data: batchJson(b) })
    })

    // 'Unduh baris ditolak' on the preview: the refused rows' cells and reasons.
    r.get(`/impor/${jenis}/:id/ditolak`, async (c) => {
      const b = await loadBatch(c.get('db'), jenis, idParam(c, 'id', 'Data impor'), c.get('user'))
      return c.json({ data: refusedRows(b) })
    })

    // 'Batalkan' on the preview: an unsaved batch is dropped (a saved one stays as the record of its import).
    r.delete(`/impor/${jenis}/:id`, async (c) => {
      const db = c.get('db')
      const id = idParam(c, 'id', 'Data impor')
      const b = await loadBatch(db, jenis, id, c.get('user'))
      if (b.disimpan_at !== null) throw conflict('Data impor ini sudah disimpan.')
      await dropUnsaved(db, id)
      return c.json({ message: 'Impor dibatalkan.' })
    })

    r.post(`/impor/${jenis}/:id/simpan`, async (c) => {
      const db = c.get('db')
      const user = c.get('user')
      const id = idParam(c, 'id', 'Data impor')
      const actor = await actorOf(db, user.id)
      const ctx = await contextOf(db, user)
      // Locks, in this order: the batch's row (a second save of it waits, then finds it saved), then
      // the counter row of the entity's codes (every add of the entity takes its code there, so none
      // slips in between the check and the save), then, for fitted ban, the vehicles (saveBan).
      const saved = await db.tx(async () => {
        const b = await loadBatch(db, jenis, id, user, true)
        if (b.disimpan_at !== null) throw conflict('Data impor ini sudah disimpan.')
        if (kind.entity !== null) await reserveCodes(db, kind.entity, 0)
        const rows = JSON.parse(b.baris) as RawRow[]
        // Checked again inside the write: the database may have changed since the preview.
        const { ready, ditolak } = await kind.check(db, rows, { ...ctx, saving: true })
        if (ditolak.length > 0) {
          await db.q
            .updateTable('impor_batch')
            .set({ siap: ready.length, ditolak: JSON.stringify(ditolak) })
            .where('id', '=', id)
            .execute()
          return { ok: false as const, ditolak }
        }
        const n = await kind.save(db, actor, ready).catch((error: unknown) => {
          // A held position taken by a pemasangan saved meanwhile (its unique index): check again.
          if (isUniqueError(error)) throw conflict(POSITION_TAKEN)
          throw error
        })
        await db.q
          .updateTable('impor_batch')
          .set({ disimpan_at: stamp(new Date()), baris: '[]' })
          .where('id', '=', id)
          .execute()
        return { ok: true as const, n }
      })
      if (!saved.ok) {
        // The refusals were recorded outside the failed save (they are the batch's new state).
        const errors: Record<string, string[]> = {}
        for (const d of saved.ditolak) (errors[`baris.${d.baris}`] ??= []).push(`${d.kolom}: ${d.pesan}`)
        throw invalid(errors)
      }
      return c.json({
        message: `${saved.n.toLocaleString('id-ID')} data berhasil diimpor.`,
        data: batchJson(await loadBatch(db, jenis, id, user)),
      })
    })
  }
  return r
}
