#!/usr/bin/env node
/**
 * `npm start`: build the Wasm solver and the browser planner (web/dist), apply the local D1 migrations and run `wrangler dev` offline on
 * http://127.0.0.1:$PORT (default 8787) with local D1, R2 and Durable Objects persisted in .wrangler/state.
 *
 * The API key: $BOOTSTRAP_API_KEY when set; otherwise the one in .dev.vars, written with a random key on first start.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

function readDevVarsKey() {
  if (!existsSync(devVars)) return undefined;
  const match = /^BOOTSTRAP_API_KEY\s*=\s*"?([^"\n]+)"?\s*$/m.exec(readFileSync(devVars, "utf8"));
  return match?.[1];
}

let apiKey = process.env.BOOTSTRAP_API_KEY;
let keySource = "the BOOTSTRAP_API_KEY environment variable";
if (!apiKey) {
  apiKey = readDevVarsKey();
  keySource = ".dev.vars";
  if (!apiKey) {
    apiKey = `rota_${randomBytes(24).toString("base64url")}`;
    writeFileSync(devVars, `BOOTSTRAP_API_KEY="${apiKey}"\n`, { mode: 0o600 });
    keySource = ".dev.vars (new random key)";
  }
}

// The key from which stored secrets are encrypted (AES-GCM): $SECRETS_KEY, else generated once into .dev.vars.
let secretsKey = process.env.SECRETS_KEY;
if (!secretsKey) {
  const vars = existsSync(devVars) ? readFileSync(devVars, "utf8") : "";
  secretsKey = /^SECRETS_KEY\s*=\s*"?([^"\n]+)"?\s*$/m.exec(vars)?.[1];
  if (!secretsKey) {
    secretsKey = randomBytes(32).toString("base64url");
    writeFileSync(devVars, `${vars}${vars && !vars.endsWith("\n") ? "\n" : ""}SECRETS_KEY="${secretsKey}"\n`, { mode: 0o600 });
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npm", ["run", "--silent", "build:wasm"]);
run("npm", ["run", "--silent", "build:web"]); // the browser planner, served at / (wrangler.toml [assets])
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);

console.log(`\nRota API key (from ${keySource}):\n  ${apiKey}\n`);
console.log(`Try: curl -H "X-API-KEY: ${apiKey}" http://127.0.0.1:${port}/api/models/employee-scheduling/v1/demo-data\n`);

const wrangler = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--var", `BOOTSTRAP_API_KEY:${apiKey}`, "--var", `SECRETS_KEY:${secretsKey}`, "--show-interactive-dev-session=false"],
  { cwd: root, env, stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code) => process.exit(code ?? 0));
