/**
 * Three test projects (TOOLCHAIN.md):
 * - node: the Wasm engine and the TypeScript glue, in plain Node.
 * - workers: the Worker and Durable Objects inside workerd (vitest-pool-workers) with real local D1 and R2.
 * - browser: real headless Chromium driven by playwright-core.
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { mkdirSync } from "node:fs";

// wrangler.toml serves web/dist as static assets and the workers pool refuses a missing directory; `npm test` (and
// `npm run build:web`) fill it with the browser planner.
mkdirSync("web/dist", { recursive: true });

export const TEST_API_KEY = "test-bootstrap-key";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                BOOTSTRAP_API_KEY: TEST_API_KEY,
                // Alarms would also fire on their own; tests drive every slice with runDurableObjectAlarm.
                SLICE_PAUSE_MS: "3600000",
                // Platform: the AES-GCM key source of stored secrets, and webhook retries 1 s apart, not 10 s.
                SECRETS_KEY: "test-secrets-key-0123456789abcdef",
                WEBHOOK_RETRY_DELAY_MS: "1000",
                // The webhook receiver of the global setup listens on 127.0.0.1, which targets may not be otherwise.
                WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
                // Tests send requests in quick loops; the rate limit's own tests lower these per request.
                RATE_LIMIT_PER_MINUTE: "1000000",
                RATE_LIMIT_BURST: "1000000",
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          setupFiles: ["./test/workers/apply-migrations.ts"],
          // A real HTTP receiver on 127.0.0.1 for webhook deliveries (its port: inject("webhookReceiverPort")).
          globalSetup: ["./test/workers/webhook-receiver.global.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
