-- The audit trail's entities are the api's documents (api/documents.ts) and 'akses'; recordAudit
-- (api/audit.ts) only writes those, by their type. The list is no longer repeated as a CHECK on
-- audit_log.entitas, so a new document's tables are its whole migration (one file in
-- api/migrations/common/ for both databases). SQLite cannot drop a CHECK in place: audit_log is rebuilt
-- with the same rows and ids (nothing references it); its append-only triggers are dropped for the
-- rebuild and made again. Its actions keep their CHECK.

DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
CREATE TABLE _new_audit_log (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  entitas    TEXT NOT NULL,
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
