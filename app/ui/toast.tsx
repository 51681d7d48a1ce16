import { CheckCircleIcon, XIcon } from './icons'

export type ToastData = {
  id: string
  kind: 'success' | 'deleted' | 'error'
  title?: string
  message: string
  ms: number
}

/**
 * The flash message after a POST/redirect/GET: a green banner for saves (3 s; 2 s on the
 * user screen), a small 'Dihapus!' dialog for deletes (1 s), a red 'Error!' box that stays until
 * closed. Disappearing is a CSS animation, so it works without JS.
 */
export function Toast({ toast }: { toast: ToastData | null }) {
  if (!toast) return null
  const timed = toast.ms > 0
  const style = timed ? ({ '--toast-ms': `${toast.ms}ms` } as React.CSSProperties) : undefined
  if (toast.kind === 'success') {
    return (
      <div
        key={toast.id}
        role="status"
        className={`mb-4 flex items-start gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-800 ${timed ? 'toast-timed' : ''}`}
        style={style}
      >
        <CheckCircleIcon className="mt-0.5 size-5 text-emerald-600" />
        <p>
          {toast.title ? <strong className="mr-1">{toast.title}</strong> : null}
          {toast.message}
        </p>
      </div>
    )
  }
  if (toast.kind === 'deleted') {
    return (
      <div
        key={toast.id}
        role="status"
        className="toast-timed fixed inset-x-0 top-24 z-50 mx-auto w-80 rounded-xl bg-white p-5 text-center shadow-2xl ring-1 ring-slate-200"
        style={style}
      >
        <CheckCircleIcon className="mx-auto size-10 text-emerald-500" />
        <p className="mt-2 text-lg font-semibold text-slate-900">{toast.title ?? 'Dihapus!'}</p>
        <p className="text-slate-600">{toast.message}</p>
      </div>
    )
  }
  return (
    <div key={toast.id} role="alert">
      <input type="checkbox" id={`close-${toast.id}`} className="peer sr-only" aria-label="Tutup pesan" />
      <div className="mb-4 flex items-start justify-between gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800 peer-checked:hidden">
        <p>
          <strong className="mr-1">{toast.title ?? 'Error!'}</strong>
          {toast.message}
        </p>
        <label htmlFor={`close-${toast.id}`} className="cursor-pointer rounded p-1 hover:bg-red-100" title="Tutup">
          <XIcon />
        </label>
      </div>
    </div>
  )
}
