import { Link } from '@remix-run/react'
import { SubmitButton } from './button'

/**
 * The foot of a dialog's form: Batal (back to the list or the screen, keeping the scroll) and the
 * submit button — Simpan, or Update when `editing`, or `label` (Lanjutkan).
 */
export function DialogButtons({ closeTo, editing = false, label }: { closeTo: string; editing?: boolean; label?: string }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Link
        to={closeTo}
        preventScrollReset
        className="rounded-md px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
      >
        Batal
      </Link>
      <SubmitButton pendingText={label ? undefined : 'Menyimpan...'}>{label ?? (editing ? 'Update' : 'Simpan')}</SubmitButton>
    </div>
  )
}
