import { planField, type PlanEntry, type PlanField } from '~/lib/jadwal-servis'

/**
 * The fields of a service plan's rows (the plan of a vehicle type, a vehicle's own plan): a small
 * input or the Aktif box named after its item (app/lib/jadwal-servis.ts), its message under it, and
 * what was sent shown again after a refusal. Uncontrolled: without JavaScript the page posts as it
 * is; `entry` (the action's answer) replaces the stored values while it is shown.
 */

const control =
  'w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-right text-sm tabular-nums focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500 disabled:bg-slate-100'

export function PlanInput({
  field,
  itemId,
  stored,
  entry,
  label,
  disabled,
  type = 'text',
  max,
}: {
  field: Exclude<PlanField, 'aktif'>
  itemId: number
  stored: string
  entry: PlanEntry | null
  label: string
  disabled?: boolean
  type?: 'text' | 'date'
  max?: string
}) {
  const name = planField(field, itemId)
  const error = entry?.errors[name]
  const value = entry ? (entry.typed[name] ?? '') : stored
  return (
    <div>
      <input
        key={`${name}-${value}`}
        name={name}
        type={type}
        defaultValue={value}
        aria-label={label}
        inputMode={type === 'text' ? 'numeric' : undefined}
        maxLength={type === 'text' ? 12 : undefined}
        max={max}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={type === 'date' ? control.replace('w-24', 'w-36').replace('text-right ', '') : control}
      />
      {error ? (
        <p id={`${name}-error`} className="mt-1 max-w-56 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function PlanAktif({
  itemId,
  stored,
  entry,
  label,
  disabled,
}: {
  itemId: number
  stored: boolean
  entry: PlanEntry | null
  label: string
  disabled?: boolean
}) {
  const name = planField('aktif', itemId)
  const checked = entry ? entry.typed[name] === '1' : stored
  return (
    <input
      key={`${name}-${checked}`}
      type="checkbox"
      name={name}
      value="1"
      defaultChecked={checked}
      disabled={disabled}
      aria-label={label}
      className="size-4 rounded border-slate-300 text-blue-700"
    />
  )
}

/** The plan form's messages above its table: a line refused, or the upstream's reason. */
export function planProblems(entry: PlanEntry | null): string[] {
  if (!entry) return []
  const problems: string[] = []
  if (entry.formError) problems.push(entry.formError)
  const refused = Object.keys(entry.errors).length
  if (refused > 0) problems.push(`${refused} isian belum benar: lihat pesan di barisnya. Tidak ada yang disimpan.`)
  return problems
}
