/**
 * Multipart bodies for the upstream's writes (every non-null form field, files included; purchases
 * with `ban[i][no_seri]` …). Pure: usable from tests and screens.
 */

export type FormScalar = string | number | boolean | Blob | null | undefined
export type FormValue = FormScalar | readonly FormValue[] | { readonly [key: string]: FormValue }
export type FormFields = { readonly [key: string]: FormValue }

export type ToFormDataOptions = {
  /**
   * Send "" as an empty field instead of skipping it. Updates use it so that a field the user
   * cleared is cleared upstream (empty means "no value" there), not left as it was.
   */
  keepEmpty?: boolean
}

/**
 * Builds a FormData from a plain object:
 * - null and undefined are skipped; "" is skipped unless `keepEmpty`;
 * - numbers become their decimal text, booleans "1" / "0";
 * - a File/Blob is appended as a file (with its name); an EMPTY one (size 0 — what a file input with
 *   no choice submits) is skipped, so an update keeps the stored file;
 * - arrays become `key[i]` and objects `key[field]`, nested as deep as needed: `ban[0][no_seri]`.
 */
export function toFormData(fields: FormFields, options: ToFormDataOptions = {}): FormData {
  const form = new FormData()
  const put = (key: string, value: FormValue): void => {
    if (value === null || value === undefined) return
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      if (value.size === 0) return
      const name = (value as File).name
      if (name) form.append(key, value, name)
      else form.append(key, value)
      return
    }
    if (Array.isArray(value)) {
      value.forEach((item: FormValue, i: number) => put(`${key}[${i}]`, item))
      return
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as { [key: string]: FormValue })) put(`${key}[${k}]`, v)
      return
    }
    if (typeof value === 'boolean') return form.append(key, value ? '1' : '0')
    if (typeof value === 'number') {
      if (Number.isFinite(value)) form.append(key, String(value))
      return
    }
    if (value === '' && !options.keepEmpty) return
    form.append(key, value)
  }
  for (const [key, value] of Object.entries(fields)) put(key, value)
  return form
}

/** A body given either as a ready FormData (e.g. the browser's, passed through) or as plain fields. */
export const asFormData = (body: FormData | FormFields, options?: ToFormDataOptions): FormData =>
  body instanceof FormData ? body : toFormData(body, options)
