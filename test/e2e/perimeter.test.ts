/**
 * The perimeter on the real `wrangler dev` (README "Limits against abuse"): the request budget of a key held by its
 * RateLimiter Durable Object across requests, CORS preflights, and the headers of the API and of the planner's
 * static files (web/public/_headers, applied by the static-assets layer that the workers tests do not run).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-perimeter-key";
const APP = "https://planner.example.com";
let dev: WranglerDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rota-e2e-perimeter-"));
  dev = new WranglerDev(await freePort(), dir, KEY, {
    RATE_LIMIT_PER_MINUTE: "60",
    RATE_LIMIT_BURST: "5",
    CORS_ALLOWED_ORIGINS: APP,
  });
  await dev.start();
});

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const schedules = () =>
  fetch(`${dev.baseUrl}/api/models/employee-scheduling/v1/schedules`, { headers: { "X-API-KEY": KEY, Origin: APP } });

describe("wrangler dev", () => {
  it("limits a key to its burst, answers 429 with Retry-After, and admits it again once a token is back", async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 20 && !limited; i++) {
      const res = await schedules();
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      else await res.body?.cancel();
    }
    // Five in the burst; at 1 token per second a sixth may have refilled while the five ran.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(limited).not.toBeNull();
    const retryAfter = Number(limited!.headers.get("Retry-After"));
    expect(retryAfter).toBe(1);
    expect(limited!.headers.get("Access-Control-Allow-Origin")).toBe(APP);
    expect((await limited!.json()) as { code: string }).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    expect((await schedules()).status).toBe(200);
  });

  it("answers a CORS preflight without a key", async () => {
    const res = await fetch(`${dev.baseUrl}/api/platform/v1/webhooks`, {
      method: "OPTIONS",
      headers: { Origin: APP, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(APP);
    expect(res.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
  });

  it("serves the planner with its own headers and the API with a CSP that forbids everything", async () => {
    const page = await fetch(`${dev.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("X-Frame-Options")).toBe("DENY");
    expect(page.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(page.headers.get("Content-Security-Policy")).toBeNull();
    const wasm = await fetch(`${dev.baseUrl}/rota.wasm`);
    expect(wasm.headers.get("Content-Type")).toBe("application/wasm");
    expect(wasm.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const doc = await fetch(`${dev.baseUrl}/api/openapi.json`);
    expect(doc.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(doc.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
