/**
 * `wrangler dev`'s request proxy when its connection to the Worker's runtime fails (README "Load"). Unmended,
 * wrangler 4.86's proxy took every such failure for a reload: a POST was answered `503 Your worker restarted
 * mid-request`, and a GET was parked until a reload that never came, so it was never answered. Killing the runtime
 * (as its crash does) makes every forwarded request fail at once, deterministically; the same path is taken when a
 * pooled keep-alive connection is closed by the runtime as a request is written to it, which happens at random and
 * more often on a loaded machine. scripts/patch-wrangler-proxy.mjs mends it; WranglerDev.start applies it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-key";
const LISTING = "/api/models/employee-scheduling/v1/schedules?size=1";
let dev: WranglerDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rota-e2e-proxy-"));
  dev = new WranglerDev(await freePort(), dir, KEY);
  await dev.start();
});

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function send(method: string, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${dev.baseUrl}${path}`, {
    method,
    body: method === "POST" ? "{}" : undefined,
    headers: { "X-API-KEY": KEY, "Content-Type": "application/json" },
    // Unmended, the GET below waited here until this limit.
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, text: await res.text() };
}

it("answers a request whose connection to the runtime fails, GET included, instead of holding it forever", async () => {
  expect((await send("GET", LISTING)).status).toBe(200);
  dev.killRuntime();
  const get = await send("GET", LISTING);
  expect(get.status).toBe(503);
  expect(get.text).toMatch(/lost its connection to the worker's runtime .* after 3 attempt\(s\)/);
  // A POST is not sent again by the proxy (its body is spent), and is no longer called a restart of the worker.
  const post = await send("POST", "/api/models/employee-scheduling/v1/schedules");
  expect(post.status).toBe(503);
  expect(post.text).toMatch(/lost its connection to the worker's runtime .* after 1 attempt\(s\); the request may not have reached the worker/);
  expect(post.text).not.toMatch(/restarted/);
  // Nothing silent: each failed attempt is in wrangler's output.
  await new Promise((r) => setTimeout(r, 500));
  expect(dev.log).toMatch(/\[ProxyWorker\] GET \/api\/models\/employee-scheduling\/v1\/schedules: the connection to the runtime failed \(.*\) on attempt 1; sending it again/);
  expect(dev.log).toMatch(/\[ProxyWorker\] POST \/api\/models\/employee-scheduling\/v1\/schedules: the connection to the runtime failed \(.*\) on attempt 1; answered 503/);
});
