/**
 * The documents: records with a server-made code, posted and unposted, with a history in the audit
 * trail. Each entry here makes the document's code prefix (api/codes.ts), its history call
 * GET /api/riwayat-dokumen/<key>/{id} (api/audit.ts) and that call's grant (api/routes/grants.ts),
 * and, for a document that extends the spec, its name in GET /api/fitur (api/features.ts).
 * An extension's document also brings its menus to the access editor's catalogue (`catalogue`,
 * after the spec's own in api/menu-catalogue.ts). Adding one takes its entry here, its routes (one
 * line in api/routes/transaksi.ts), their grants and its tables in both migrations.
 *
 * Pure data: imports nothing (api/codes.ts and api/features.ts read it).
 */

export type ApiDocument = {
  /** What a missing one is called: '<what> tidak ditemukan.' */
  what: string
  /** Its codes' prefix: the prefix and a zero-padded sequence (nextCode, api/codes.ts). */
  prefix: string
  /** The menus whose screens show it: Show on any one reads its history. */
  menus: readonly string[]
  /** The extension of the spec it belongs to (GET /api/fitur); absent for the spec's own documents. */
  extension?: string
  /**
   * The menus of its screens in the access editor's catalogue, with the sidebar's group and label
   * (an extension's; the spec's own documents have theirs in api/menu-catalogue.ts).
   */
  catalogue?: readonly { kategori: string; nama: string; route: string }[]
}

/** Keyed by the audit trail's entitas (the history call's URL segment), which is also the table's name. */
export const DOCUMENTS = {
  pembelian_ban: { what: 'Pembelian ban', prefix: 'PB', menus: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'] },
  pemasangan_ban: { what: 'Pemasangan ban', prefix: 'PM', menus: ['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'] },
  pelepasan_ban: {
    what: 'Pelepasan ban',
    prefix: 'PL',
    menus: ['/admin/pelepasan-ban'],
    extension: 'ban-lifecycle',
    catalogue: [{ kategori: 'Pemeliharaan Kendaraan', nama: 'Pelepasan Ban', route: '/admin/pelepasan-ban' }],
  },
  rotasi_ban: {
    what: 'Rotasi ban',
    prefix: 'RT',
    menus: ['/admin/rotasi-ban'],
    extension: 'rotasi-ban',
    catalogue: [{ kategori: 'Pemeliharaan Kendaraan', nama: 'Rotasi Ban', route: '/admin/rotasi-ban' }],
  },
  klaim_ban: {
    what: 'Klaim ban',
    prefix: 'KL',
    menus: ['/admin/klaim-ban', '/admin/inquery-klaim-ban'],
    extension: 'klaim-ban',
    catalogue: [
      { kategori: 'Pemeliharaan Kendaraan', nama: 'Klaim Ban', route: '/admin/klaim-ban' },
      { kategori: 'Finance', nama: 'Inquery Klaim Ban', route: '/admin/inquery-klaim-ban' },
    ],
  },
  pemeriksaan_ban: {
    what: 'Pemeriksaan ban',
    prefix: 'PR',
    menus: ['/admin/pemeriksaan-ban'],
    extension: 'pemeriksaan-ban',
    catalogue: [{ kategori: 'Pemeliharaan Kendaraan', nama: 'Pemeriksaan Ban', route: '/admin/pemeriksaan-ban' }],
  },
  perpanjangan: {
    what: 'Perpanjangan',
    prefix: 'PJ',
    menus: ['/admin/perpanjangan-stnk'],
    extension: 'perpanjangan',
    catalogue: [{ kategori: 'Operasional', nama: 'Perpanjangan STNK', route: '/admin/perpanjangan-stnk' }],
  },
  // Work orders (api/routes/perintah-kerja.ts): the extension 'perintah-kerja' is named in api/features.ts
  // and mounted by api/app.ts (it needs 'jadwal-servis' and 'suku-cadang', so not in EXTENSION_ROUTES).
  perintah_kerja: {
    what: 'Perintah Kerja',
    prefix: 'PK',
    menus: ['/admin/perintah-kerja', '/admin/inquery-perintah-kerja'],
    catalogue: [
      { kategori: 'Pemeliharaan Kendaraan', nama: 'Perintah Kerja', route: '/admin/perintah-kerja' },
      { kategori: 'Finance', nama: 'Inquery Perintah Kerja', route: '/admin/inquery-perintah-kerja' },
    ],
  },
  // The parts store (api/routes/suku-cadang.ts): its purchase is the document; the master, the stock
  // and the count are menus of api/menu-catalogue.ts.
  pembelian_suku_cadang: {
    what: 'Pembelian suku cadang',
    prefix: 'PS',
    menus: ['/admin/pembelian-suku-cadang', '/admin/inquery-pembelian-suku-cadang'],
    extension: 'suku-cadang',
    catalogue: [
      { kategori: 'Transaksi', nama: 'Pembelian Suku Cadang', route: '/admin/pembelian-suku-cadang' },
      { kategori: 'Finance', nama: 'Inquery Pembelian Suku Cadang', route: '/admin/inquery-pembelian-suku-cadang' },
    ],
  },
} as const satisfies Record<string, ApiDocument>

export type DocumentKey = keyof typeof DOCUMENTS

/** DOCUMENTS as [key, document] pairs, in declaration order. */
export const DOCUMENT_LIST = Object.entries(DOCUMENTS) as [DocumentKey, ApiDocument][]

/** The extensions that the documents bring, by name. */
export type DocumentExtension = Extract<(typeof DOCUMENTS)[DocumentKey], { extension: string }>['extension']
