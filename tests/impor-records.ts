/**
 * The records and files of the import tests, for the end-to-end tests (tests/e2e/impor.test.ts) and the
 * request-level tests (tests/app/impor.test.ts) alike: a size, a brand and a 6-tyre vehicle of the
 * test's own, and a template's Data sheet filled with rows. Each runner passes its own api client; a
 * refused call throws with the api's answer.
 */
import ExcelJS from 'exceljs'
import type { Upstream } from './ban-records'

/** One row of the Stok Ban template: No Seri, Ukuran, Merek, Tipe, Kondisi, Harga, Tebal Tapak, Kendaraan, Posisi, Km. */
export type Line = [string, string, string, string, string, number | string, number | string, string, string, number | string]

/** The header row of the Stok Ban template. */
export const BAN_HEADER = ['No Seri', 'Ukuran', 'Merek', 'Tipe', 'Kondisi', 'Harga', 'Tebal Tapak (mm)', 'Kendaraan', 'Posisi', 'Km']

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number) {
  if (r.status !== expected) throw new Error(`the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

/** The template (a workbook's bytes) with `lines` from row 2 of its Data sheet (a sample row replaced). */
export async function filled(template: Buffer, lines: Line[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer)
  const sheet = wb.getWorksheet('Data')!
  lines.forEach((line, i) => line.forEach((v, c) => (sheet.getCell(i + 2, c + 1).value = v === '' ? null : v)))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export function imporRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A size, a brand and a 6-tyre vehicle of the test's own. */
  async function masters() {
    const api = await upstream()
    const ukuran = unique('UK Impor')
    const merek = unique('MB Impor')
    status(await api.post('/api/ukuran/add', { nama: ukuran }), 201)
    status(await api.post('/api/merek/add', { nama_merek: merek }), 201)
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis Impor'), total_ban: 6 })
    status(jenis, 201)
    const kabin = serial('IMK')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: kabin,
      no_pol: 'B 7 IMP',
      jenis_kendaraan_id: jenis.json.data.id,
      km: 80_000,
    })
    status(k, 201)
    return { ukuran, merek, kabin, kendaraanId: k.json.data.id as number }
  }

  return { serial, masters }
}
