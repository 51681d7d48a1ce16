import type * as ExcelJS from 'exceljs'
import { loadExcelJS } from './lazy-modules.server'
import { columnLetter, FIXED_LISTS, KONDISI_BAN, MAX_IMPOR_ROWS, type ImporList, type ImporSpec } from '~/lib/impor'
import { tyrePositions } from '~/lib/pemasangan'
import type { Upstream } from '~/upstream/client.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { listKendaraan } from '~/upstream/kendaraan.server'
import { simpleMasterApi } from '~/upstream/simple-master.server'

/**
 * The template of an import (.xlsx): sheet 'Data' with the header row, a sample row and a drop-down
 * on each column that names a master (Excel data validation lists fed from the hidden sheet
 * 'Pilihan'), and sheet 'Petunjuk' with a line per column. The lists are the masters as they are now.
 */

/** Every position any vehicle type has (the 22-tyre layout holds them all). */
const ALL_POSITIONS = tyrePositions(22).rows.flatMap((r) => r.positions)

const names = (values: (string | null | undefined)[]) =>
  [...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v !== ''))].sort((a, b) => a.localeCompare(b, 'id'))

/** The template's choice lists, read from the upstream (only those the master's columns name). */
export async function imporLists(up: Upstream, spec: ImporSpec): Promise<Partial<Record<ImporList, string[]>>> {
  const wanted = new Set(spec.columns.flatMap((c) => (c.list ? [c.list] : [])))
  const read: Record<ImporList, () => Promise<string[]>> = {
    ukuran: async () => names((await simpleMasterApi('ukuran').list(up)).map((u) => u.nama)),
    merek: async () => names((await simpleMasterApi('merek').list(up)).map((m) => m.nama_merek)),
    typeban: async () => names((await simpleMasterApi('typban').list(up)).map((t) => t.nama_type)),
    kendaraan: async () => names((await listKendaraan(up)).map((k) => k.no_kabin)),
    kondisi: async () => [...KONDISI_BAN],
    posisi: async () => ALL_POSITIONS,
    jenis_kendaraan: async () => names((await listJenisKendaraan(up)).map((j) => j.nama_jenis_kendaraan)),
    golongan: async () => names((await simpleMasterApi('golongan').list(up)).map((g) => g.nama_golongan)),
    departemen: async () => names((await listDepartemen(up)).map((d) => d.nama)),
    warna: async () => [...FIXED_LISTS.warna],
    gender: async () => [...FIXED_LISTS.gender],
    nama_bank: async () => [...FIXED_LISTS.nama_bank],
    satuan: async () => [...FIXED_LISTS.satuan],
  }
  const entries = await Promise.all([...wanted].map(async (list) => [list, await read[list]()] as const))
  return Object.fromEntries(entries)
}

/**
 * A worksheet's validations over a whole range (one <dataValidation sqref="B2:B10001">): exceljs
 * has them at runtime but its typings declare only the per-cell `cell.dataValidation`, which would
 * write 10,000 entries per column.
 */
const rangeValidations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add: (address: string, v: ExcelJS.DataValidation) => void } }).dataValidations

/** The template's bytes. */
export async function imporTemplate(spec: ImporSpec, lists: Partial<Record<ImporList, string[]>>): Promise<Buffer> {
  const Excel = await loadExcelJS()
  const wb = new Excel.Workbook()
  wb.creator = 'Armada'
  const data = wb.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] })
  const help = wb.addWorksheet('Petunjuk')
  const pilihan = wb.addWorksheet('Pilihan', { state: 'hidden' })

  data.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width }))
  const head = data.getRow(1)
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } }
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E40AF' } }

  // Each list in a column of the hidden sheet; the data column's drop-down points at it.
  const listRange: Partial<Record<ImporList, string>> = {}
  let listColumn = 0
  for (const [list, values] of Object.entries(lists) as [ImporList, string[]][]) {
    const letter = columnLetter(listColumn++)
    pilihan.getCell(`${letter}1`).value = list
    values.forEach((v, i) => (pilihan.getCell(`${letter}${i + 2}`).value = v))
    if (values.length > 0) listRange[list] = `Pilihan!$${letter}$2:$${letter}$${values.length + 1}`
  }
  const sample: Record<string, string | number> = {}
  for (const [i, c] of spec.columns.entries()) {
    // A date column shows its dates as dd/mm/yyyy (the reader takes Excel dates and that text).
    if (c.date) data.getColumn(i + 1).numFmt = 'dd/mm/yyyy'
    const range = c.list ? listRange[c.list] : undefined
    sample[c.key] = c.sample !== '' ? c.sample : c.list && c.list !== 'kendaraan' && c.list !== 'posisi' ? (lists[c.list]?.[0] ?? '') : ''
    if (!range) continue
    const letter = columnLetter(i)
    rangeValidations(data).add(`${letter}2:${letter}${MAX_IMPOR_ROWS + 1}`, {
      type: 'list',
      allowBlank: !c.required,
      formulae: [range],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: c.header,
      error: `Pilih ${c.header} dari daftar.`,
    })
  }
  data.addRow(sample)

  help.columns = [
    { header: 'Kolom', key: 'kolom', width: 20 },
    { header: 'Wajib', key: 'wajib', width: 8 },
    { header: 'Keterangan', key: 'keterangan', width: 90 },
  ]
  help.getRow(1).font = { bold: true }
  for (const c of spec.columns) help.addRow({ kolom: c.header, wajib: c.required ? 'Ya' : '', keterangan: c.note })
  help.addRow({})
  help.addRow({ kolom: 'Catatan', keterangan: spec.explain })
  help.addRow({
    keterangan: `Isi sheet Data mulai baris 2 (contoh di baris 2 boleh diganti; sel berumus dibaca nilainya), paling banyak ${MAX_IMPOR_ROWS.toLocaleString('id-ID')} baris. Baris judul jangan diubah.`,
  })
  return Buffer.from(await wb.xlsx.writeBuffer())
}
