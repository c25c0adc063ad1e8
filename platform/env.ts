/** The bindings of the Worker and its Durable Objects, typed once (STYLE.md). Mirrors wrangler.toml. */
import type { DatasetObject } from "../durable-objects/dataset-object";
import type { RateLimiter } from "../durable-objects/rate-limiter";
import type { SearchObject } from "../durable-objects/search-object";
import type { SolveQueue } from "../durable-objects/solve-queue";

export interface Env {
  /** One Durable Object per dataset, addressed by `idFromName(datasetId)`. */
  DATASETS: DurableObjectNamespace<DatasetObject>;
  /** Extra searches of a dataset when maxThreadCount > 1, addressed by `idFromName("<datasetId>/search/<k>")`. */
  SEARCHES: DurableObjectNamespace<SearchObject>;
  /** One request budget per credential, addressed by `idFromName("<tenantId>/<credentialId>")` (worker/rate-limit.ts). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** One solve queue per tenant, addressed by `idFromName(tenantId)` (README "Solve queue"). */
  SOLVE_QUEUES: DurableObjectNamespace<SolveQueue>;
  /** Index rows across datasets (listing); see migrations/. */
  DB: D1Database;
  /** Inputs and outputs of datasets: `datasets/<id>/request.json`, `datasets/<id>/output.json`. */
  BLOBS: R2Bucket;
  /** The browser planner (web/dist, wrangler.toml [assets]); requests outside /api/* are answered from it first. */
  ASSETS?: Fetcher;
  /** Full-permission API key of the default tenant (a Worker secret; `.dev.vars` locally). */
  BOOTSTRAP_API_KEY: string;
  /** Milliseconds between solver slices (alarms). Unset or 0 in production; the workers tests set it high. */
  SLICE_PAUSE_MS?: string;
  /** Version reported in webhooks and metadata. */
  MODEL_VERSION: string;
  /** Worker secret from which the AES-GCM key of stored secrets and webhook HMAC keys is derived (`.dev.vars`). */
  SECRETS_KEY?: string;
  /** Public origin of the API, for the runLink and outputLink of webhook payloads. Default http://127.0.0.1:8787. */
  PUBLIC_BASE_URL?: string;
  /** Milliseconds between webhook delivery retries: 10000 (spec §6.2); the workers tests shorten it. */
  WEBHOOK_RETRY_DELAY_MS?: string;
  /**
   * Webhook targets admitted although private, loopback or internal (platform/webhook-target.ts):
   * comma-separated names, IP addresses and CIDR ranges. Unset: only public targets.
   */
  WEBHOOK_ALLOWED_HOSTS?: string;
  /** Origins whose browser apps may call /api/* (worker/cors.ts): comma-separated, or `*`. Unset: none but our own. */
  CORS_ALLOWED_ORIGINS?: string;
  /** Requests per minute per credential (default 600; 0: no limit) and the burst above it (default 120). */
  RATE_LIMIT_PER_MINUTE?: string;
  RATE_LIMIT_BURST?: string;
  /** Largest request body in bytes, compressed or not (default 10 MB; README "Request bodies"). */
  MAX_BODY_BYTES?: string;
}
