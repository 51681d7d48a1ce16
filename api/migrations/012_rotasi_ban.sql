-- Tyre rotation (an extension of the spec; docs/upstream-contract.md "Extensions: tyre rotation"): a
-- fitted tyre moves to another position of the same vehicle, or two fitted tyres swap positions. A
-- move changes the position of the fitting line that holds the tyre (detail_pemasangan_ban.posisi_ban),
-- so the tyre's km run since its fitting goes on across positions and the one rule of who holds a
-- position (api/routes/transaksi/posisi.ts) stays as it is. The moves are staged by vehicle and
-- registered as a document (RT000001 …), like the removals.
--
-- The tyre's history gains the kinds 'rotasi' and 'batal_rotasi' (posisi_ban: from, posisi_tujuan: to)
-- and the audit trail the entity 'rotasi_ban'. SQLite cannot change a CHECK in place: riwayat_ban and
-- audit_log are rebuilt with the same rows and ids (nothing references either table); audit_log's
-- append-only triggers are dropped for the rebuild and made again.

-- A rotation document: the staged moves of one vehicle, registered together. km: its highest move km.
CREATE TABLE rotasi_ban (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kode_rotasi  TEXT NOT NULL UNIQUE,
  kendaraan_id INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  km           INTEGER,
  status       TEXT NOT NULL DEFAULT 'unpost' CHECK (status IN ('unpost', 'posting')),
  tanggal_awal TEXT NOT NULL,
  created_at   TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at   TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX rotasi_ban_tanggal ON rotasi_ban(tanggal_awal);

-- One move: the tyre of posisi_asal (its fitting line) goes to posisi_tujuan at km; when posisi_tujuan
-- held a tyre, that one (ban_tukar_id, its fitting line) goes to posisi_asal (a swap).
-- rotasi_ban_id is NULL while staged.
CREATE TABLE detail_rotasi_ban (
  id                             INTEGER PRIMARY KEY AUTOINCREMENT,
  rotasi_ban_id                  INTEGER REFERENCES rotasi_ban(id) ON DELETE CASCADE,
  kendaraan_id                   INTEGER NOT NULL REFERENCES kendaraan(id) ON DELETE RESTRICT,
  posisi_asal                    TEXT NOT NULL,
  posisi_tujuan                  TEXT NOT NULL,
  km                             INTEGER NOT NULL,
  ban_id                         INTEGER NOT NULL REFERENCES ban(id) ON DELETE RESTRICT,
  detail_pemasangan_ban_id       INTEGER NOT NULL REFERENCES detail_pemasangan_ban(id) ON DELETE RESTRICT,
  ban_tukar_id                   INTEGER REFERENCES ban(id) ON DELETE RESTRICT,
  detail_pemasangan_ban_tukar_id INTEGER REFERENCES detail_pemasangan_ban(id) ON DELETE RESTRICT,
  created_at                     TEXT NOT NULL DEFAULT (datetime('now')),
  updated_at                     TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX detail_rotasi_ban_rotasi ON detail_rotasi_ban(rotasi_ban_id);
CREATE INDEX detail_rotasi_ban_kendaraan ON detail_rotasi_ban(kendaraan_id);
CREATE INDEX detail_rotasi_ban_pemasangan ON detail_rotasi_ban(detail_pemasangan_ban_id);
CREATE INDEX detail_rotasi_ban_pemasangan_tukar ON detail_rotasi_ban(detail_pemasangan_ban_tukar_id);

CREATE TABLE _new_riwayat_ban (
  id                       INTEGER PRIMARY KEY AUTOINCREMENT,
  ban_id                   INTEGER NOT NULL REFERENCES ban(id) ON DELETE CASCADE,
  jenis                    TEXT NOT NULL CHECK (jenis IN ('beli', 'pasang', 'batal_pasang', 'lepas', 'batal_lepas', 'terima_vulkanisir',
                                                          'rotasi', 'batal_rotasi')),
  tanggal                  TEXT NOT NULL,
  user_id                  INTEGER REFERENCES users(id) ON DELETE SET NULL,
  nama_user                TEXT,
  dokumen_jenis            TEXT CHECK (dokumen_jenis IS NULL OR dokumen_jenis IN ('pembelian', 'pemasangan', 'pelepasan', 'vulkanisir', 'rotasi')),
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
  created_at               TEXT NOT NULL DEFAULT (datetime('now')),
  posisi_tujuan            TEXT,
  detail_rotasi_ban_id     INTEGER REFERENCES detail_rotasi_ban(id) ON DELETE SET NULL
);
INSERT INTO _new_riwayat_ban (id, ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode, kendaraan_id,
    no_kabin, posisi_ban, km, km_tempuh, biaya, alasan, tujuan, tebal_tapak, keterangan, supplier_id, nama_supp,
    detail_pemasangan_ban_id, detail_pelepasan_ban_id, created_at)
  SELECT id, ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode, kendaraan_id,
    no_kabin, posisi_ban, km, km_tempuh, biaya, alasan, tujuan, tebal_tapak, keterangan, supplier_id, nama_supp,
    detail_pemasangan_ban_id, detail_pelepasan_ban_id, created_at
  FROM riwayat_ban ORDER BY id;
DROP TABLE riwayat_ban;
ALTER TABLE _new_riwayat_ban RENAME TO riwayat_ban;
CREATE INDEX riwayat_ban_ban ON riwayat_ban(ban_id, created_at, id);
CREATE INDEX riwayat_ban_pemasangan ON riwayat_ban(detail_pemasangan_ban_id);
CREATE INDEX riwayat_ban_pelepasan ON riwayat_ban(detail_pelepasan_ban_id);
CREATE INDEX riwayat_ban_rotasi ON riwayat_ban(detail_rotasi_ban_id);

DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
CREATE TABLE _new_audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL CHECK (entitas IN ('pembelian_ban', 'pemasangan_ban', 'pelepasan_ban', 'rotasi_ban', 'akses')),
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
