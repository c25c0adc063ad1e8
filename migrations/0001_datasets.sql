-- Index of datasets across Durable Objects (one DO per dataset owns the live state; this table serves listings).
CREATE TABLE IF NOT EXISTS tenants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- The tenant that the bootstrap API key (secret BOOTSTRAP_API_KEY) acts for.
INSERT OR IGNORE INTO tenants (id, name, plan, created_at)
VALUES ('default', 'Default tenant', 'FREE', '2026-01-01T00:00:00Z');

CREATE TABLE IF NOT EXISTS datasets (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  parent_id TEXT,
  origin_id TEXT NOT NULL,
  name TEXT NOT NULL,
  solver_status TEXT NOT NULL,
  score TEXT,
  tags TEXT NOT NULL,            -- JSON array of strings
  validation_summary TEXT,
  submit_date_time TEXT NOT NULL,
  start_date_time TEXT,
  active_date_time TEXT,
  complete_date_time TEXT,
  shutdown_date_time TEXT,
  failure_message TEXT,
  updated_at TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS datasets_by_tenant ON datasets (tenant_id, submit_date_time DESC, id);
