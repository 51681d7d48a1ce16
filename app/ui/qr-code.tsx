import type { QrData } from '~/server/qr.server'

/** A QR code drawn from server-made data (app/server/qr.server.ts): 50 px in lists, 150 px in details. */
export function QrCode({ qr, size = 50, label }: { qr: QrData | null; size?: number; label: string }) {
  if (!qr) return <span className="text-xs text-slate-400">Tidak ada</span>
  return (
    <svg
      role="img"
      aria-label={`QR code ${label}`}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  )
}
