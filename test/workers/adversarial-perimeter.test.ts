/**
 * Hostile input at the perimeter (README "Limits against abuse"): regular expressions from tenants, webhook targets,
 * CORS, security headers and request rates. Everything goes through the real HTTP surface inside workerd; webhooks
 * go to the real 127.0.0.1 receiver of the global setup (allowed by WEBHOOK_ALLOWED_HOSTS in vitest.config.ts).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../platform/env";
import { smallInput } from "./helpers";
import {
  call,
  createKey,
  createTenant,
  driveAs,
  ok,
  PLATFORM,
  RECEIVER,
  received,
  scenario,
  SCHEDULES,
  submitAs,
  waitFor,
  type Req,
} from "./platform-helpers";

const EVIL_REGEX = "^(a+)+$";
/** Backtracking engines take ~2^31 steps on this name against EVIL_REGEX; RE2 takes one pass. */
const EVIL_NAME = `${"a".repeat(31)}!`;

async function postWebhook(admin: Req, body: Record<string, unknown>): Promise<Response> {
  return call(`${PLATFORM}/webhooks`, { ...admin, method: "POST", json: body });
}

describe("regular expressions from tenants run on a linear-time engine", () => {
  let attacker: Req;
  let attackerKey: string;
  let victimKey: string;

  beforeAll(async () => {
    const a = await createTenant("Attacker");
    attacker = a.as;
    attackerKey = (await createKey({ name: "attacker" }, attacker)).key;
    const v = await createTenant("Victim");
    victimKey = (await createKey({ name: "victim" }, v.as)).key;
  });

  it("another tenant's GET answers within 2 s while a pathological filter meets a matching name (fairness)", async () => {
    const url = await scenario("redos");
    await ok(postWebhook(attacker, { url, filters: { datasetNameRegex: EVIL_REGEX } }), 201);
    // A duplicate shift id makes the input invalid: DATASET_INVALID is an event, fanned out during this very POST.
    const input = smallInput();
    input.shifts.push({ ...input.shifts[0] });
    const attack = call(SCHEDULES, { key: attackerKey, method: "POST", json: { modelInput: input, config: { run: { name: EVIL_NAME } } } });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const res = await call(SCHEDULES, { key: victimKey });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect((await attack).status).toBe(400);
    expect(elapsed).toBeLessThan(2_000);
    // Anchored ^...$ does not match "aaa...!", so nothing is delivered; a name that matches is delivered.
    const ok2 = call(SCHEDULES, { key: attackerKey, method: "POST", json: { modelInput: input, config: { run: { name: "aaaa" } } } });
    expect((await ok2).status).toBe(400);
    const got = await waitFor("the matching event", () => received("redos"), (r) => r.length >= 1);
    expect(got.map((d) => (JSON.parse(d.body) as { name: string }).name)).toEqual(["aaaa"]);
  });

  it.each([
    ["([", "missing closing"],
    ["(a)\\1", "invalid escape"],
    ["(?=a)", "unsupported"],
    ["a".repeat(1001), "at most 1000"],
  ])("refuses %s at save time with a 400 naming filters.datasetNameRegex", async (regex, why) => {
    const res = await postWebhook(attacker, { url: "https://hooks.example.com/x", filters: { datasetNameRegex: regex } });
    const body = await res.json<{ code: string; details: string }>();
    expect(res.status).toBe(400);
    expect(body.details).toContain("filters.datasetNameRegex");
    expect(body.details).toContain(why);
  });
});

/** The real Worker with other settings than vitest.config.ts gives SELF (same D1, R2 and Durable Objects). */
async function fetchWith(vars: Partial<Env>, url: string, init: RequestInit & { bearer?: string; key?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.bearer) headers.set("Authorization", `Bearer ${init.bearer}`);
  if (init.key) headers.set("X-API-KEY", init.key);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { ...init, headers }), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("webhook targets (SSRF)", () => {
  let admin: { bearer: string };
  let key: string;
  let tenantId: string;

  beforeAll(async () => {
    const t = await createTenant("Scanner");
    admin = { bearer: t.accessToken.token };
    tenantId = t.tenant.id;
    key = (await createKey({ name: "scanner" }, t.as)).key;
  });

  const save = (url: string, vars: Partial<Env> = { WEBHOOK_ALLOWED_HOSTS: undefined }) =>
    fetchWith(vars, `${PLATFORM}/webhooks`, {
      ...admin,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url, enabled: false }),
    });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "linkLocal"],
    ["http://127.0.0.1:8080/", "loopback"],
    ["http://localhost/", "single-label"],
    ["http://api.localhost/", ".localhost"],
    ["http://metadata.google.internal/", ".internal"],
    ["http://printer.local/", ".local"],
    ["http://10.1.2.3/", "private"],
    ["http://192.168.0.1/", "private"],
    ["http://172.16.5.4/", "private"],
    ["http://100.64.0.1/", "carrierGradeNat"],
    ["http://0.0.0.0:9/", "unspecified"],
    ["http://224.0.0.1/", "multicast"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://[fc00::1]/", "uniqueLocal"],
    ["http://[fe80::1]/", "linkLocal"],
    ["http://2130706433/", "127.0.0.1 is a loopback"],
    ["http://0x7f000001/", "127.0.0.1 is a loopback"],
    ["http://0177.0.0.1/", "127.0.0.1 is a loopback"],
    ["http://127.1/", "127.0.0.1 is a loopback"],
    ["https://rota.test/api/platform/v1/tenants", "this service itself"],
    ["http://127.0.0.1:8787/api/models/employee-scheduling/v1/schedules", "this service itself"],
  ])("refuses %s at save time (400 naming url)", async (url, why) => {
    const res = await save(url);
    const body = await res.json<{ code: string; details: string }>();
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.details.split("\n").find((d) => d.startsWith("url: "))).toContain(why);
  });

  it("refuses on PUT too, and admits public targets and WEBHOOK_ALLOWED_HOSTS entries (names, addresses, CIDR)", async () => {
    const created = await ok<{ id: string }>(save("https://hooks.example.com/rota"), 201);
    await ok(save("http://93.184.215.14:8080/hook"), 201);
    const put = await fetchWith({ WEBHOOK_ALLOWED_HOSTS: undefined }, `${PLATFORM}/webhooks/${created.id}`, {
      ...admin,
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: "http://[::1]:9/" }),
    });
    expect(put.status).toBe(400);
    const allow = { WEBHOOK_ALLOWED_HOSTS: " hooks.corp.internal, 10.0.0.0/8 ,[::1]" };
    await ok(save("http://hooks.corp.internal/x", allow), 201);
    await ok(save("http://10.200.0.7/x", allow), 201);
    await ok(save("http://[::1]:9/x", allow), 201);
    expect((await save("http://192.168.0.7/x", allow)).status).toBe(400);
    // The service's own origin stays refused whatever the list says.
    expect((await save("http://127.0.0.1:8787/api", { WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" })).status).toBe(400);
  });

  it("refuses again at delivery time: a stored target that is refused now gets nothing, one FAILED log, no retry", async () => {
    const name = "refused-at-delivery";
    const url = (await scenario(name)).replace("127.0.0.1", "localhost");
    // A row stored before the rules (or under another WEBHOOK_ALLOWED_HOSTS): written to D1 directly.
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO webhooks (id, tenant_id, name, url, enabled, headers, auth_type, hmac_method, hmac_key, hmac_key_secret,
         filter_statuses, filter_name_regex, filter_tags, created_at, updated_at)
       VALUES (?, ?, 'legacy', ?, 1, '{}', 'NONE', 'BODY', NULL, NULL, NULL, NULL, NULL, ?, ?)`,
    )
      .bind("legacy-hook", tenantId, url, now, now)
      .run();
    const id = await submitAs(key);
    expect(await driveAs(key, id)).toBe("SOLVING_COMPLETED");
    const logs = await waitFor(
      "the refusal log",
      () => ok<Array<{ outcome: string; message: string; attempt: number }>>(fetchWith({}, `${PLATFORM}/webhooks/legacy-hook/logs`, admin)),
      (l) => l.length >= 1,
    );
    expect(logs).toHaveLength(1);
    expect(logs[0].outcome).toBe("FAILED");
    expect(logs[0].message).toContain("Target refused, nothing sent: localhost is a single-label name");
    expect(logs[0].message).toContain("not retried");
    expect(await received(name)).toEqual([]);
    expect(RECEIVER).toContain("127.0.0.1");
  });
});

describe("CORS on /api/*", () => {
  const APP = "https://planner.example.com";
  const preflight = (vars: Partial<Env>, origin: string, path = "/api/models/employee-scheduling/v1/schedules") =>
    fetchWith(vars, `https://rota.test${path}`, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-api-key, content-type" },
    });

  it("answers a preflight from a listed origin before authentication, with the methods and headers the API takes", async () => {
    const vars = { CORS_ALLOWED_ORIGINS: `https://other.example.org, ${APP}` };
    const res = await preflight(vars, APP);
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(APP);
    expect(res.headers.get("Access-Control-Allow-Methods")?.split(",")).toEqual(
      expect.arrayContaining(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    );
    expect(res.headers.get("Access-Control-Allow-Headers")?.split(",")).toEqual(
      expect.arrayContaining(["X-API-KEY", "Authorization", "Content-Type", "Content-Encoding"]),
    );
    expect(res.headers.get("Vary")).toContain("Origin");
    // The platform API too.
    expect((await preflight(vars, APP, "/api/platform/v1/webhooks")).headers.get("Access-Control-Allow-Origin")).toBe(APP);
    // The actual request carries the origin back, and the wait of a 429 is readable.
    const get = await fetchWith(vars, `https://rota.test/api/models/employee-scheduling/v1/schedules`, {
      key: "test-bootstrap-key",
      headers: { Origin: APP },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get("Access-Control-Allow-Origin")).toBe(APP);
    expect(get.headers.get("Access-Control-Expose-Headers")).toContain("Retry-After");
  });

  it("allows no other origin by default or when unlisted; `*` allows any", async () => {
    const unset = await preflight({ CORS_ALLOWED_ORIGINS: undefined }, APP);
    expect(unset.status).toBe(204);
    expect(unset.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect((await preflight({ CORS_ALLOWED_ORIGINS: "https://other.example.org" }, APP)).headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect((await preflight({ CORS_ALLOWED_ORIGINS: "*" }, APP)).headers.get("Access-Control-Allow-Origin")).toBe("*");
    // Without a key, a real request is still a 401 (CORS is not authentication).
    const noKey = await fetchWith({ CORS_ALLOWED_ORIGINS: "*" }, `https://rota.test/api/models/employee-scheduling/v1/schedules`, {
      headers: { Origin: APP },
    });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe("security headers", () => {
  it.each([
    ["an API answer", "/api/models/employee-scheduling/v1/schedules", 200],
    ["an error", "/api/models/employee-scheduling/v1/schedules/nope", 404],
    ["a 401", "/api/aboutme", 401],
    ["the OpenAPI document", "/api/openapi.json", 200],
  ])("on %s", async (_what, path, status) => {
    const res = await call(`https://rota.test${path}`, path === "/api/aboutme" ? { key: null } : {});
    expect(res.status).toBe(status);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
  });
});

describe("rate limit per credential", () => {
  const LIMITS = { RATE_LIMIT_PER_MINUTE: "6", RATE_LIMIT_BURST: "3" };
  let t: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    t = await createTenant("Busy");
  });

  it("answers 429 with Retry-After and the error body once a key's burst is spent; other keys keep theirs", async () => {
    const busy = (await createKey({ name: "busy" }, t.as)).key;
    const calm = (await createKey({ name: "calm" }, t.as)).key;
    const list = (key: string) => fetchWith(LIMITS, `${SCHEDULES}`, { key });
    for (let i = 0; i < 3; i++) expect((await list(busy)).status).toBe(200);
    const limited = await list(busy);
    expect(limited.status).toBe(429);
    // 6 per minute refill one token every 10 s.
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(9);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(10);
    const body = await limited.json<{ id: string; code: string; message: string; details: string }>();
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details).toBe("credential 'busy': at most 6 requests per minute, in bursts of at most 3");
    expect((await list(calm)).status).toBe(200);
    // The platform API counts too (the tenant administrator's token has its own bucket).
    for (let i = 0; i < 3; i++) expect((await fetchWith(LIMITS, `${PLATFORM}/webhooks`, t.as as { bearer: string })).status).toBe(200);
    expect((await fetchWith(LIMITS, `${PLATFORM}/webhooks`, t.as as { bearer: string })).status).toBe(429);
    // 0 turns the limit off.
    expect((await fetchWith({ RATE_LIMIT_PER_MINUTE: "0" }, `${SCHEDULES}`, { key: busy })).status).toBe(200);
  });

  it("is documented: a shared 429 response (with Retry-After) on every route behind a credential", async () => {
    const doc = await ok<{
      components: { responses: Record<string, { headers: Record<string, unknown> }> };
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
    }>(call("https://rota.test/api/openapi.json", { key: null }));
    expect(doc.components.responses.TooManyRequests.headers["Retry-After"]).toBeDefined();
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const behindCredential = operations.filter((o) => o.responses["401"]);
    expect(behindCredential.length).toBeGreaterThan(40);
    for (const o of behindCredential) expect(o.responses["429"]).toEqual({ $ref: "#/components/responses/TooManyRequests" });
    expect(doc.paths["/api/platform/v1/webhooks"].post.responses["429"]).toBeDefined();
  });
});
