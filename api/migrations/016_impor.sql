-- Imports from a spreadsheet (an extension of the spec; docs/upstream-contract.md "Extensions: import
-- from Excel"): a batch of rows the app read from a file is staged here with the rows it refused, so the
-- preview page and 'Simpan semua' of any app instance read the same batch by its id. The rows are kept
-- as JSON until they are saved (all in one transaction) or the batch expires.
CREATE TABLE impor_batch (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  jenis       TEXT NOT NULL,
  user_id     INTEGER NOT NULL,
  nama_file   TEXT,
  baris       TEXT NOT NULL,
  total       INTEGER NOT NULL,
  siap        INTEGER NOT NULL,
  ditolak     TEXT NOT NULL,
  created_at  TEXT NOT NULL DEFAULT (datetime('now')),
  expires_at  TEXT NOT NULL,
  disimpan_at TEXT
);
CREATE INDEX impor_batch_expires ON impor_batch(expires_at);
