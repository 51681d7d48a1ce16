-- The login throttle: failed logins per kode_user AND client address, in the database so
-- that every api process on it counts the same failures (api/auth.ts). `failures` counts the failures
-- since the key's last quiet spell of WINDOW_MS; first_at / last_at are milliseconds since the epoch.
-- Not versioned (api/versions.ts UNTRACKED): no list depends on it.
CREATE TABLE login_failures (
  key      TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  first_at BIGINT NOT NULL,
  last_at  BIGINT NOT NULL
);

CREATE INDEX login_failures_last_at ON login_failures (last_at);
