-- Tenancy and the platform API (spec §2.9-§2.11, §5, §6): members and their personal access tokens, API keys,
-- secrets, webhooks, webhook delivery logs, admin notifications and the audit log. Every row belongs to one tenant.
-- Credentials are stored only as SHA-256 hashes; secret values and HMAC keys only as AES-GCM ciphertext.

ALTER TABLE tenants ADD COLUMN tenant_group TEXT;

CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  email TEXT,                    -- NULL only for the bootstrap administrator
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS members_by_email ON members (tenant_id, email);

-- The holder of the Worker secret BOOTSTRAP_API_KEY: the default tenant's first administrator.
INSERT OR IGNORE INTO members (id, tenant_id, email, name, role, created_at, updated_at)
VALUES ('bootstrap', 'default', NULL, 'bootstrap', 'ADMIN', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');

-- Personal access tokens: a member's credential for the platform API (Authorization: Bearer).
CREATE TABLE IF NOT EXISTS access_tokens (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  member_id TEXT NOT NULL,           -- no foreign key: a removed member's tokens stay, revoked, for the record
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,   -- hex SHA-256 of the token
  token_prefix TEXT NOT NULL,        -- first characters, to recognise a token in listings
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS access_tokens_by_member ON access_tokens (tenant_id, member_id);

-- API keys of the model APIs (spec §2.10): no user context, model scope, CRUD permissions, expiry.
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,     -- hex SHA-256 of the key
  key_prefix TEXT NOT NULL,
  permissions TEXT NOT NULL,         -- JSON array of CREATE | READ | UPDATE | DELETE
  models TEXT,                       -- JSON array of model ids; NULL = all models
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_by_tenant ON api_keys (tenant_id, created_at DESC);

CREATE TABLE IF NOT EXISTS secrets (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  ciphertext TEXT NOT NULL,          -- "v1.<iv base64>.<AES-GCM ciphertext base64>"
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (tenant_id, name)
);

CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  url TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  headers TEXT NOT NULL,             -- JSON object name -> value template
  auth_type TEXT NOT NULL CHECK (auth_type IN ('NONE', 'HMAC')),
  hmac_method TEXT NOT NULL CHECK (hmac_method IN ('BODY', 'PATH')),
  hmac_key TEXT,                     -- AES-GCM ciphertext like secrets.ciphertext, or NULL
  hmac_key_secret TEXT,              -- or the name of the secret that holds the key ({secret:NAME})
  filter_statuses TEXT,              -- JSON array or NULL
  filter_name_regex TEXT,
  filter_tags TEXT,                  -- JSON array or NULL
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhooks_by_tenant ON webhooks (tenant_id, created_at);

-- One row per delivery attempt (spec §6.2 rule 5), kept 30 days by the scheduled cleanup.
CREATE TABLE IF NOT EXISTS webhook_logs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  delivery_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,          -- 0 = first delivery, 1..10 = retries
  timestamp TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  http_status INTEGER,
  outcome TEXT NOT NULL,             -- DELIVERED | RETRY_SCHEDULED | FAILED | TIMEOUT
  dataset_id TEXT NOT NULL,
  dataset_status TEXT NOT NULL,
  model TEXT NOT NULL,
  model_version TEXT NOT NULL,
  message TEXT NOT NULL,
  payload TEXT NOT NULL,             -- the delivered JSON body, so that the delivery can be resent
  resend_of TEXT
);
CREATE INDEX IF NOT EXISTS webhook_logs_by_webhook ON webhook_logs (tenant_id, webhook_id, timestamp DESC);
CREATE INDEX IF NOT EXISTS webhook_logs_by_time ON webhook_logs (timestamp);

-- Notifications to tenant administrators (at most one webhook-failure notice per tenant per 2 hours).
CREATE TABLE IF NOT EXISTS notifications (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  recipients TEXT NOT NULL,          -- JSON array of e-mail addresses
  link TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX IF NOT EXISTS notifications_by_tenant ON notifications (tenant_id, kind, created_at DESC);

CREATE TABLE IF NOT EXISTS audit_log (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  actor TEXT NOT NULL,               -- member e-mail, or "bootstrap"
  actor_id TEXT NOT NULL,            -- member id
  credential_id TEXT NOT NULL,       -- the access token (or "bootstrap") that made the call
  action TEXT NOT NULL,              -- e.g. API_KEY_CREATED
  resource_type TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  details TEXT NOT NULL              -- JSON object, never a secret value
);
CREATE INDEX IF NOT EXISTS audit_log_by_tenant ON audit_log (tenant_id, timestamp DESC);
