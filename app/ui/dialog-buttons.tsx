import { Link } from '@remix-run/react'
import { SubmitButton } from './button'

/** The foot of an add/edit dialog: Batal (back to the list) and Simpan / Update. */
export function DialogButtons({ closeTo, editing }: { closeTo: string; editing: boolean }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Link to={closeTo} preventScrollReset className="rounded-md px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
        Batal
      </Link>
      <SubmitButton pendingText="Menyimpan...">{editing ? 'Update' : 'Simpan'}</SubmitButton>
    </div>
  )
}
