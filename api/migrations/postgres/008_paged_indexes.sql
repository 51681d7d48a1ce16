-- Paged lists (the extension 'paged-lists'): the purchase lists are filtered by date and status and
-- ordered by date in SQL, one page at a time; these indexes serve those filters and orders.
CREATE INDEX IF NOT EXISTS pembelian_ban_tanggal_id ON pembelian_ban(tanggal_awal, id);
CREATE INDEX IF NOT EXISTS pembelian_ban_status_tanggal ON pembelian_ban(status, tanggal_awal);
CREATE INDEX IF NOT EXISTS pembelian_ban_supplier ON pembelian_ban(supplier_id);

-- SQLite's printf('%,d', n) (a whole number with thousands commas), the one form the searches use:
-- a grand total is found as the screens show it (1.500.000, the commas made dots).
CREATE FUNCTION printf(fmt text, n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN fmt = '%,d' THEN to_char(n, 'FM999,999,999,999,999,999,990') END
$$;
