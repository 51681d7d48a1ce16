-- Paged lists (the extension 'paged-lists'): the purchase lists are filtered by date and status and
-- ordered by date in SQL, one page at a time; these indexes serve those filters and orders.
CREATE INDEX IF NOT EXISTS pembelian_ban_tanggal_id ON pembelian_ban(tanggal_awal, id);
CREATE INDEX IF NOT EXISTS pembelian_ban_status_tanggal ON pembelian_ban(status, tanggal_awal);
CREATE INDEX IF NOT EXISTS pembelian_ban_supplier ON pembelian_ban(supplier_id);
