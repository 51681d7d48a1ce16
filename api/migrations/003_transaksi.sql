-- The tyres of a fitting are read by pemasangan_ban_id (invoice, inquiry edit screen, grand_total and km
-- recomputation, ON DELETE CASCADE); without this index each of those scans every fitted tyre.
CREATE INDEX IF NOT EXISTS detail_pemasangan_ban_pemasangan ON detail_pemasangan_ban(pemasangan_ban_id);
