/** Entry point of the Worker: the HTTP API, and the Durable Object classes that wrangler.toml binds. */
import { createApp } from "./app";

export { DatasetObject } from "../durable-objects/dataset-object";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<import("./env").Env>;
