-- Configuration profiles (reference platform API `ConfigurationProfileDTO`) and the per-tenant solve queue limits.
-- A profile holds a run configuration (termination, threads) and model overrides (weights), as JSON; a dataset
-- submitted with `configurationId` gets them beneath its own config (README "Configuration profiles").

CREATE TABLE IF NOT EXISTS configuration_profiles (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  model_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  run_configuration TEXT NOT NULL,     -- JSON: {maxThreadCount?, termination?}
  model_configuration TEXT NOT NULL,   -- JSON: {overrides?}
  default_config_profile_id TEXT,      -- the profile it was created from, if any
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (tenant_id, model_id, name)
);

-- NULL: the plan's value (worker/platform/tenants.ts SOLVE_QUEUE_LIMITS); set by a platform administrator.
ALTER TABLE tenants ADD COLUMN max_concurrent_solves INTEGER;
ALTER TABLE tenants ADD COLUMN max_queued_datasets INTEGER;
