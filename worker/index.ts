/** Entry point of the Worker: the HTTP API, and the Durable Object classes that wrangler.toml binds. */
import { createApp } from "./app";
import { scheduled } from "./scheduled";

export { DatasetObject } from "../durable-objects/dataset-object";
export { RateLimiter } from "../durable-objects/rate-limiter";
export { SearchObject } from "../durable-objects/search-object";
export { SolveQueue } from "../durable-objects/solve-queue";

const app = createApp();

export default {
  fetch: app.fetch,
  // Daily retention cleanup of webhook logs (30 days); see [triggers] in wrangler.toml.
  scheduled,
} satisfies ExportedHandler<import("../platform/env").Env>;
