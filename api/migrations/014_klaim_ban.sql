-- Tyre claims (an extension of the spec; docs/upstream-contract.md "Extensions: tyre claims"): a tyre
-- removed early (alasan Pecah or Klaim Garansi, below its target km) is charged to whoever owes it:
-- its supplier under warranty or the employee responsible. The claim keeps the figures it was
-- computed from (price, target km, km run) as they were when it was raised, the computed amount and
-- the amount charged (a user may change it, with a reason). One claim per removal line.
--
-- The audit trail gains the entity 'klaim_ban'. SQLite cannot change a CHECK in place: audit_log is
-- rebuilt with the same rows and ids (nothing references it); its append-only triggers are dropped for
-- the rebuild and made again.

CREATE TABLE klaim_ban (
  id                      INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_klaim              TEXT NOT NULL UNIQUE,
  tanggal_awal            TEXT NOT NULL,
  detail_pelepasan_ban_id INTEGER NOT NULL UNIQUE REFERENCES detail_pelepasan_ban(id) ON DELETE RESTRICT,
  ban_id                  INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  jenis                   TEXT NOT NULL CHECK (jenis IN ('Garansi Supplier', 'Karyawan')),
  supplier_id             INTEGER REFERENCES supplier(id) ON DELETE RESTRICT,
  karyawan_id             INTEGER REFERENCES karyawan(id) ON DELETE RESTRICT,
  harga                   INTEGER NOT NULL,
  target_km               INTEGER NOT NULL,
  km_tempuh               INTEGER NOT NULL,
  nilai_hitung            INTEGER NOT NULL CHECK (nilai_hitung >= 0),
  nilai_klaim             INTEGER NOT NULL CHECK (nilai_klaim >= 0),
  alasan_ubah_nilai       TEXT,
  status_klaim            TEXT NOT NULL DEFAULT 'Diajukan' CHECK (status_klaim IN ('Diajukan', 'Disetujui', 'Ditolak')),
  status                  TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  keterangan              TEXT,
  created_at              TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at              TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX klaim_ban_tanggal ON klaim_ban(tanggal_awal);
CREATE INDEX klaim_ban_ban ON klaim_ban(ban_id, status_klaim);

DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
CREATE TABLE _new_audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL CHECK (entitas IN ('pembelian_ban', 'pemasangan_ban', 'pelepasan_ban', 'rotasi_ban', 'pemeriksaan_ban', 'klaim_ban', 'akses')),
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
