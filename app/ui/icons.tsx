/** Small inline icons (decorative: aria-hidden; the control around them carries the name). */
type IconProps = { className?: string }
const base = (className?: string) => `inline-block shrink-0 ${className ?? 'size-4'}`

export const PencilIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8l-9.9 9.9-4 1.1 1.1-4 9-9.8zM12.4 5 5 12.4l-.5 1.9 1.9-.5L13.8 6.4 12.4 5z" />
  </svg>
)
export const TrashIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M8 2h4a1 1 0 0 1 1 1v1h4v2H3V4h4V3a1 1 0 0 1 1-1zm-3 5h10l-.8 10.1a1 1 0 0 1-1 .9H6.8a1 1 0 0 1-1-.9L5 7zm3 2v7h1.5V9H8zm2.5 0v7H12V9h-1.5z" />
  </svg>
)
export const EyeIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M10 4c4.5 0 8 4.5 8 6s-3.5 6-8 6-8-4.5-8-6 3.5-6 8-6zm0 2.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zm0 2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" />
  </svg>
)
export const EyeOffIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M3.3 2.3 17.7 16.7l-1 1-2.6-2.6A8.8 8.8 0 0 1 10 16c-4.5 0-8-4.5-8-6 0-.9 1.3-2.9 3.4-4.4L2.3 3.3l1-1zM10 4c4.5 0 8 4.5 8 6 0 .7-.8 2.1-2.2 3.5l-2.4-2.4A3.5 3.5 0 0 0 8.9 6.6L7 4.7A8.6 8.6 0 0 1 10 4z" />
  </svg>
)
export const PlusIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M9 3h2v6h6v2h-6v6H9v-6H3V9h6V3z" />
  </svg>
)
export const SearchIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4 4-1.4 1.4-4-4A6.5 6.5 0 1 1 8.5 2zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z" />
  </svg>
)
export const XIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="m5.4 4 4.6 4.6L14.6 4 16 5.4 11.4 10l4.6 4.6-1.4 1.4-4.6-4.6L5.4 16 4 14.6 8.6 10 4 5.4 5.4 4z" />
  </svg>
)
export const CheckCircleIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm3.3 5.3-4.3 4.3-2.3-2.3-1.4 1.4 3.7 3.7 5.7-5.7-1.4-1.4z" />
  </svg>
)
export const ChevronIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="m7.3 4.3 5.7 5.7-5.7 5.7-1.4-1.4 4.3-4.3-4.3-4.3 1.4-1.4z" />
  </svg>
)
export const MenuIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={base(className)}>
    <path d="M3 5h14v2H3V5zm0 4h14v2H3V9zm0 4h14v2H3v-2z" />
  </svg>
)
export const SpinnerIcon = ({ className }: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={`${base(className)} animate-spin`}>
    <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
    <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
  </svg>
)
