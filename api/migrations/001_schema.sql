-- Ids never come back: AUTOINCREMENT, so a deleted row's id is not given to a new one (a stale link
-- such as /admin/departemen/12/edit must never open a different record).
-- The whole data model of both specifications. Codes are made by code_sequences (api/codes.ts).
-- Foreign keys are enforced (PRAGMA foreign_keys = ON in api/db.ts).

CREATE TABLE code_sequences (
  prefix TEXT PRIMARY KEY,
  value  INTEGER NOT NULL
);

CREATE TABLE departemen (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_departemen   TEXT NOT NULL UNIQUE,
  nama              TEXT NOT NULL,
  qrcode_departemen TEXT,
  created_at        TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at        TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE karyawan (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_karyawan   TEXT NOT NULL UNIQUE,
  qrcode_karyawan TEXT,
  nama_lengkap    TEXT NOT NULL,
  nama_kecil      TEXT,
  gender          TEXT CHECK (gender IS NULL OR gender IN ('Laki-laki', 'Perempuan')),
  departemen_id   INTEGER REFERENCES departemen(id) ON DELETE SET NULL,
  no_ktp          TEXT,
  no_sim          TEXT,
  tanggal_lahir   TEXT,
  tanggal_gabung  TEXT,
  telp            TEXT,
  gmail           TEXT,
  alamat          TEXT,
  atas_nama       TEXT,
  norek           TEXT,
  nama_bank       TEXT,
  gambar          TEXT,
  ft_sim          TEXT,
  created_at      TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at      TEXT NOT NULL DEFAULT (datetime('now'))
);

-- "user" is the spec's entity; users is the table (login by kode_user).
CREATE TABLE users (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_user     TEXT NOT NULL UNIQUE COLLATE NOCASE,
  qrcode_user   TEXT,
  karyawan_id   INTEGER REFERENCES karyawan(id) ON DELETE SET NULL,
  nama_user     TEXT,
  telp          TEXT,
  alamat        TEXT,
  password_hash TEXT,            -- NULL: the account cannot log in yet
  created_at    TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at    TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE api_tokens (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash   TEXT NOT NULL UNIQUE,  -- sha256 hex of the bearer token
  expires_at   INTEGER NOT NULL,      -- epoch ms
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);

-- Access rights: the feature catalogue (one row per menu of the app) and per-user grants.
CREATE TABLE menu_fitur (
  id       INTEGER PRIMARY KEY AUTOINCREMENT,
  kategori TEXT NOT NULL,   -- the sidebar group: Master, Operasional, ...
  nama     TEXT NOT NULL,   -- the menu name: Departemen, Karyawan, ...
  route    TEXT NOT NULL,   -- /admin/departemen
  urutan   INTEGER NOT NULL
);

CREATE TABLE akses (
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  menu_fitur_id   INTEGER NOT NULL REFERENCES menu_fitur(id) ON DELETE CASCADE,
  active          INTEGER NOT NULL DEFAULT 0,
  can_create      INTEGER NOT NULL DEFAULT 0,
  can_update      INTEGER NOT NULL DEFAULT 0,
  can_delete      INTEGER NOT NULL DEFAULT 0,
  can_show        INTEGER NOT NULL DEFAULT 0,
  can_posting     INTEGER NOT NULL DEFAULT 0,
  can_unpost      INTEGER NOT NULL DEFAULT 0,
  can_posting_all INTEGER NOT NULL DEFAULT 0,
  can_unpost_all  INTEGER NOT NULL DEFAULT 0,
  can_search      INTEGER NOT NULL DEFAULT 0,
  can_print       INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, menu_fitur_id)
);

CREATE TABLE supplier (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_supplier   TEXT NOT NULL UNIQUE,
  qrcode_supplier TEXT,
  nama_supp       TEXT NOT NULL,
  nama_person     TEXT,
  jabatan         TEXT,
  telp            TEXT,
  fax             TEXT,
  hp              TEXT,
  gmail           TEXT,
  email           TEXT,
  npwp            TEXT,
  alamat          TEXT,
  atas_nama       TEXT,
  norek           TEXT,
  nama_bank       TEXT,
  departemen_id   INTEGER REFERENCES departemen(id) ON DELETE SET NULL,
  created_at      TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at      TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE ukuran (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_ukuran_ban TEXT NOT NULL UNIQUE,
  nama            TEXT NOT NULL,
  qrcode_ukuran   TEXT,
  created_at      TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at      TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE merek (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_merek   TEXT NOT NULL UNIQUE,
  nama_merek   TEXT NOT NULL,
  qrcode_merek TEXT,
  created_at   TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at   TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE golongan (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_golongan   TEXT NOT NULL UNIQUE,
  nama_golongan   TEXT NOT NULL,
  qrcode_golongan TEXT,
  created_at      TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at      TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE jenis_kendaraan (
  id                     INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_jenis_kendaraan   TEXT NOT NULL UNIQUE,
  nama_jenis_kendaraan   TEXT NOT NULL,
  panjang                REAL,
  lebar                  REAL,
  tinggi                 REAL,
  total_ban              INTEGER,
  qrcode_jenis_kendaraan TEXT,
  created_at             TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at             TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE kendaraan (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_kendaraan      TEXT NOT NULL UNIQUE,
  qrcode_kendaraan    TEXT,
  gpsid               TEXT,
  list_vehicle_id     TEXT,
  no_kabin            TEXT NOT NULL,
  no_pol              TEXT,
  no_rangka           TEXT,
  no_mesin            TEXT,
  jenis_kendaraan_id  INTEGER REFERENCES jenis_kendaraan(id) ON DELETE RESTRICT,
  warna               TEXT,
  expired_kir         TEXT,
  expired_stnk        TEXT,
  golongan_id         INTEGER REFERENCES golongan(id) ON DELETE RESTRICT,
  user_id             INTEGER REFERENCES users(id) ON DELETE SET NULL,
  km                  INTEGER NOT NULL DEFAULT 0,
  gambar_barcodesolar TEXT,
  gambar_stnk         TEXT,
  created_at          TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at          TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE typeban (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_type   TEXT NOT NULL UNIQUE,
  nama_type   TEXT NOT NULL,
  qrcode_type TEXT,
  created_at  TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at  TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE stnk (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_stnk          TEXT NOT NULL UNIQUE,
  qrcode_stnk        TEXT,
  nama_pemilik       TEXT NOT NULL,
  alamat             TEXT,
  merek              TEXT,
  type               TEXT,
  model              TEXT,
  kendaraan_id       INTEGER REFERENCES kendaraan(id) ON DELETE RESTRICT,
  no_pol             TEXT,
  no_rangka          TEXT,
  no_mesin           TEXT,
  jenis_kendaraan_id INTEGER REFERENCES jenis_kendaraan(id) ON DELETE RESTRICT,
  tahun_pembuatan    INTEGER,
  warna              TEXT,
  warna_tnkb         TEXT,
  tahun_registrasi   INTEGER,
  nomor_bpkb         TEXT,
  expired_stnk       TEXT,
  gambar             TEXT,
  created_at         TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at         TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE pembelian_ban (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_pembelian_ban TEXT NOT NULL UNIQUE,
  supplier_id        INTEGER NOT NULL REFERENCES supplier(id) ON DELETE RESTRICT,
  alamat             TEXT,
  grand_total        INTEGER NOT NULL DEFAULT 0,      -- rupiah
  status             TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  tanggal_awal       TEXT NOT NULL,                   -- YYYY-MM-DD, the purchase date
  created_at         TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at         TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX pembelian_ban_tanggal ON pembelian_ban(tanggal_awal);

-- A tyre. One per purchase line; status 'stok' until fitted ('terpasang').
CREATE TABLE ban (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_ban         TEXT NOT NULL UNIQUE,
  no_seri          TEXT NOT NULL,
  pembelian_ban_id INTEGER REFERENCES pembelian_ban(id) ON DELETE CASCADE,
  ukuran_id        INTEGER REFERENCES ukuran(id) ON DELETE RESTRICT,
  merek_id         INTEGER REFERENCES merek(id) ON DELETE RESTRICT,
  typeban_id       INTEGER REFERENCES typeban(id) ON DELETE RESTRICT,
  kondisi_ban      TEXT CHECK (kondisi_ban IS NULL OR kondisi_ban IN ('BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT')),
  harga            INTEGER NOT NULL DEFAULT 0,
  status           TEXT NOT NULL DEFAULT 'stok' CHECK (status IN ('stok', 'terpasang')),
  created_at       TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at       TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX ban_pembelian ON ban(pembelian_ban_id);
CREATE INDEX ban_no_seri ON ban(no_seri);

CREATE TABLE pemasangan_ban (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_pemasangan TEXT NOT NULL UNIQUE,
  kendaraan_id    INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  supplier_id     INTEGER REFERENCES supplier(id) ON DELETE SET NULL,
  km              INTEGER,
  grand_total     INTEGER NOT NULL DEFAULT 0,
  status          TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  tanggal_awal    TEXT NOT NULL,
  created_at      TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at      TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX pemasangan_ban_tanggal ON pemasangan_ban(tanggal_awal);

-- A tyre on a position of a vehicle. pemasangan_ban_id is NULL while the line is only staged on the
-- create screen; add-pemasangan links the staged lines to the new fitting.
-- A tyre sits in one place at a time; a position of a vehicle holds one tyre.
CREATE TABLE detail_pemasangan_ban (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  pemasangan_ban_id INTEGER REFERENCES pemasangan_ban(id) ON DELETE CASCADE,
  kendaraan_id      INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  ban_id            INTEGER NOT NULL UNIQUE REFERENCES ban(id) ON DELETE RESTRICT,
  posisi_ban        TEXT NOT NULL,
  km_pemasangan     INTEGER NOT NULL,
  target_presentase INTEGER NOT NULL DEFAULT 70000,
  created_at        TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at        TEXT NOT NULL DEFAULT (datetime('now')),
  UNIQUE (kendaraan_id, posisi_ban)
);
