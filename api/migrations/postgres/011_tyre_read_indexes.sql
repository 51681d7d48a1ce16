-- The tyre reads that count or sum over every tyre (the dashboard's tyre panels, Stok Ban's km totals,
-- the cost-per-km report) read these indexes alone: the tyres by state and size, each tyre's removal
-- km and each tyre's retread costs.
CREATE INDEX IF NOT EXISTS ban_status_ukuran ON ban(status, ukuran_id);
CREATE INDEX IF NOT EXISTS detail_pelepasan_ban_ban_km ON detail_pelepasan_ban(ban_id, km_tempuh);
CREATE INDEX IF NOT EXISTS vulkanisir_ban_ban_biaya ON vulkanisir_ban(ban_id, biaya);
