import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { redirectWithToast } from '~/session.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { randomUUID } from 'node:crypto'
import { readForm } from './form.server'
import { isThrownPage } from './route-errors.server'
import { imageContentErrors } from '~/lib/images'

/**
 * The list a dialog route belongs to, with the list's parameters: /admin/departemen/3/edit?q=a →
 * /admin/departemen?q=a. Dialog routes end in /tambah, /:id, /:id/edit or /:id/hapus.
 */
export function listUrlOf(request: Request): string {
  const url = new URL(request.url)
  const path = url.pathname.replace(/\/(tambah|\d+(\/(edit|hapus))?)\/?$/, '')
  return path + url.search
}

/**
 * The action of an add/edit dialog: parse with the form's zod schema (400 +
 * submission.reply() with the user's values on error), save through the upstream (a 422 shows its
 * field errors beside the fields, any other failure the spec's 'Error: {status} - {text}' above the
 * form), and on success redirect back to the list with a flash banner.
 */
export async function saveDialogForm<S extends z.ZodType>(
  request: Request,
  opts: {
    schema: S
    save: (value: z.infer<S>, formData: FormData) => Promise<unknown>
    successMessage: string
    /** Banner time (ms): 3000, or 2000 on the user screen. */
    ms?: number
    redirectTo?: string
    /** Photo fields (name → label) whose content must be an image (app/lib/images.ts). */
    images?: Record<string, string>
    /** Shown when the upstream answers 404 (the record was deleted meanwhile), e.g. 'Departemen tidak ditemukan.'. */
    notFoundMessage?: string
    /**
     * Server-side changes to the submitted form before it is parsed (fields the server fills, such
     * as a supplier's address or a vehicle's numbers, so the page after a POST shows them too).
     */
    prepare?: (formData: FormData) => FormData | Promise<FormData>
    /** Where the upstream's 422 goes (default: its field errors beside the fields and its message above). */
    validationErrors?: (error: UpstreamValidation) => { fieldErrors?: Record<string, string[]>; formErrors?: string[] }
  },
) {
  const read = await readForm(request)
  if (!read.ok) {
    const empty = parseWithZod(new FormData(), { schema: opts.schema })
    return data({ result: empty.reply({ formErrors: [read.message] }) }, { status: read.status })
  }
  const formData = opts.prepare ? await opts.prepare(read.formData) : read.formData
  const submission = parseWithZod(formData, { schema: opts.schema })
  // A list intent of Conform (add or remove a line) without JavaScript: the same dialog again, 200.
  if (submission.status === undefined) return data({ result: submission.reply() }, { status: 200 })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  const imageErrors = opts.images ? await imageContentErrors(formData, opts.images) : {}
  if (Object.keys(imageErrors).length > 0) {
    return data({ result: submission.reply({ fieldErrors: imageErrors }) }, { status: 400 })
  }
  try {
    await opts.save(submission.value as z.infer<S>, formData)
  } catch (error) {
    if (isThrownPage(error)) throw error
    if (error instanceof FormRefusal) return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status })
    if (error instanceof UpstreamValidation) {
      const reply = opts.validationErrors?.(error) ?? { fieldErrors: error.fieldErrors, formErrors: [error.serverMessage] }
      return data({ result: submission.reply(reply) }, { status: 422 })
    }
    if (error instanceof UpstreamHttpError && error.status === 404) {
      // Deleted meanwhile: say so, keep what was typed; the dialog's Batal leads back to the list.
      const message = opts.notFoundMessage ?? 'Data tidak ditemukan.'
      return data({ result: submission.reply({ formErrors: [message] }) }, { status: 404 })
    }
    // A refusal (4xx) keeps its status; only an upstream that failed (5xx, unreachable) is a 502.
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    return data({ result: submission.reply({ formErrors: [userMessage(error)] }) }, { status })
  }
  return redirectWithToast(request, opts.redirectTo ?? listUrlOf(request), {
    kind: 'success',
    message: opts.successMessage,
    ms: opts.ms ?? 3000,
    id: randomUUID(),
  })
}

/** A save refused by the app itself (a position taken meanwhile): the dialog again with `message`, every value kept. */
export class FormRefusal extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The action of a delete confirmation: delete, then back to the list with 'Dihapus!' (1 s) or
 * 'Error!' / 'Terjadi kesalahan saat menghapus data.' (with the server's reason under it).
 */
export async function deleteAndReturn(request: Request, opts: { remove: () => Promise<unknown>; title?: string; message: string }) {
  const to = listUrlOf(request)
  try {
    await opts.remove()
  } catch (error) {
    if (isThrownPage(error)) throw error
    return redirectWithToast(request, to, {
      kind: 'error',
      title: 'Error!',
      // The upstream's own reason when it gives one (a record still in use: 409 naming what uses it).
      message: `Terjadi kesalahan saat menghapus data. ${(error instanceof UpstreamHttpError && error.serverMessage) || userMessage(error)}`,
      ms: 0,
      id: randomUUID(),
    })
  }
  return redirectWithToast(request, to, {
    kind: 'deleted',
    title: opts.title ?? 'Dihapus!',
    message: opts.message,
    ms: 1000,
    id: randomUUID(),
  })
}

/** A route id parameter that must be a positive integer; anything else is a 404 page. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value) || Number(value) < 1) {
    throw data({ message: 'Data tidak ditemukan.' }, { status: 404 })
  }
  return Number(value)
}
