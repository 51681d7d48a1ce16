/**
 * Libraries loaded on first use, not when the app starts: exceljs (the Excel downloads, the import's
 * template and upload) and unzipper (the import's zip checks). Together they hold about 11 MB of heap
 * and 40 MB of RSS that a process serving screens never needs; the first download or import pays
 * their load once (about 0.1 s).
 */
export const loadExcelJS = async () => (await import('exceljs')).default
export const loadUnzipper = async () => (await import('unzipper')).default
