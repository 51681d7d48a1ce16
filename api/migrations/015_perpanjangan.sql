-- Registration renewals (an extension of the spec; docs/upstream-contract.md "Extensions: registration
-- renewals"): a vehicle's STNK or KIR renewed, with its cost and receipt photo. Saving one moves the
-- vehicle's expiry (and, for STNK, its STNK records') to the new date in the same transaction; the
-- renewal keeps the expiry it replaced (expired_lama, shown) and the stored dates it overwrote
-- (sebelumnya: JSON of the vehicle's own date and its STNK records' ids and dates), so deleting an
-- unposted renewal puts them back.
--
-- The audit trail gains the entity 'perpanjangan'. SQLite cannot change a CHECK in place: audit_log is
-- rebuilt with the same rows and ids (nothing references it); its append-only triggers are dropped for
-- the rebuild and made again.

CREATE TABLE perpanjangan (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_perpanjangan  TEXT NOT NULL UNIQUE,
  kendaraan_id       INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  jenis_dokumen      TEXT NOT NULL CHECK (jenis_dokumen IN ('STNK', 'KIR')),
  expired_lama       TEXT,
  expired_baru       TEXT NOT NULL,
  sebelumnya         TEXT,
  biaya              INTEGER NOT NULL CHECK (biaya > 0),
  tanggal_bayar      TEXT NOT NULL,
  gambar             TEXT,
  keterangan         TEXT,
  status             TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  created_at         TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at         TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX perpanjangan_tanggal ON perpanjangan(tanggal_bayar);
CREATE INDEX perpanjangan_kendaraan ON perpanjangan(kendaraan_id, jenis_dokumen, id);

DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
CREATE TABLE _new_audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL CHECK (entitas IN ('pembelian_ban', 'pemasangan_ban', 'pelepasan_ban', 'rotasi_ban', 'pemeriksaan_ban', 'klaim_ban', 'perpanjangan', 'akses')),
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
