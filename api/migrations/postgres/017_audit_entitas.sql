-- The audit trail's entities are the api's documents (api/documents.ts) and 'akses'; recordAudit
-- (api/audit.ts) only writes those, by their type. The list is no longer repeated as a CHECK on
-- audit_log.entitas, so a new document's tables are its whole migration (one file in
-- api/migrations/common/ for both databases). Its actions keep their CHECK.

ALTER TABLE audit_log DROP CONSTRAINT audit_log_entitas_check;
