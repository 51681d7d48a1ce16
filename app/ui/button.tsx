import { Link, useNavigation, type LinkProps } from '@remix-run/react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { SpinnerIcon } from './icons'

const variants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700',
  secondary: 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-slate-500',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700',
} as const
export type Variant = keyof typeof variants

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`

/**
 * A submit button that shows a spinner and refuses a second submit while its form is being sent
 * (with JS; without JS the browser's own page load shows progress).
 */
export function SubmitButton({
  children,
  variant = 'primary',
  className = '',
  pendingText,
  name,
  value,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; pendingText?: string }) {
  const navigation = useNavigation()
  const submittingThis =
    navigation.state === 'submitting' &&
    (name === undefined || navigation.formData?.get(name) === (value === undefined ? null : String(value)))
  const busy = navigation.state === 'submitting'
  return (
    <button
      type="submit"
      name={name}
      value={value}
      {...rest}
      disabled={busy || rest.disabled}
      aria-busy={submittingThis || undefined}
      className={buttonClass(variant, className)}
    >
      {submittingThis ? <SpinnerIcon /> : null}
      {submittingThis && pendingText ? pendingText : children}
    </button>
  )
}

export function LinkButton({
  variant = 'primary',
  className = '',
  children,
  ...props
}: LinkProps & { variant?: Variant; children: ReactNode }) {
  return (
    <Link {...props} className={buttonClass(variant, className)}>
      {children}
    </Link>
  )
}

const iconTones = {
  blue: 'text-blue-700 hover:bg-blue-50',
  red: 'text-red-600 hover:bg-red-50',
  slate: 'text-slate-600 hover:bg-slate-100',
} as const

/** An icon-only link with an accessible name (Edit, Hapus, Detail). */
export function IconLink({
  label,
  tone = 'slate',
  children,
  ...props
}: LinkProps & { label: string; tone?: keyof typeof iconTones; children: ReactNode }) {
  return (
    <Link
      {...props}
      aria-label={label}
      title={label}
      className={`inline-flex size-8 items-center justify-center rounded-md ${iconTones[tone]}`}
    >
      {children}
    </Link>
  )
}

/** 'Batal' of a dialog or confirmation: a link back (to the list, the screen) that keeps the scroll. */
export function CancelLink({ to, label = 'Batal' }: { to: string; label?: string }) {
  return (
    <LinkButton to={to} preventScrollReset variant="secondary" className="shadow-none">
      {label}
    </LinkButton>
  )
}
