import { data } from '@remix-run/node'
import { randomUUID } from 'node:crypto'
import { readPlanForm, upstreamPlanErrors, type PlanEntry, type PlanLine } from '~/lib/jadwal-servis'
import { readForm } from './form.server'
import { isThrownPage } from './route-errors.server'
import { redirectWithToast } from '~/session.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'

/**
 * The action of a plan form (a vehicle type's plan, a vehicle's own plan): the form read and checked
 * (app/lib/jadwal-servis.ts; 400 with everything typed), the lines `send` picks saved by `save`, and
 * on success back to `redirectTo` with the upstream's message; its 422 beside the fields of the lines
 * sent, any other failure above the form, everything typed kept.
 */
export async function savePlanForm<L extends { item_servis_id: number }>(
  request: Request,
  opts: {
    servis: boolean
    send: (lines: PlanLine[]) => L[]
    save: (lines: L[]) => Promise<{ message: string | null }>
    redirectTo: string
    success: string
  },
) {
  const read = await readForm(request)
  if (!read.ok) return data({ entry: { typed: {}, lines: [], errors: {}, formError: read.message } as PlanEntry }, { status: read.status })
  const entry = readPlanForm(read.formData, { servis: opts.servis })
  if (Object.keys(entry.errors).length > 0) return data({ entry }, { status: 400 })
  const sent = opts.send(entry.lines)
  try {
    const saved = await opts.save(sent)
    return redirectWithToast(request, opts.redirectTo, {
      kind: 'success',
      title: 'Berhasil',
      message: saved.message ?? opts.success,
      ms: 3000,
      id: randomUUID(),
    })
  } catch (error) {
    if (isThrownPage(error)) throw error
    if (error instanceof UpstreamValidation) {
      const { errors, rest } = upstreamPlanErrors(error.fieldErrors, sent)
      const formError = rest.length > 0 ? rest.join(' ') : Object.keys(errors).length > 0 ? null : error.serverMessage
      return data({ entry: { ...entry, errors, formError } }, { status: 422 })
    }
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    return data({ entry: { ...entry, formError: userMessage(error) } }, { status })
  }
}
