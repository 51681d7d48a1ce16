-- The audit trail: who created, changed, posted, unposted or deleted a purchase or a
-- fitting (later a removal), and who changed whose access rights. Append-only: written by the api in
-- the same transaction as the change (api/audit.ts), never edited or deleted through any call (the
-- triggers below refuse it). The acting user's name is kept as it was (nama_user), and no foreign
-- key ties a row to its user or its document: the history of a deleted document or user stays.
CREATE TABLE audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL CHECK (entitas IN ('pembelian_ban', 'pemasangan_ban', 'pelepasan_ban', 'akses')),
  entitas_id INTEGER NOT NULL,
  aksi       TEXT NOT NULL CHECK (aksi IN ('dibuat', 'diubah', 'posting', 'unpost', 'hapus', 'akses_diubah')),
  user_id    INTEGER,
  nama_user  TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  detail     TEXT
);

CREATE INDEX audit_log_entitas ON audit_log (entitas, entitas_id, id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
