#!/usr/bin/env node
/**
 * `npm start`: build the Wasm solver and the browser planner (web/dist), apply the local D1 migrations and run `wrangler dev` offline on
 * http://127.0.0.1:$PORT (default 8787) with local D1, R2 and Durable Objects persisted in .wrangler/state.
 *
 * The API key and SECRETS_KEY: from the environment when set, else from .dev.vars, else generated on first start; either
 * way written to .dev.vars, which wrangler reads (never passed on its command line, where `ps` would show them).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareDevVars, wranglerDevArgs } from "./dev-vars.mjs";
import { patchWranglerProxy } from "./patch-wrangler-proxy.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT || "8787";
const devVars = join(root, ".dev.vars");

// Offline: no metrics, no error reports, no banner, no Cloudflare API calls; wrangler's files stay in the project.
mkdirSync(join(root, ".xdg"), { recursive: true });
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME || join(root, ".xdg"),
};

// The secrets go to wrangler through .dev.vars, never its command line (scripts/dev-vars.mjs).
const { values, sources } = prepareDevVars(devVars);
const apiKey = values.BOOTSTRAP_API_KEY;
const keySource = sources.BOOTSTRAP_API_KEY;

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npm", ["run", "--silent", "build:wasm"]);
run("npm", ["run", "--silent", "build:web"]); // the browser planner, served at / (wrangler.toml [assets])
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
patchWranglerProxy(); // wrangler's request proxy would hold a GET forever after a failed connection (README "Load")

console.log(`\nRota API key (from ${keySource}):\n  ${apiKey}\n`);
console.log(`Try: curl -H "X-API-KEY: ${apiKey}" http://127.0.0.1:${port}/api/models/employee-scheduling/v1/demo-data\n`);

const wrangler = spawn("npx", wranglerDevArgs(port), { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));
