import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { IMAGE_ACCEPT } from '~/lib/images'
import {
  useEffect,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

/**
 * Form fields bound to Conform: label, control, and the field's error under it (aria-invalid and
 * aria-describedby set by Conform). One piece per control type, shared by every form.
 */

const readOnlyControl = 'block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-900'
const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 disabled:bg-slate-100 read-only:bg-slate-50 aria-[invalid=true]:border-red-500'

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

/** Errors of the whole form (upstream failures: 'Error: 500 - …'). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <div id={id} role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  )
}

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-700">
      {children}
      {required ? <span className="text-red-600"> *</span> : null}
    </label>
  )
}

type Meta = FieldMetadata<unknown>

/** A value the form shows but does not send (the vehicle, its km, the position of a pemasangan line). */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input id={id} type="text" value={value} readOnly className={readOnlyControl} />
    </div>
  )
}

export function TextField({
  meta,
  label,
  type = 'text',
  required,
  inputProps,
  className = '',
}: {
  meta: Meta
  label: string
  type?: 'text' | 'number' | 'date' | 'email' | 'tel' | 'password' | 'search'
  required?: boolean
  inputProps?: InputHTMLAttributes<HTMLInputElement>
  className?: string
}) {
  const props = getInputProps(meta as FieldMetadata<string>, { type, ariaAttributes: true })
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <input {...props} {...inputProps} key={props.key} className={control} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function TextareaField({
  meta,
  label,
  rows = 3,
  required,
  textareaProps,
  className = '',
}: {
  meta: Meta
  label: string
  rows?: number
  required?: boolean
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>
  className?: string
}) {
  const props = getTextareaProps(meta as FieldMetadata<string>, { ariaAttributes: true })
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <textarea {...props} {...textareaProps} key={props.key} rows={rows} className={control} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export type Option = { value: string; label: string }

export function SelectField({
  meta,
  label,
  options,
  placeholder = '-- Pilih --',
  required,
  selectProps,
  className = '',
}: {
  meta: Meta
  label: string
  options: Option[]
  placeholder?: string
  required?: boolean
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>
  className?: string
}) {
  const props = getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: true })
  return (
    <div className={className}>
      <Label htmlFor={meta.id} required={required}>
        {label}
      </Label>
      <select {...props} {...selectProps} key={props.key} className={control}>
        <option value="">{placeholder}</option>
        {options.map((o, i) => (
          <option key={`${o.value}-${i}`} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/**
 * A file input for photos: images only (accept), with the stored image shown when there is one and,
 * with JS, a preview of the picked file (200 px high).
 */
export function ImageField({
  meta,
  label,
  currentSrc,
  className = '',
  accept = IMAGE_ACCEPT,
}: {
  meta: Meta
  label: string
  currentSrc?: string | null
  className?: string
  accept?: string
}) {
  const props = getInputProps(meta as FieldMetadata<File>, { type: 'file', ariaAttributes: true })
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )
  return (
    <div className={className}>
      <Label htmlFor={meta.id}>{label}</Label>
      {preview ? (
        <img src={preview} alt={`Pratinjau ${label}`} className="mb-2 h-[200px] rounded border border-slate-200 object-contain" />
      ) : currentSrc ? (
        <img src={currentSrc} alt={`${label} saat ini`} className="mb-2 h-[200px] rounded border border-slate-200 object-contain" />
      ) : null}
      <input
        {...props}
        key={props.key}
        accept={accept}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          setPreview(file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null)
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold hover:file:bg-slate-200"
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** Said when a restored draft had to leave out fields that did not fit in its cookie. */
export const DRAFT_CUT = 'Sebagian isian terlalu panjang untuk disimpan dan tidak dipulihkan.'

/** Shown when a dialog restored what the user typed before the session ended (and whether all of it). */
export function DraftNotice({ draft }: { draft: { fields: Record<string, string>; cut: boolean } | null }) {
  if (!draft) return null
  return (
    <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Sesi Anda sempat berakhir. Data yang Anda ketik telah dipulihkan; periksa lalu simpan kembali.
      {draft.cut ? <strong className="mt-1 block font-semibold">{DRAFT_CUT}</strong> : null}
    </p>
  )
}
