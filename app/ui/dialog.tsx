import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { XIcon } from './icons'

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const

/**
 * A dialog that is a route (…/tambah, …/:id/edit, …/:id, …/:id/hapus): rendered open on the server,
 * so it works without JS, and closed by a link back to its list (with the list's parameters). With
 * JS it becomes modal (showModal: focus trapped, Escape closes by navigating back).
 */
export function RouteDialog({
  title,
  closeTo,
  size = 'md',
  children,
  role = 'dialog',
}: {
  title: string
  closeTo: string
  size?: keyof typeof sizes
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (!dialog.matches(':modal')) {
      // A field the user was already typing in (a slow network) keeps the focus that showModal moves.
      const typing = dialog.contains(document.activeElement) ? document.activeElement : null
      dialog.close()
      dialog.showModal()
      if (typing instanceof HTMLElement) typing.focus({ preventScroll: true })
    }
    const onCancel = (e: Event) => {
      e.preventDefault()
      navigate(closeTo, { preventScrollReset: true })
    }
    dialog.addEventListener('cancel', onCancel)
    return () => dialog.removeEventListener('cancel', onCancel)
  }, [closeTo, navigate])

  return (
    <>
      <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        role={role}
        aria-labelledby={titleId}
        className={`fixed inset-0 z-50 m-auto max-h-[90vh] w-[calc(100%-2rem)] ${sizes[size]} overflow-y-auto rounded-xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/50`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label="Tutup"
            className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
          >
            <XIcon />
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </>
  )
}
