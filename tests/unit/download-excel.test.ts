import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { csvLine } from '~/lib/csv'
import { col, downloadTable, excelDate, filterLines } from '~/lib/download-table'
import { downloadFileName, downloadFormatOf, downloadResponse, listSearchOf } from '~/server/download.server'
import { csvPagesResponse } from '~/server/csv.server'
import { buffered, XLSX_TYPE, xlsxPagesResponse } from '~/server/xlsx.server'
import { inqueryPembelian, laporanPemeriksaan } from '~/server/finance-sources.server'
import type { Pembelian } from '~/upstream/pembelian-ban.server'

/** Unduh Excel: one table declaration per list gives the CSV (unchanged) and the workbook. */

type Row = { kode: string; tanggal: string | null; harga: number | null; km: number; tapak: number | null }
const TABLE = downloadTable<Row>(
  'contoh',
  [col('No', 'number'), col('Kode'), col('Tanggal', 'date'), col('Harga', 'rupiah'), col('Km', 'number'), col('Tebal Tapak', 'decimal')],
  (r, i) => [[i + 1, r.kode, r.tanggal, r.harga, r.km, r.tapak]],
)
const HEAD = { title: 'Stok Ban', filters: ['Periode: 01/01/2026 – 31/12/2026', 'Pencarian: BN'] }

async function* pagesOf<T>(pages: T[][]) {
  for (const page of pages) yield page
}

async function workbookOf(res: Response) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await res.arrayBuffer())
  return workbook.worksheets[0]!
}

const row = (i: number): Row => ({ kode: `BN${i}`, tanggal: '2026-03-15', harga: 1_500_000 + i, km: 20_000, tapak: 7.5 })

describe('the table declaration', () => {
  it('makes the CSV lines as before: dates DD/MM/YYYY, decimals with a comma, amounts as digits', () => {
    expect(TABLE.header).toEqual(['No', 'Kode', 'Tanggal', 'Harga', 'Km', 'Tebal Tapak'])
    expect(TABLE.lines(row(1), 0).map(csvLine)).toEqual(['1;BN1;15/03/2026;1500001;20000;7,5\r\n'])
    expect(TABLE.lines({ kode: '-5', tanggal: null, harga: null, km: 0, tapak: null }, 1).map(csvLine)).toEqual(["2;'-5;;;0;\r\n"])
  })

  it("keeps an inquiry's and the inspection report's CSV lines", () => {
    const p = {
      tanggal_awal: '2026-11-22',
      kode_pembelian_ban: 'PB000001',
      supplier: { nama_supp: 'PT A' },
      grand_total: 1500000,
      status: 'posting',
    }
    expect(inqueryPembelian.download.lines(p as unknown as Pembelian, 0).map(csvLine)).toEqual([
      '1;22/11/2026;PB000001;PT A;1500000;Posting\r\n',
    ])
    const l = { tanggal_awal: '2026-11-22', kode_pemeriksaan: 'PMB1', km: 1000, tebal_tapak: 7.5, tekanan: -1.25, status: 'unpost' }
    const line = laporanPemeriksaan.download.lines(l as never, 0).map(csvLine)[0]
    expect(line).toBe("1;22/11/2026;PMB1;;1000;;;;;7,5;'-1,25;;;Unpost\r\n")
  })

  it('writes only the filter lines that have a value', () => {
    expect(
      filterLines([
        ['Periode', 'Semua tanggal'],
        ['Status', ''],
        ['Pencarian', null],
      ]),
    ).toEqual(['Periode: Semua tanggal'])
  })

  it('reads the format and the file name from the URL', () => {
    const url = new URL('http://x/admin/ban/csv?status=stok&format=xlsx&q=a')
    expect(downloadFormatOf(url)).toBe('xlsx')
    expect(downloadFormatOf(new URL('http://x/admin/ban/csv'))).toBe('csv')
    expect(listSearchOf(url)).toBe('?status=stok&q=a')
    expect(downloadFileName('xlsx', 'laporan-pembelian-ban', '2026-01-01', '2026-12-31')).toBe(
      'laporan-pembelian-ban_2026-01-01_2026-12-31.xlsx',
    )
    expect(downloadFileName('csv', 'stok-ban')).toBe('stok-ban.csv')
    expect(excelDate('2026-02-30')?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(excelDate('kemarin')).toBeNull()
  })
})

describe('the Excel workbook', () => {
  it('has the title, the filter, a frozen bold header and typed cells', async () => {
    const res = xlsxPagesResponse('stok-ban.xlsx', HEAD, TABLE, pagesOf([[row(1), row(2)], [{ ...row(3), tanggal: null, harga: null }]]))
    expect(res.headers.get('Content-Type')).toBe(XLSX_TYPE)
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="stok-ban.xlsx"')
    const sheet = await workbookOf(res)
    expect(sheet.name).toBe('Stok Ban')
    expect(sheet.getCell('A1').value).toBe('Stok Ban')
    expect(sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.getCell('A2').value).toBe('Periode: 01/01/2026 – 31/12/2026')
    expect(sheet.getCell('A3').value).toBe('Pencarian: BN')
    // A blank row, then the header on row 5, frozen below it.
    expect(sheet.getRow(4).cellCount).toBe(0)
    expect(sheet.getRow(5).values).toEqual([undefined, 'No', 'Kode', 'Tanggal', 'Harga', 'Km', 'Tebal Tapak'])
    expect(sheet.getCell('D5').font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 })
    expect(sheet.getColumn(4).width).toBe(16)

    const harga = sheet.getCell('D6')
    expect(harga.value).toBe(1_500_001)
    expect(harga.type).toBe(ExcelJS.ValueType.Number)
    expect(harga.numFmt).toBe('"Rp" #,##0')
    const tanggal = sheet.getCell('C6')
    expect(tanggal.value).toBeInstanceOf(Date)
    expect((tanggal.value as Date).toISOString()).toBe('2026-03-15T00:00:00.000Z')
    expect(tanggal.numFmt).toBe('dd/mm/yyyy')
    expect(sheet.getCell('A6').value).toBe(1)
    expect(sheet.getCell('B6').value).toBe('BN1')
    expect(sheet.getCell('E6').value).toBe(20_000)
    expect(sheet.getCell('E6').numFmt).toBe('#,##0')
    expect(sheet.getCell('F6').value).toBe(7.5)
    // Numbering runs on across pages; a missing date or amount is an empty cell.
    expect(sheet.getCell('A8').value).toBe(3)
    expect(sheet.getCell('C8').value).toBeNull()
    expect(sheet.getCell('D8').value).toBeNull()
    expect(sheet.rowCount).toBe(8)
  })

  it('streams thousands of rows from pages, every one in order (numbered across pages)', async () => {
    const pages = Array.from({ length: 3 }, (_, p) => Array.from({ length: 500 }, (_, i) => row(p * 500 + i)))
    const sheet = await workbookOf(xlsxPagesResponse('x.xlsx', { title: 'X', filters: [] }, TABLE, pagesOf(pages)))
    // Title, blank row, header on row 3, then 1,500 rows.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 })
    expect(sheet.rowCount).toBe(1503)
    expect(sheet.getCell('B1503').value).toBe('BN1499')
    expect(sheet.getCell('A1503').value).toBe(1500)
  })

  it('ends the download with an error when a page fails midway', async () => {
    async function* failing() {
      yield [row(1)]
      throw new Error('upstream down')
    }
    const res = xlsxPagesResponse('x.xlsx', HEAD, TABLE, failing())
    await expect(res.arrayBuffer()).rejects.toThrow()
  })

  it('one call answers both formats from the same table', async () => {
    const rows = [row(1)]
    const csv = downloadResponse('csv', 'x.csv', HEAD, TABLE, rows)
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer())).toBe(
      '\uFEFFNo;Kode;Tanggal;Harga;Km;Tebal Tapak\r\n1;BN1;15/03/2026;1500001;20000;7,5\r\n',
    )
    const sheet = await workbookOf(downloadResponse('xlsx', 'x.xlsx', HEAD, TABLE, rows))
    expect(sheet.getCell('D6').value).toBe(1_500_001)
  })

  it("counts what waits in the zip's streams, also in streams without writableLength (readable-stream 2, archiver's)", () => {
    const node = new Writable({ highWaterMark: 4, write: () => undefined }) // takes nothing: what is written waits
    node.write(Buffer.alloc(10))
    node.write(Buffer.alloc(6))
    expect(buffered(node)).toBe(16)
    // readable-stream 2 keeps its buffered bytes only in its states.
    expect(buffered({ _writableState: { length: 3_932_160 }, _readableState: { length: 65_536 } })).toBe(3_997_696)
    expect(buffered({})).toBe(0)
  })

  it('a client that goes away ends the reading of pages, for both formats', async () => {
    let read = 0
    async function* endless() {
      for (;;) {
        read++
        yield [row(read)]
        await new Promise((resolve) => setTimeout(resolve, 1))
      }
    }
    const gone = new AbortController()
    const xlsx = xlsxPagesResponse('x.xlsx', HEAD, TABLE, endless(), { gone: gone.signal })
    await new Promise((resolve) => setTimeout(resolve, 50))
    gone.abort()
    await expect(xlsx.arrayBuffer()).rejects.toThrow()
    // A page asked before the client went away may still arrive; none after it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const afterXlsx = read
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(read).toBe(afterXlsx)

    read = 0
    const left = new AbortController()
    const csv = csvPagesResponse('x.csv', TABLE.header, endless(), TABLE.lines, { gone: left.signal })
    const reader = csv.body!.getReader()
    await reader.read()
    await reader.read()
    left.abort()
    for (let part = await reader.read(); !part.done; part = await reader.read());
    await new Promise((resolve) => setTimeout(resolve, 50))
    const afterCsv = read
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(read).toBe(afterCsv)
    expect(afterCsv).toBeLessThan(5)
  })
})
