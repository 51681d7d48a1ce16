-- Tyre inspection rounds (an extension of the spec; docs/upstream-contract.md "Extensions: tyre
-- inspections"): a round per vehicle (PR000001 …) at a date and the vehicle's km, one line per fitted
-- position with the tread depth in mm, the pressure in psi, a condition and a note. Each line keeps
-- the tyre it measured and the km that tyre had run then (km_ban: its removals' km plus the km since
-- its fitting), the figures its wear is computed from.
--
-- prakiraan_ban keeps each tyre's forecast as of its latest inspection (wear per 1,000 km, the km per
-- day of the vehicle, the day of that inspection as a day number), rewritten whenever a round of the
-- tyre changes, so the dashboard reads the tyres near the minimum tread from an index instead of
-- computing every tyre. Purchase lines (ban) gain the tread depth when new (tebal_tapak_awal).
-- The audit trail gains the entity 'pemeriksaan_ban' (audit_log is rebuilt as in migration 012).

ALTER TABLE ban ADD COLUMN tebal_tapak_awal REAL;

CREATE TABLE pemeriksaan_ban (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_pemeriksaan  TEXT NOT NULL UNIQUE,
  kendaraan_id      INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  km                INTEGER NOT NULL,
  status            TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  tanggal_awal      TEXT NOT NULL,
  created_at        TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at        TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX pemeriksaan_ban_tanggal ON pemeriksaan_ban(tanggal_awal, id);
CREATE INDEX pemeriksaan_ban_kendaraan ON pemeriksaan_ban(kendaraan_id, tanggal_awal);

CREATE TABLE detail_pemeriksaan_ban (
  id                  INTEGER PRIMARY KEY AUTOINCREMENT,
  pemeriksaan_ban_id  INTEGER NOT NULL REFERENCES pemeriksaan_ban(id) ON DELETE CASCADE,
  ban_id              INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  posisi_ban          TEXT NOT NULL,
  tebal_tapak         REAL NOT NULL,
  tekanan             REAL,
  kondisi             TEXT NOT NULL CHECK (kondisi IN ('Baik', 'Aus tidak rata', 'Retak', 'Benjol', 'Tertusuk', 'Lainnya')),
  keterangan          TEXT,
  km_ban              INTEGER NOT NULL,
  created_at          TEXT NOT NULL DEFAULT (datetime('now')),
  UNIQUE (pemeriksaan_ban_id, posisi_ban)
);
CREATE INDEX detail_pemeriksaan_ban_ban ON detail_pemeriksaan_ban(ban_id);

CREATE TABLE prakiraan_ban (
  ban_id               INTEGER PRIMARY KEY REFERENCES ban(id) ON DELETE CASCADE,
  kendaraan_id         INTEGER REFERENCES kendaraan(id) ON DELETE SET NULL,
  detail_id            INTEGER NOT NULL REFERENCES detail_pemeriksaan_ban(id) ON DELETE CASCADE,
  tebal_tapak          REAL NOT NULL,
  keausan_per_1000_km  REAL,
  km_per_hari          REAL,
  hari_periksa         INTEGER NOT NULL
);
CREATE INDEX prakiraan_ban_tebal ON prakiraan_ban(tebal_tapak);

DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
CREATE TABLE _new_audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL CHECK (entitas IN ('pembelian_ban', 'pemasangan_ban', 'pelepasan_ban', 'rotasi_ban', 'pemeriksaan_ban', 'akses')),
  entitas_id INTEGER NOT NULL,
  aksi       TEXT NOT NULL CHECK (aksi IN ('dibuat', 'diubah', 'posting', 'unpost', 'hapus', 'akses_diubah')),
  user_id    INTEGER,
  nama_user  TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  detail     TEXT,
  kode_user  TEXT
);
INSERT INTO _new_audit_log (id, entitas, entitas_id, aksi, user_id, nama_user, created_at, detail, kode_user)
  SELECT id, entitas, entitas_id, aksi, user_id, nama_user, created_at, detail, kode_user FROM audit_log ORDER BY id;
DROP TABLE audit_log;
ALTER TABLE _new_audit_log RENAME TO audit_log;
CREATE INDEX audit_log_entitas ON audit_log (entitas, entitas_id, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
