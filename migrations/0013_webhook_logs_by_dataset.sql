-- GET <root>/{id}/logs reads the webhook deliveries of one dataset (README "Run logs").
CREATE INDEX IF NOT EXISTS webhook_logs_by_dataset ON webhook_logs (tenant_id, dataset_id, timestamp);
