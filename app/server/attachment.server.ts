/**
 * The headers of every file the app sends as a download (a list's CSV or Excel workbook, an import
 * template): its type; `attachment` with its name (a quote, backslash or line break in a name is
 * left out, so the name cannot end the header's value); kept by no cache, as a download may hold
 * what only this user may see; and `nosniff`, so no browser takes the file for another type than the
 * one it says (a CSV or a workbook is never read as a page or a script).
 */
export function attachmentHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
}
