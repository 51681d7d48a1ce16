/**
 * What the route-level tests need of each document screen (kind `document` in app/screens.ts): the
 * records its routes' ids come from, made through the api, and the submissions of its forms. The
 * request battery (documentRows in battery-routes.ts) and the route walk (route-grants.test.ts) of
 * the `app` project are made from this table; a document screen without its entry does not type-check.
 */
import { SCREENS, segmentOf, type ScreenKey } from '../../app/screens'
import { expect } from 'vitest'
import { unique, upstream } from './upstream'

/** A record made through the api: its id, how to delete it, and values for the path's other placeholders. */
export type Rec = { id: number; remove: () => Promise<void>; vars?: Record<string, string> }

export type DocumentRecords = {
  /** A vehicle the create screen starts from (?kendaraan_id=). */
  vehicle: () => Promise<Rec>
  /** A registered, unposted document: `kendaraan` is its vehicle, `line` one of its lines (none for a form saved whole). */
  document: () => Promise<Rec & { vars: { kendaraan: string; line?: string } }>
  /** The position dialog (none for a form saved whole): the position and a submission it refuses, showing its text field again. */
  line?: { posisi: string; valid: () => Record<string, string>; textField?: string }
  /** A line staged on a vehicle, the create screen's undo (none for a form saved whole): `kendaraan` is its vehicle. */
  staged?: () => Promise<Rec & { vars: { kendaraan: string } }>
  /** A form saved whole: a submission of its screen, and its text field. */
  whole?: { valid: () => Record<string, string>; textField: string }
}

type DocumentScreenKey = { [K in ScreenKey]: (typeof SCREENS)[K]['routes'] extends { kind: 'document' } ? K : never }[ScreenKey]

const firstSupplier = async () => ((await (await upstream()).get('/api/supplier')).json as { id: number }[])[0]!.id

/** Bought tyres (one purchase), their serial numbers. */
async function buyTyres(n: number, prefix = 'BTR') {
  const seri = Array.from({ length: n }, () => unique(prefix).replace(/\s/g, ''))
  await (
    await upstream()
  ).post('/api/pembelian-ban/add', { supplier_id: await firstSupplier(), ban: seri.map((no_seri) => ({ no_seri, harga: 1000 })) })
  return seri
}

/** A new vehicle of a seeded 6-tyre type. */
export const kendaraan = async (): Promise<Rec> => {
  const api = await upstream()
  const r = await api.post('/api/kendaraan/add', { no_kabin: unique('BTR'), jenis_kendaraan_id: 1, km: 1000 })
  const id = r.json.data.id as number
  return { id, remove: async () => void (await api.del(`/api/kendaraan/${id}`)) }
}

/** A tyre staged on 1A of a vehicle (a fitting line not yet registered), its line id. */
async function stageTyre(kendaraanId: number, posisi_ban = '1A') {
  const [no_seri] = await buyTyres(1)
  const r = await (
    await upstream()
  ).post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban, no_seri })
  return r.json.data.id as number
}

/** A new vehicle with tyres fitted on 1A and 1B (a registered fitting): its id is the vehicle's. */
export const fittedKendaraan = async (): Promise<Rec> => {
  const api = await upstream()
  const k = await kendaraan()
  for (const posisi of ['1A', '1B']) await stageTyre(k.id, posisi)
  const fitting = (await api.post(`/api/pemasangan-ban/add-pemasangan/${k.id}`)).json.data.id as number
  // Deleted: its fitting first (the tyres back in stock), then the vehicle.
  const remove = async () => {
    await api.del(`/api/pemasangan-ban/${fitting}`)
    await k.remove()
  }
  return { id: k.id, remove }
}

const lepas = async (kendaraanId: number, posisi_ban: string) =>
  (
    await (
      await upstream()
    ).post('/api/pelepasan-ban/detail-ban', { kendaraan_id: kendaraanId, posisi_ban, km_pelepasan: 2000, alasan: 'Habis', tujuan: 'stok' })
  ).json.data.id as number

const pindah = async (kendaraanId: number, posisi_asal: string, posisi_tujuan: string) =>
  (await (await upstream()).post('/api/rotasi-ban/detail-ban', { kendaraan_id: kendaraanId, posisi_asal, posisi_tujuan, km: 2000 })).json
    .data.id as number

/**
 * A document of a vehicle fitted on 1A and 1B whose one line `addLine` stages on it, registered by
 * `register`: `kendaraan` is its vehicle, `line` its line.
 */
function documentOn(api: string, register: string, addLine: (kendaraanId: number) => Promise<number>) {
  return async () => {
    const up = await upstream()
    const k = await fittedKendaraan()
    const line = await addLine(k.id)
    const id = (await up.post(`/api/${api}/${register}/${k.id}`)).json.data.id as number
    return { id, vars: { kendaraan: String(k.id), line: String(line) }, remove: async () => void (await up.del(`/api/${api}/${id}`)) }
  }
}

/** A line staged by `addLine` on a vehicle fitted on 1A and 1B: `kendaraan` is its vehicle. */
function stagedOn(api: string, addLine: (kendaraanId: number) => Promise<number>) {
  return async () => {
    const up = await upstream()
    const k = await fittedKendaraan()
    const id = await addLine(k.id)
    return { id, vars: { kendaraan: String(k.id) }, remove: async () => void (await up.del(`/api/${api}/delete-detail-ban/${id}`)) }
  }
}

/** An inspection round's form for a vehicle fitted on 1A and 1B: both measured. */
/** The company's today (Asia/Jakarta), YYYY-MM-DD: a round is dated no later, nor before its tyres' fitting (today). */
const todayIso = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

const roundForm = () => ({
  tanggal_awal: todayIso(),
  km: '3000',
  'detail[0].posisi_ban': '1A',
  'detail[0].tebal_tapak': '9,5',
  'detail[0].kondisi': 'Baik',
  'detail[0].keterangan': unique('Catatan'),
  'detail[1].posisi_ban': '1B',
  'detail[1].tebal_tapak': '9',
  'detail[1].kondisi': 'Retak',
})

export const DOCUMENT_RECORDS: Record<DocumentScreenKey, DocumentRecords> = {
  // A registered fitting of a new vehicle with one tyre on 1A; a tyre staged on 1A of another.
  pemasanganBan: {
    vehicle: kendaraan,
    document: async () => {
      const api = await upstream()
      const k = await kendaraan()
      const line = await stageTyre(k.id)
      const id = (await api.post(`/api/pemasangan-ban/add-pemasangan/${k.id}`)).json.data.id as number
      return {
        id,
        vars: { kendaraan: String(k.id), line: String(line) },
        remove: async () => void (await api.del(`/api/pemasangan-ban/${id}`)),
      }
    },
    // A serial not in stock: the upstream refuses it, never a 5xx.
    line: {
      posisi: '2A',
      valid: () => ({ no_seri: unique('BTR').replace(/\s/g, ''), km_pemasangan: '999999', target_presentase: '70000' }),
      textField: 'km_pemasangan',
    },
    staged: async () => {
      const api = await upstream()
      const k = await kendaraan()
      const id = await stageTyre(k.id)
      return {
        id,
        vars: { kendaraan: String(k.id) },
        remove: async () => void (await api.del(`/api/pemasangan-ban/delete-detail-ban/${id}`)),
      }
    },
  },
  // 1A taken off in the document (1B still fitted); a km far below the fitting km is refused.
  pelepasanBan: {
    vehicle: fittedKendaraan,
    document: documentOn('pelepasan-ban', 'add-pelepasan', (k) => lepas(k, '1A')),
    line: {
      posisi: '1B',
      valid: () => ({ km_pelepasan: '1', alasan: 'Habis', tujuan: '', tebal_tapak: '5', keterangan: unique('Catatan') }),
      textField: 'keterangan',
    },
    staged: stagedOn('pelepasan-ban', (k) => lepas(k, '1B')),
  },
  // 1A moved to 2A in the document (1B still on 1B); a km far below the fitting km is refused.
  rotasiBan: {
    vehicle: fittedKendaraan,
    document: documentOn('rotasi-ban', 'add-rotasi', (k) => pindah(k, '1A', '2A')),
    line: { posisi: '1B', valid: () => ({ posisi_tujuan: '2B', km: '1' }) },
    staged: stagedOn('rotasi-ban', (k) => pindah(k, '1B', '2B')),
  },
  // A round of a vehicle fitted on 1A and 1B, both measured at km 2.000.
  pemeriksaanBan: {
    vehicle: fittedKendaraan,
    document: async () => {
      const api = await upstream()
      const k = await fittedKendaraan()
      const r = await api.post('/api/pemeriksaan-ban', {
        kendaraan_id: k.id,
        tanggal_awal: todayIso(),
        km: 2000,
        detail: [
          { posisi_ban: '1A', tebal_tapak: 10 },
          { posisi_ban: '1B', tebal_tapak: 10 },
        ],
      })
      expect(r.status, `POST /api/pemeriksaan-ban: ${JSON.stringify(r.json)}`).toBe(201)
      const id = r.json.data.id as number
      return { id, vars: { kendaraan: String(k.id) }, remove: async () => void (await api.del(`/api/pemeriksaan-ban/${id}`)) }
    },
    whole: { valid: roundForm, textField: 'detail[0].keterangan' },
  },
}

/** The document screens with their records, in the screens' order. */
export const DOCUMENT_SCREENS = (Object.keys(DOCUMENT_RECORDS) as DocumentScreenKey[]).map((key) => {
  const screen = SCREENS[key]
  return { key, screen, segment: segmentOf(screen), routes: screen.routes, records: DOCUMENT_RECORDS[key] }
})
