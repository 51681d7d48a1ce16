import { LRUCache } from 'lru-cache'
import QRCode from 'qrcode'

/** A QR code as one SVG path over a size×size grid (drawn by <QrCode>), cached by its text. */
export type QrData = { size: number; path: string }

/** Drawn codes by their text, bounded by the length of their paths (about 2,000 codes of a document number). */
const cache = new LRUCache<string, QrData>({ maxSize: 4 * 1024 * 1024, sizeCalculation: (qr, text) => qr.path.length + text.length })

export function qrFor(text: string | null | undefined): QrData | null {
  if (!text) return null
  const hit = cache.get(text)
  if (hit) return hit
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const margin = 2
  let path = ''
  for (let y = 0; y < n; y++) {
    let x = 0
    while (x < n) {
      if (!qr.modules.get(x, y)) {
        x++
        continue
      }
      const start = x
      while (x < n && qr.modules.get(x, y)) x++
      path += `M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`
    }
  }
  const data = { size: n + margin * 2, path }
  cache.set(text, data)
  return data
}
