-- Paged lists (the extension 'paged-lists'): the fitting list, its inquiry and the removal list are
-- filtered by posting state and date in SQL, one page at a time (the inquiry's status filter, the
-- dashboard's unposted backlog); these indexes serve that filter with the date range after it.
CREATE INDEX IF NOT EXISTS pemasangan_ban_status_tanggal ON pemasangan_ban(status, tanggal_awal);
CREATE INDEX IF NOT EXISTS pelepasan_ban_status_tanggal ON pelepasan_ban(status, tanggal_awal);
