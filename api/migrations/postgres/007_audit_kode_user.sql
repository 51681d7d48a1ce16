-- The acting user's login name (kode_user) beside the name as it was (nama_user) in the audit trail:
-- nama_user is the linked employee's name, which anyone with Karyawan Update can change, so the trail
-- also keeps who logged in (api/audit.ts). A column only: the append-only triggers stay; rows
-- written before this migration have none (NULL).
ALTER TABLE audit_log ADD COLUMN kode_user TEXT;
