#!/usr/bin/env node
// A deliberately faulty upstream on 127.0.0.1 for the failure tests: login works, and
// every other call answers as the current mode says. POST /__mode {mode} switches it.
//   ok       – empty lists, saves succeed
//   500      – 500 with a text body
//   garbage  – 200 with a body that is not JSON
//   shape    – 200 JSON of the wrong shape
//   slow     – answers after 5 s (past the app's time budget)
//   401      – the token is refused
import { createServer } from 'node:http'

const port = Number(process.env.FAULTY_PORT ?? 3201)
let mode = 'ok'

const MENUS = [
  'Departemen',
  'Karyawan',
  'User',
  'Hak Akses',
  'Supplier',
  'Golongan',
  'Jenis Kendaraan',
  'Kendaraan',
  'Ukuran Ban',
  'Merek Ban',
  'Type Ban',
  'STNK',
  'Perpanjangan STNK',
  'Pemasangan Ban',
  'Pembelian Ban',
  'Inquery Pembelian Ban',
  'Inquery Pemasangan Ban',
  'Laporan Pembelian Ban',
  'Laporan Biaya Ban',
  'Stok Ban',
  'Pelepasan Ban',
  'Rotasi Ban',
  'Pemeriksaan Ban',
  'Laporan Pemeriksaan Ban',
  'Klaim Ban',
  'Inquery Klaim Ban',
  'Laporan Biaya Perpanjangan',
  'Km Kendaraan',
  'Item Servis',
  'Jadwal Servis',
  'Servis Jatuh Tempo',
  'Suku Cadang',
  'Pembelian Suku Cadang',
  'Inquery Pembelian Suku Cadang',
  'Stok Suku Cadang',
  'Stok Opname',
  'Laporan Biaya per Kendaraan',
  'Perintah Kerja',
  'Inquery Perintah Kerja',
]
const FLAGS = [
  'can_create',
  'can_update',
  'can_delete',
  'can_show',
  'can_posting',
  'can_unpost',
  'can_posting_all',
  'can_unpost_all',
  'can_search',
  'can_print',
]
const AKSES_ALL = {
  user: { id: 1, kode_user: 'admin', karyawan: { nama_lengkap: 'Pengguna Uji' } },
  menufiturs: { Semua: MENUS.map((nama, i) => ({ id: i + 1, nama, kategori: 'Semua' })) },
  userMenu: Object.fromEntries(MENUS.map((_, i) => [i + 1, { active: 1, ...Object.fromEntries(FLAGS.map((f) => [f, 1])) }])),
}

createServer((req, res) => {
  let body = ''
  req.on('data', (c) => (body += c))
  req.on('end', () => {
    const json = (status, value) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (req.url === '/__mode' && req.method === 'POST') {
      mode = JSON.parse(body || '{}').mode ?? 'ok'
      return json(200, { mode })
    }
    if (req.url === '/health') return json(200, { ok: true })
    if (req.url === '/api/login') {
      return json(200, { token: 'faulty-token', user: { id: 1, kode_user: 'admin', karyawan: { nama_lengkap: 'Pengguna Uji' } } })
    }
    if (req.url === '/api/logout') return json(200, { message: 'ok' })
    // The user's own grants (the app reads them on every page): every menu granted, whatever the mode.
    if (req.url === '/api/akses/1/edit') return json(200, AKSES_ALL)
    switch (mode) {
      case '500':
        res.writeHead(500, { 'Content-Type': 'text/plain' })
        return res.end('Internal Server Error: database down')
      case 'garbage':
        res.writeHead(200, { 'Content-Type': 'text/html' })
        return res.end('<html>not json</html>')
      case 'shape':
        return json(200, { data: 'unexpected' })
      case 'slow':
        return setTimeout(() => json(200, []), 5000)
      case '401':
        return json(401, { message: 'Unauthenticated.' })
      default:
        if (req.method === 'GET') return json(200, [])
        return json(201, { message: 'ok', data: { id: 1, nama: 'x', kode_departemen: 'DP000001' } })
    }
  })
}).listen(port, '127.0.0.1', () => console.log(`[faulty] listening on 127.0.0.1:${port}`))
