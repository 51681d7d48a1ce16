import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldError, type Option } from './fields'
import { PlusIcon, TrashIcon } from './icons'

/**
 * The lines of a document's form (a purchase's tyres or parts, a work order's parts and labour): a
 * heading with its 'Tambah …' button, then a table of numbered lines, each with its fields, their
 * messages under them and a remove button. The columns are declared once (header, the cell of a line,
 * the width or alignment of the column).
 *
 * The buttons are Conform's list intents (insert, remove): with JavaScript they change the list in
 * place; without it they submit the form, and the action (parseWithZod answering the intent) renders
 * the dialog again with one line more or less, everything typed kept.
 *
 * Below Tailwind's `md` (phones) each line is a card, by CSS alone (`.line-table` in app/tailwind.css):
 * the number and the remove button on its first row, every field under it, full width, with its
 * column's header over it (the cell's `data-label`, generated content that screen readers skip: they
 * read the field's own label). One DOM for both layouts.
 */

/** A column of the lines: its header, the cell of a line (its fields, `n` the line's number from 1), its width or alignment. */
export type LineColumn<F> = {
  header: string
  cell: (line: F, n: number) => ReactNode
  /** Classes of the column's header and cells (a width, `text-right`). */
  className?: string
}

/** The list field of a form, as the table uses it (Conform's FieldMetadata of an array of objects). */
type LineList<F> = {
  name: string
  errorId: string
  errors?: string[]
  getFieldList: () => Array<{ key: string | undefined; getFieldset: () => F }>
}

export function LineTable<F>({
  form,
  field,
  columns,
  title,
  addLabel,
  emptyLine,
  removeLabel,
  notice,
  empty = 'Belum ada baris.',
}: {
  form: Pick<FormMetadata, 'insert' | 'remove'>
  field: LineList<F>
  columns: LineColumn<F>[]
  /** The heading over the lines ('Daftar Ban'). */
  title: string
  /** The text of the add button ('Tambah Ban'). */
  addLabel: string
  /** The values of a new line. */
  emptyLine: Record<string, string>
  /** The accessible name of line n's remove button ('Hapus ban 2'). */
  removeLabel: (n: number) => string
  /** Lines between the heading and the table (why a picker's choices could not be loaded). */
  notice?: ReactNode
  /** What the table says with no line. */
  empty?: string
}) {
  const lines = field.getFieldList()
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-800">{title}</h3>
        <button
          {...form.insert.getButtonProps<Record<string, string>[]>({ name: field.name, defaultValue: emptyLine })}
          className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          <PlusIcon className="size-4" /> {addLabel}
        </button>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
      {notice}
      <div className="line-table-wrap overflow-x-auto">
        <table className="line-table min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="px-1 py-1 font-medium">No</th>
              {columns.map((c) => (
                <th key={c.header} className={`px-1 py-1 font-medium ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
              <th className="px-1 py-1 font-medium">
                <span className="sr-only">Hapus</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="px-1 py-3 text-center text-slate-500">
                  {empty}
                </td>
              </tr>
            ) : (
              lines.map((line, i) => {
                const f = line.getFieldset()
                const n = i + 1
                return (
                  <tr key={line.key} className="align-top">
                    <td data-line-no="" data-label="No" className="px-1 py-1.5 text-slate-600">
                      {n}
                    </td>
                    {columns.map((c) => (
                      <td key={c.header} data-label={c.header} className={`px-1 py-1 ${c.className ?? ''}`}>
                        {c.cell(f, n)}
                      </td>
                    ))}
                    <td data-line-remove="" className="px-1 py-1">
                      <button
                        {...form.remove.getButtonProps({ name: field.name, index: i })}
                        aria-label={removeLabel(n)}
                        className="inline-flex size-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                      >
                        <TrashIcon className="size-4" />
                      </button>
                    </td>
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/** The look of a line's field. */
export const lineControl =
  'block w-full min-w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

/**
 * A text field of a line, named by `label` (its column's header is not its label), its messages under it.
 * `format` rewrites what is typed (a price shown with thousands separators).
 */
export function LineInput({
  meta,
  label,
  className = '',
  format,
  inputProps,
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  className?: string
  format?: (typed: string) => string
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}) {
  return (
    <>
      <input
        {...getInputProps(meta, { type: 'text', ariaAttributes: true })}
        key={meta.key}
        aria-label={label}
        {...inputProps}
        onInput={
          format
            ? (e) => {
                const el = e.currentTarget
                el.value = format(el.value)
              }
            : undefined
        }
        className={`${lineControl} ${className}`}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </>
  )
}

/** A choice of a line among a few options (a tyre's size, a part of a small store), its messages under it. */
export function LineSelect({
  meta,
  label,
  options,
  placeholder = '-- Pilih --',
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  options: Option[]
  placeholder?: string
}) {
  const props = getSelectProps(meta, { ariaAttributes: true })
  return (
    <>
      <select {...props} key={props.key} aria-label={label} className={lineControl}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </>
  )
}
