import { COMPANY_TIME_ZONE } from './date-filter'

/**
 * The audit trail as the app shows it: the actions in Indonesian, the time in the
 * company's zone, and a grant change in a line. Worked out on the server (the loaders give text), so
 * the browser's Intl never renders a different string than the server did.
 */

export const AKSI_LABELS: Record<string, string> = {
  dibuat: 'Dibuat',
  diubah: 'Diubah',
  posting: 'Diposting',
  unpost: 'Di-unpost',
  hapus: 'Dihapus',
  akses_diubah: 'Hak akses diubah',
}

export const aksiLabel = (aksi: string) => AKSI_LABELS[aksi] ?? aksi

/** The parts of a grant as a change names them: 'Select' is the menu itself, the others the editor's permissions. */
export const GRANT_PART_LABELS: Record<string, string> = {
  select: 'Akses menu',
  create: 'Tambah',
  update: 'Ubah',
  delete: 'Hapus',
  show: 'Lihat',
  posting: 'Posting',
  unpost: 'Unpost',
  posting_all: 'Posting semua',
  unpost_all: 'Unpost semua',
  search: 'Cari',
  print: 'Cetak',
}

const parts = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: COMPANY_TIME_ZONE,
})

/**
 * An upstream time (ISO 8601; without a zone read as UTC, as SQLite's and Laravel's are) → '24 November
 * 2026 11.05 WIB'; unreadable → the text as given, missing → '-'.
 */
export function formatWaktu(value: string | null | undefined): string {
  if (!value) return '-'
  let iso = value.trim().replace(' ', 'T')
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z'
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return value
  const p = Object.fromEntries(parts.formatToParts(new Date(time)).map((x) => [x.type, x.value]))
  return `${p.day} ${p.month} ${p.year} ${p.hour}.${p.minute} WIB`
}

/**
 * Who acted, as the trail shows it: the login name with the name as it was, 'admin (Administrator
 * Sistem)'. The name alone could be anyone's (an employee's name is editable by Karyawan Update); the
 * login name is not. Older records without a login name show the name; neither → 'User #id' or '-'.
 */
export function actorLabel(user: { id?: number | null; kode_user?: string | null; nama_user?: string | null } | null | undefined): string {
  const kode = user?.kode_user?.trim() || null
  const nama = user?.nama_user?.trim() || null
  if (kode && nama && nama !== kode) return `${kode} (${nama})`
  const one = kode ?? nama
  if (one) return one
  return user?.id != null ? `User #${user.id}` : '-'
}

/** The signature lines of an invoice: who made it, and who posted it last while it is posted. */
export type InvoiceAudit = { dibuat: { nama: string; waktu: string } | null; diposting: { nama: string; waktu: string } | null }

/** One menu's change as a line: 'Departemen: +Tambah, −Hapus'. */
export function describePerubahan(c: { menu: string; granted: readonly string[]; revoked: readonly string[] }): string {
  const label = (p: string) => GRANT_PART_LABELS[p] ?? p
  const items = [...c.granted.map((p) => `+${label(p)}`), ...c.revoked.map((p) => `−${label(p)}`)]
  return `${c.menu || 'Menu'}: ${items.join(', ')}`
}
