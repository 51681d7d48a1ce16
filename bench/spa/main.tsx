/**
 * The bench's comparison: the Departemen list as the seed built it (the specification's sample,
 * 'Common list behaviour'), a client-rendered React SPA. On load it shows 'Memuat data, harap
 * tunggu...', fetches the whole list (GET /api/departemen, a plain JSON array) with the bearer
 * token from localStorage, then searches (by nama), sorts (header click) and pages on the client.
 * Built and served by bench/run.ts only; not part of the app or the tests.
 */
import { StrictMode, useEffect, useMemo, useState, type CSSProperties } from 'react'
import { createRoot } from 'react-dom/client'

type Departemen = {
  id: number
  kode_departemen: string | null
  nama: string
  qrcode_departemen: string | null
  created_at?: string
  updated_at?: string
}
type SortKey = 'id' | 'kode_departemen' | 'nama'

const PAGE_SIZE = 5 // the specification: 'Page size is 5' (the app's list shows 5 too)

const cell: CSSProperties = { border: '1px solid #ddd', padding: '6px 10px', textAlign: 'left' }
const button: CSSProperties = { padding: '4px 10px', marginRight: 4 }

function DepartemenList() {
  const [rows, setRows] = useState<Departemen[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({ key: 'id', dir: 'asc' })
  const [page, setPage] = useState(1)

  useEffect(() => {
    let live = true
    fetch('/api/departemen', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, Accept: 'application/json' },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Gagal memuat data (${res.status})`)
        const data = (await res.json()) as Departemen[]
        if (live) setRows(data)
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [])

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase()
    const matching = q ? rows.filter((d) => d.nama.toLowerCase().includes(q)) : rows
    const sign = sort.dir === 'asc' ? 1 : -1
    return [...matching].sort((a, b) => {
      const x = a[sort.key] ?? ''
      const y = b[sort.key] ?? ''
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sign
    })
  }, [rows, search, sort])

  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  const pageRows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)

  const sortBy = (key: SortKey) => {
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))
    setPage(1)
  }
  const arrow = (key: SortKey) => (sort.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : '')

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1 style={{ margin: 0 }}>Departemen</h1>
      <p style={{ color: '#666' }}>Daftar departemen yang tersedia di sistem</p>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <input
          type="search"
          placeholder="Cari departemen..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          style={{ padding: 6, width: 280 }}
        />
        <button type="button" style={button}>
          Tambah Departemen
        </button>
      </div>
      {loading ? (
        <p>Memuat data, harap tunggu...</p>
      ) : error ? (
        <p style={{ color: '#b00' }}>{error}</p>
      ) : (
        <>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={{ ...cell, cursor: 'pointer' }} onClick={() => sortBy('id')}>
                  No{arrow('id')}
                </th>
                <th style={{ ...cell, cursor: 'pointer' }} onClick={() => sortBy('kode_departemen')}>
                  Kode Departemen{arrow('kode_departemen')}
                </th>
                <th style={{ ...cell, cursor: 'pointer' }} onClick={() => sortBy('nama')}>
                  Nama{arrow('nama')}
                </th>
                <th style={cell}>Opsi</th>
              </tr>
            </thead>
            <tbody>
              {pageRows.length === 0 ? (
                <tr>
                  <td style={cell} colSpan={4}>
                    Tidak ada data.
                  </td>
                </tr>
              ) : (
                pageRows.map((d, i) => (
                  <tr key={d.id}>
                    <td style={cell}>{(current - 1) * PAGE_SIZE + i + 1}</td>
                    <td style={cell}>{d.kode_departemen ?? '-'}</td>
                    <td style={cell}>{d.nama}</td>
                    <td style={cell}>
                      <button type="button" style={button}>
                        Edit
                      </button>
                      <button type="button" style={button}>
                        Hapus
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <nav style={{ marginTop: 12 }} aria-label="Halaman">
            <button type="button" style={button} disabled={current <= 1} onClick={() => setPage(current - 1)}>
              Sebelumnya
            </button>
            <span style={{ margin: '0 8px' }}>
              Halaman {current} dari {pages}
            </span>
            <button type="button" style={button} disabled={current >= pages} onClick={() => setPage(current + 1)}>
              Berikutnya
            </button>
          </nav>
        </>
      )}
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <DepartemenList />
  </StrictMode>,
)
