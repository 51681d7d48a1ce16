import { Link, type MetaFunction } from '@remix-run/react'
import { Logo } from '~/ui/logo'

export const meta: MetaFunction = () => [{ title: 'Daftar — Armada' }]

/** The spec does not show a register screen: accounts are made by an administrator (User screen). */
export default function Register() {
  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Daftar</h1>
        <p className="mt-3 text-slate-700">
          Akun dibuat oleh administrator. Silakan hubungi administrator sistem di kantor Anda untuk mendapatkan Kode User dan Password.
        </p>
        <Link to="/login" className="mt-6 inline-block font-semibold text-blue-700 hover:underline">
          Kembali ke Login
        </Link>
      </div>
    </main>
  )
}
