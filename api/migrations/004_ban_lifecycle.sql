-- Issue 19, the tyre's whole life (an extension of spec 001; docs/upstream-contract.md):
-- a tyre is stok | terpasang | vulkanisir | afkir and counts its retreads; a fitting line stays when
-- its tyre is removed (dilepas = 1), so only lines not removed occupy a position or a tyre; removal
-- documents (pelepasan_ban) and their lines; retreads received (vulkanisir_ban); the per-tyre history
-- (riwayat_ban), backfilled for existing data.
--
-- SQLite cannot change a CHECK or drop a table-level UNIQUE in place: ban and detail_pemasangan_ban
-- are rebuilt. The migration runs in one transaction with foreign_keys ON (api/db.ts), where the
-- pragma cannot be switched off; so nothing references a table when it is dropped: the fitting lines
-- (the only rows referencing ban) are copied aside and dropped first, then ban, then both are made
-- again and filled back with the same ids; the AUTOINCREMENT counters are kept.

CREATE TABLE _keep_sequence AS SELECT name, seq FROM sqlite_sequence WHERE name IN ('ban', 'detail_pemasangan_ban');
CREATE TABLE _old_detail_pemasangan_ban AS SELECT * FROM detail_pemasangan_ban;
DROP TABLE detail_pemasangan_ban;
CREATE TABLE _old_ban AS SELECT * FROM ban;
DROP TABLE ban;

-- A tyre. 'stok' until fitted ('terpasang'); a removal sends it back to 'stok', to the retreader
-- ('vulkanisir') or to the scrap heap ('afkir'); jumlah_vulkanisir counts the retreads received.
CREATE TABLE ban (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_ban          TEXT NOT NULL UNIQUE,
  no_seri           TEXT NOT NULL,
  pembelian_ban_id  INTEGER REFERENCES pembelian_ban(id) ON DELETE CASCADE,
  ukuran_id         INTEGER REFERENCES ukuran(id) ON DELETE RESTRICT,
  merek_id          INTEGER REFERENCES merek(id) ON DELETE RESTRICT,
  typeban_id        INTEGER REFERENCES typeban(id) ON DELETE RESTRICT,
  kondisi_ban       TEXT CHECK (kondisi_ban IS NULL OR kondisi_ban IN ('BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT')),
  harga             INTEGER NOT NULL DEFAULT 0,
  status            TEXT NOT NULL DEFAULT 'stok' CHECK (status IN ('stok', 'terpasang', 'vulkanisir', 'afkir')),
  jumlah_vulkanisir INTEGER NOT NULL DEFAULT 0,
  created_at        TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at        TEXT NOT NULL DEFAULT (datetime('now'))
);
INSERT INTO ban (id, kode_ban, no_seri, pembelian_ban_id, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status, created_at, updated_at)
  SELECT id, kode_ban, no_seri, pembelian_ban_id, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status, created_at, updated_at
  FROM _old_ban;
CREATE INDEX ban_pembelian ON ban(pembelian_ban_id);
CREATE INDEX ban_no_seri ON ban(no_seri);
CREATE INDEX ban_status ON ban(status);

-- A tyre on a position of a vehicle. pemasangan_ban_id is NULL while the line is only staged.
-- dilepas = 1 once a removal took the tyre off: the line stays (the fitting's invoice and the
-- history keep it) but no longer holds the tyre or the position. Among lines not removed a tyre sits
-- in one place and a position holds one tyre (the partial unique indexes).
CREATE TABLE detail_pemasangan_ban (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  pemasangan_ban_id INTEGER REFERENCES pemasangan_ban(id) ON DELETE CASCADE,
  kendaraan_id      INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  ban_id            INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  posisi_ban        TEXT NOT NULL,
  km_pemasangan     INTEGER NOT NULL,
  target_presentase INTEGER NOT NULL DEFAULT 70000,
  dilepas           INTEGER NOT NULL DEFAULT 0 CHECK (dilepas IN (0, 1)),
  created_at        TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at        TEXT NOT NULL DEFAULT (datetime('now'))
);
INSERT INTO detail_pemasangan_ban (id, pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan, target_presentase, dilepas,
    created_at, updated_at)
  SELECT id, pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan, target_presentase, 0, created_at, updated_at
  FROM _old_detail_pemasangan_ban;
CREATE UNIQUE INDEX detail_pemasangan_ban_ban_terpasang ON detail_pemasangan_ban(ban_id) WHERE dilepas = 0;
CREATE UNIQUE INDEX detail_pemasangan_ban_posisi_terpasang ON detail_pemasangan_ban(kendaraan_id, posisi_ban) WHERE dilepas = 0;
CREATE INDEX detail_pemasangan_ban_ban ON detail_pemasangan_ban(ban_id);
CREATE INDEX detail_pemasangan_ban_kendaraan ON detail_pemasangan_ban(kendaraan_id, posisi_ban);
CREATE INDEX IF NOT EXISTS detail_pemasangan_ban_pemasangan ON detail_pemasangan_ban(pemasangan_ban_id);

UPDATE sqlite_sequence SET seq = MAX(seq, (SELECT k.seq FROM _keep_sequence k WHERE k.name = sqlite_sequence.name))
  WHERE name IN (SELECT name FROM _keep_sequence);
INSERT INTO sqlite_sequence (name, seq)
  SELECT name, seq FROM _keep_sequence k WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence s WHERE s.name = k.name);
DROP TABLE _old_detail_pemasangan_ban;
DROP TABLE _old_ban;
DROP TABLE _keep_sequence;

-- A removal document (code PL000001 …): the staged removal lines of one vehicle, registered together.
CREATE TABLE pelepasan_ban (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_pelepasan TEXT NOT NULL UNIQUE,
  kendaraan_id   INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  km             INTEGER,
  status         TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  tanggal_awal   TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at     TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX pelepasan_ban_tanggal ON pelepasan_ban(tanggal_awal);

-- A tyre taken off: the fitting line it ends (one removal per line), why, where the tyre went.
-- pelepasan_ban_id is NULL while staged. kondisi_sebelum: the tyre's kondisi before, for an undo.
CREATE TABLE detail_pelepasan_ban (
  id                       INTEGER PRIMARY KEY AUTOINCREMENT,
  pelepasan_ban_id         INTEGER REFERENCES pelepasan_ban(id) ON DELETE CASCADE,
  kendaraan_id             INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  ban_id                   INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  detail_pemasangan_ban_id INTEGER NOT NULL UNIQUE REFERENCES detail_pemasangan_ban(id) ON DELETE RESTRICT,
  posisi_ban               TEXT NOT NULL,
  km_pemasangan            INTEGER NOT NULL,
  km_pelepasan             INTEGER NOT NULL,
  km_tempuh                INTEGER NOT NULL,
  alasan                   TEXT NOT NULL CHECK (alasan IN ('Habis', 'Pecah', 'Klaim Garansi', 'Rotasi/Pindah', 'Ke Vulkanisir', 'Afkir')),
  tujuan                   TEXT NOT NULL CHECK (tujuan IN ('stok', 'vulkanisir', 'afkir')),
  tebal_tapak              REAL,
  keterangan               TEXT,
  kondisi_sebelum          TEXT,
  created_at               TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at               TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX detail_pelepasan_ban_pelepasan ON detail_pelepasan_ban(pelepasan_ban_id);
CREATE INDEX detail_pelepasan_ban_kendaraan ON detail_pelepasan_ban(kendaraan_id);
CREATE INDEX detail_pelepasan_ban_ban ON detail_pelepasan_ban(ban_id);

-- A retread received back: the retreader (a supplier), its cost, sent (the removal's date) and received.
CREATE TABLE vulkanisir_ban (
  id                      INTEGER PRIMARY KEY AUTOINCREMENT,
  ban_id                  INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  supplier_id             INTEGER NOT NULL REFERENCES supplier(id) ON DELETE RESTRICT,
  detail_pelepasan_ban_id INTEGER REFERENCES detail_pelepasan_ban(id) ON DELETE RESTRICT,
  biaya                   INTEGER NOT NULL DEFAULT 0,
  tanggal_kirim           TEXT,
  tanggal_terima          TEXT NOT NULL,
  created_at              TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at              TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX vulkanisir_ban_ban ON vulkanisir_ban(ban_id);

-- The tyre's history: one row per step, written in the same transaction as the step; rows are never
-- deleted (except with the tyre itself, when an unfitted purchase line is removed). Names and codes
-- are kept as they were. detail_*_id link a row to the line it records (a staged line's row gets its
-- document when the line is registered).
CREATE TABLE riwayat_ban (
  id                       INTEGER PRIMARY KEY AUTOINCREMENT,
  ban_id                   INTEGER NOT NULL REFERENCES ban(id) ON DELETE CASCADE,
  jenis                    TEXT NOT NULL CHECK (jenis IN ('beli', 'pasang', 'batal_pasang', 'lepas', 'batal_lepas', 'terima_vulkanisir')),
  tanggal                  TEXT NOT NULL,
  user_id                  INTEGER REFERENCES users(id) ON DELETE SET NULL,
  nama_user                TEXT,
  dokumen_jenis            TEXT CHECK (dokumen_jenis IS NULL OR dokumen_jenis IN ('pembelian', 'pemasangan', 'pelepasan', 'vulkanisir')),
  dokumen_id               INTEGER,
  dokumen_kode             TEXT,
  kendaraan_id             INTEGER REFERENCES kendaraan(id) ON DELETE SET NULL,
  no_kabin                 TEXT,
  posisi_ban               TEXT,
  km                       INTEGER,
  km_tempuh                INTEGER,
  biaya                    INTEGER,
  alasan                   TEXT,
  tujuan                   TEXT,
  tebal_tapak              REAL,
  keterangan               TEXT,
  supplier_id              INTEGER REFERENCES supplier(id) ON DELETE SET NULL,
  nama_supp                TEXT,
  detail_pemasangan_ban_id INTEGER REFERENCES detail_pemasangan_ban(id) ON DELETE SET NULL,
  detail_pelepasan_ban_id  INTEGER REFERENCES detail_pelepasan_ban(id) ON DELETE SET NULL,
  created_at               TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX riwayat_ban_ban ON riwayat_ban(ban_id, created_at, id);
CREATE INDEX riwayat_ban_pemasangan ON riwayat_ban(detail_pemasangan_ban_id);
CREATE INDEX riwayat_ban_pelepasan ON riwayat_ban(detail_pelepasan_ban_id);

-- Backfill: a 'beli' row per tyre (dated by its purchase), then a 'pasang' row per fitting line.
INSERT INTO riwayat_ban (ban_id, jenis, tanggal, dokumen_jenis, dokumen_id, dokumen_kode, biaya, supplier_id, nama_supp, created_at)
  SELECT b.id, 'beli', COALESCE(p.tanggal_awal, date(b.created_at)),
    CASE WHEN p.id IS NOT NULL THEN 'pembelian' END, p.id, p.kode_pembelian_ban, b.harga, s.id, s.nama_supp, b.created_at
  FROM ban b
  LEFT JOIN pembelian_ban p ON p.id = b.pembelian_ban_id
  LEFT JOIN supplier s ON s.id = p.supplier_id
  ORDER BY b.id;
INSERT INTO riwayat_ban (ban_id, jenis, tanggal, dokumen_jenis, dokumen_id, dokumen_kode, kendaraan_id, no_kabin, posisi_ban, km,
    detail_pemasangan_ban_id, created_at)
  SELECT d.ban_id, 'pasang', COALESCE(f.tanggal_awal, date(d.created_at)),
    CASE WHEN f.id IS NOT NULL THEN 'pemasangan' END, f.id, f.kode_pemasangan, k.id, k.no_kabin, d.posisi_ban, d.km_pemasangan,
    d.id, d.created_at
  FROM detail_pemasangan_ban d
  LEFT JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
  LEFT JOIN kendaraan k ON k.id = d.kendaraan_id
  ORDER BY d.id;
