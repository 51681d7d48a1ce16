/**
 * Libraries loaded on first use, not when the app starts: exceljs (the Excel downloads and the
 * import's template), SheetJS (reading an uploaded spreadsheet: .xlsx, .xls, .ods, .csv) and
 * unzipper (the import's zip checks). Together they hold several MB of heap that a process serving
 * screens never needs; the first download or import pays their load once (about 0.1 s each).
 */
export const loadExcelJS = async () => (await import('exceljs')).default
export const loadSheetJS = async () => await import('@e965/xlsx')
export const loadUnzipper = async () => (await import('unzipper')).default
