/**
 * A large submission against a fresh `wrangler dev` (README "Load"): POST SHIFTS generated shifts gzip-compressed
 * (`MAX_BODY_BYTES` raised), then GET the dataset GETS times, 2 s apart, and DELETE it, printing each request's time and
 * status. `tsx bench/stall-xl.ts [SHIFTS] [GETS]` (default 400,000 and 6). Settings: STALL_VARS (JSON, more `[vars]`,
 * e.g. '{"SLICE_PAUSE_MS":"150000"}'), STALL_LOG (a file that wrangler's output is copied to every second),
 * KEEP_STATE=1 (keep the state folder, to restart on it or read its SQLite files), WRANGLER_ARGS.
 */
import { gzipSync } from "node:zlib";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, WranglerDev } from "../test/e2e/wrangler-dev";
import { generateInstance } from "./generate";

const shifts = Number(process.argv[2] ?? 400_000);
const gets = Number(process.argv[3] ?? 6);
const key = "stall-key";
const ROOT = "/api/models/employee-scheduling/v1/schedules";
const t0 = Date.now();
const ts = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

const input = generateInstance({ shifts, employees: Math.ceil(shifts / 50), seed: 7, features: true });
const json = JSON.stringify({ modelInput: input, config: { run: { name: "xl", termination: { spentLimit: "PT10M" } } } });
const body = gzipSync(json);
console.log(`${ts()} body ${json.length} bytes, gzip ${body.length}`);
const dir = mkdtempSync(join(tmpdir(), "rota-stall-"));
const dev = new WranglerDev(await freePort(), dir, key, { MAX_BODY_BYTES: String(400_000_000), RATE_LIMIT_PER_MINUTE: "0", ...JSON.parse(process.env.STALL_VARS ?? "{}") }, (process.env.WRANGLER_ARGS ?? "").split(" ").filter(Boolean));
const flush = setInterval(() => process.env.STALL_LOG && writeFileSync(process.env.STALL_LOG, dev.log), 1000);
try {
  await dev.start();
  console.log(`${ts()} started ${dev.baseUrl}`);
  const call = async (method: string, path: string, b?: Uint8Array, timeoutMs = 300_000) => {
    const start = Date.now();
    try {
      const res = await fetch(`${dev.baseUrl}${ROOT}${path}`, {
        method,
        body: b as BodyInit | undefined,
        headers: { "X-API-KEY": key, "Content-Type": "application/json", ...(b ? { "Content-Encoding": "gzip" } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      console.log(`${ts()} ${method} ${path} -> ${res.status} ${text.length} bytes in ${Date.now() - start} ms ${res.status >= 300 ? text.slice(0, 300) : ""}`);
      return { status: res.status, text };
    } catch (err) {
      console.log(`${ts()} ${method} ${path} -> ERROR after ${Date.now() - start} ms: ${err}`);
      return { status: 0, text: "" };
    }
  };
  const posted = await call("POST", "", body);
  const id = posted.status === 202 ? (JSON.parse(posted.text) as { id: string }).id : null;
  if (id) {
    for (let i = 0; i < gets; i++) {
      const r = await call("GET", `/${id}`);
      if (r.status === 200) console.log(`   status ${(JSON.parse(r.text) as { metadata: { solverStatus: string; score: string } }).metadata.solverStatus}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    await call("DELETE", `/${id}`);
  }
} finally {
  clearInterval(flush);
  if (process.env.STALL_LOG) writeFileSync(process.env.STALL_LOG, dev.log);
  await dev.stop().catch(() => undefined);
  if (process.env.KEEP_STATE) console.log(`state kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
