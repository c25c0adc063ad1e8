import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run outside per-test storage isolation, so migrations apply once per test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Storage lasts for the whole file, so datasets that other tests leave unfinished would hold the default tenant's few
// solve-queue places: the default tenant gets room. The queue's own tests use tenants of their own, with plan limits.
await env.DB.prepare(`UPDATE tenants SET max_concurrent_solves = 1000, max_queued_datasets = 100000 WHERE id = 'default'`).run();
