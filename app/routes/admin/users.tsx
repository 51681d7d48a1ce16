import type { MetaFunction } from '@remix-run/react'
import { PageHeader } from '~/ui/page-header'

export const meta: MetaFunction = () => [{ title: 'Update Profile — Armada' }]

/**
 * Edit Profile: sample content (spec 000 §2). What the form does on submit is not shown in the
 * spec, so it has no action: the button is disabled and says so, rather than pretending to save.
 */
const input = 'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100'

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  )
}

export default function UpdateProfile() {
  return (
    <>
      <PageHeader title="Edit Profile" subtitle="Contoh formulir profil (data contoh)" />
      <div className="grid gap-6 lg:grid-cols-3">
        <form
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="company" label="Company">
              <input id="company" className={input} disabled defaultValue="Creative Code Inc." />
            </Field>
            <Field id="username" label="Username">
              <input id="username" className={input} defaultValue="michael23" />
            </Field>
            <Field id="email" label="Email address">
              <input id="email" type="email" className={input} placeholder="Email" />
            </Field>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="first" label="First Name">
              <input id="first" className={input} defaultValue="Mike" />
            </Field>
            <Field id="last" label="Last Name">
              <input id="last" className={input} defaultValue="Andrew" />
            </Field>
          </div>
          <Field id="address" label="Address">
            <input id="address" className={input} defaultValue="Bld Mihail Kogalniceanu, nr. 8 Bl 1, Sc 1, Ap 09" />
          </Field>
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="city" label="City">
              <input id="city" className={input} defaultValue="Bucharest" />
            </Field>
            <Field id="country" label="Country">
              <input id="country" className={input} defaultValue="Romania" />
            </Field>
            <Field id="postal" label="Postal Code">
              <input id="postal" type="number" inputMode="numeric" className={input} placeholder="ZIP Code" />
            </Field>
          </div>
          <Field id="about" label="About Me">
            <textarea
              id="about"
              rows={4}
              className={input}
              defaultValue="Lamborghini Mercy, Your chick she so thirsty, I'm in that two seat Lambo."
            />
          </Field>
          <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
            Update Profile
          </button>
          <p className="text-xs text-slate-500">Formulir contoh: data tidak disimpan.</p>
        </form>
        <aside className="overflow-hidden rounded-lg border border-slate-200 bg-white text-center shadow-sm">
          <div className="h-28 bg-gradient-to-r from-blue-700 to-sky-500" role="img" aria-label="Gambar sampul" />
          <div className="-mt-12 flex justify-center">
            <span
              className="inline-flex size-24 items-center justify-center rounded-full border-4 border-white bg-slate-300 text-3xl font-bold text-slate-700"
              role="img"
              aria-label="Avatar"
            >
              MA
            </span>
          </div>
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Mike Andrew</h2>
          <p className="text-sm text-slate-500">michael24</p>
          <p className="px-6 py-4 text-sm italic text-slate-600">
            "Lamborghini Mercy Your chick she so thirsty I'm in that two seat Lambo"
          </p>
          <div className="flex justify-center gap-2 border-t border-slate-100 py-4">
            {['Facebook', 'Twitter', 'Google+'].map((s) => (
              <button key={s} type="button" className="rounded-md bg-slate-100 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-200">
                {s}
              </button>
            ))}
          </div>
        </aside>
      </div>
    </>
  )
}
