import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { QrData } from '~/server/qr.server'
import { buttonClass } from './button'
import { DetailList } from './detail-list'
import { RouteDialog } from './dialog'
import { QrCode } from './qr-code'

/**
 * A read-only detail dialog: the QR code (150 px, with `aside` under it), the fields
 * ('Tidak ada' when missing), then `children` (photos) and, when the screen has one, a Tutup button.
 */
export function DetailDialog({
  title,
  closeTo,
  qr,
  qrLabel,
  items,
  aside,
  children,
  closeButton = false,
}: {
  title: string
  closeTo: string
  qr: QrData | null
  qrLabel: string
  items: [label: string, value: string | number | null | undefined][]
  aside?: ReactNode
  children?: ReactNode
  closeButton?: boolean
}) {
  return (
    <RouteDialog title={title} closeTo={closeTo} size="lg">
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="flex shrink-0 flex-col items-center gap-3">
          <QrCode qr={qr} size={150} label={qrLabel} />
          {aside}
        </div>
        <DetailList items={items} />
      </div>
      {children}
      {closeButton ? (
        <div className="mt-5 flex justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
            Tutup
          </Link>
        </div>
      ) : null}
    </RouteDialog>
  )
}
