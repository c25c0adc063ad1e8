/** API keys (spec §2.10, §5): creation shown once, hashes only, expiry, revocation, model scope; GET /api/aboutme. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../platform/crypto";
import { call, createKey, createTenant, ESS, ok, ORIGIN, PLATFORM, SCHEDULES, submitAs } from "./platform-helpers";

const ABOUTME = `${ORIGIN}/api/aboutme`;

interface AboutMe {
  name: string;
  email: string | null;
  tenants: Array<{ id: string; name: string; role: string | null; plan: string; group: string | null }>;
  role: string | null;
  selfRegistered: boolean;
  permissions: Array<{ resource: string; operations: string[]; models: string[] | null }>;
}

async function expect401(res: Response | Promise<Response>, message?: RegExp) {
  const r = await res;
  expect(r.status).toBe(401);
  const body = await r.json<{ code: string; message: string; id: string; details: string[] }>();
  expect(body.code).toBe("UNAUTHORIZED");
  expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  if (message) expect(body.message).toMatch(message);
}

describe("GET /api/aboutme", () => {
  it("401 when the key is missing, unknown or expired", async () => {
    await expect401(call(ABOUTME, { key: null }), /X-API-KEY/);
    await expect401(call(ABOUTME, { key: "nope" }));
    await expect401(call(ABOUTME, { key: "rota_ak_0000000000000000000000000000000000000000000" }));
    const k = await createKey({ name: "short-lived" });
    await env.DB.prepare(`UPDATE api_keys SET expires_at = ? WHERE id = ?`).bind("2020-01-01T00:00:00.000Z", k.id).run();
    await expect401(call(ABOUTME, { key: k.key }), /expired/);
  });

  it("describes the bootstrap key: the default tenant's administrator with every permission", async () => {
    const me = await ok<AboutMe>(call(ABOUTME));
    expect(me).toEqual({
      name: "bootstrap",
      email: null,
      tenants: [{ id: "default", name: "Default tenant", role: "ADMIN", plan: "FREE", group: null }],
      role: "ADMIN",
      selfRegistered: false,
      permissions: [{ resource: "MODEL", operations: ["CREATE", "READ", "UPDATE", "DELETE"], models: null }],
    });
  });

  it("describes an API key: its name, tenant with plan, permissions and model scope", async () => {
    const k = await createKey({ name: "dashboard", permissions: ["READ"], models: ["employee-scheduling"] });
    const me = await ok<AboutMe>(call(ABOUTME, { key: k.key }));
    expect(me.name).toBe("dashboard");
    expect(me.role).toBeNull();
    expect(me.tenants).toEqual([{ id: "default", name: "Default tenant", role: null, plan: "FREE", group: null }]);
    expect(me.permissions).toEqual([{ resource: "MODEL", operations: ["READ"], models: ["employee-scheduling"] }]);
  });

  it("describes a personal access token: the member, its e-mail and role", async () => {
    const t = await createTenant("Aboutme");
    const me = await ok<AboutMe>(call(ABOUTME, t.as));
    expect(me.email).toBe("admin@aboutme.test");
    expect(me.role).toBe("ADMIN");
    expect(me.tenants[0]).toMatchObject({ id: t.tenant.id, name: "Aboutme", role: "ADMIN", plan: "FREE" });
    expect(me.permissions).toEqual([]);
  });
});

describe("API keys", () => {
  it("returns the value once, stores only its SHA-256 hash, and defaults to 30 days", async () => {
    const before = Date.now();
    const k = await createKey({ name: "ingestion", permissions: ["CREATE", "READ"] });
    expect(k.key).toMatch(/^rota_ak_[A-Za-z0-9_-]{43}$/);
    expect(k.permissions).toEqual(["CREATE", "READ"]);
    expect(k.models).toBeNull();
    const days = (Date.parse(k.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    const row = await env.DB.prepare(`SELECT * FROM api_keys WHERE id = ?`).bind(k.id).first<Record<string, unknown>>();
    expect(row!.key_hash).toBe(await sha256Hex(k.key));
    expect(Object.values(row!).some((v) => typeof v === "string" && v.includes(k.key))).toBe(false);

    const listed = await ok<Array<Record<string, unknown>>>(call(`${PLATFORM}/api-keys`));
    const mine = listed.find((x) => x.id === k.id)!;
    expect(mine).toMatchObject({ name: "ingestion", status: "ACTIVE", permissions: ["CREATE", "READ"], keyPrefix: k.key.slice(0, 13) });
    expect(JSON.stringify(listed)).not.toContain(k.key);
    expect(JSON.stringify(await ok(call(`${PLATFORM}/api-keys/${k.id}`)))).not.toContain(k.key);
  });

  it("works on the model API within its permissions", async () => {
    const k = await createKey({ permissions: ["CREATE", "READ"] });
    const id = await submitAs(k.key);
    expect((await call(`${SCHEDULES}/${id}`, { key: k.key })).status).toBe(200);
  });

  it("an expired key gets 401 on every call", async () => {
    const k = await createKey({ expiresIn: "PT1S" });
    expect((await call(`${ESS}/demo-data`, { key: k.key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    await expect401(call(`${ESS}/demo-data`, { key: k.key }), /expired/);
    await expect401(call(SCHEDULES, { key: k.key }));
    await expect401(call(ABOUTME, { key: k.key }));
    const listed = await ok<Array<{ id: string; status: string }>>(call(`${PLATFORM}/api-keys`));
    expect(listed.find((x) => x.id === k.id)!.status).toBe("EXPIRED");
  });

  it("a deleted (revoked) key gets 401 on every later call", async () => {
    const k = await createKey({});
    expect((await call(SCHEDULES, { key: k.key })).status).toBe(200);
    expect((await call(`${PLATFORM}/api-keys/${k.id}`, { method: "DELETE" })).status).toBe(204);
    await expect401(call(SCHEDULES, { key: k.key }), /revoked/);
    await expect401(call(`${ESS}/demo-data`, { key: k.key }));
    await expect401(call(ABOUTME, { key: k.key }));
    await expect401(call(SCHEDULES, { key: k.key, method: "POST", json: {} }));
    const after = await ok<{ status: string; revokedAt: string }>(call(`${PLATFORM}/api-keys/${k.id}`));
    expect(after.status).toBe("REVOKED");
    // Deleting again is harmless; an unknown id is 404.
    expect((await call(`${PLATFORM}/api-keys/${k.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`${PLATFORM}/api-keys/nope`, { method: "DELETE" })).status).toBe(404);
  });

  it("a key scoped to other models cannot call this one (403); scoped to it, it can", async () => {
    const other = await createKey({ models: ["field-service-routing"] });
    const res = await call(SCHEDULES, { key: other.key });
    expect(res.status).toBe(403);
    const body = await res.json<{ code: string; message: string }>();
    expect(body.code).toBe("FORBIDDEN");
    expect(body.message).toContain("employee-scheduling");
    expect((await call(`${ESS}/demo-data`, { key: other.key })).status).toBe(403);

    const mine = await createKey({ models: ["employee-scheduling"] });
    expect((await call(SCHEDULES, { key: mine.key })).status).toBe(200);
    // An all-models key reaches another model's path, which this deployment does not serve: 404, not 403.
    const all = await createKey({});
    expect((await call(`${ORIGIN}/api/models/field-service-routing/v1/route-plans`, { key: all.key })).status).toBe(404);
    expect((await call(`${ORIGIN}/api/models/field-service-routing/v1/route-plans`, { key: mine.key })).status).toBe(403);
  });

  it("rejects invalid key requests with 400 naming the field", async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: "x", permissions: ["WRITE"] }, "permissions[0]"],
      [{ name: "x", permissions: [] }, "permissions"],
      [{ name: "x", models: ["no-such-model"] }, "models[0]"],
      [{ name: "x", expiresIn: "30 days" }, "expiresIn"],
      [{ name: "x", expiresIn: "P9999D" }, "expiresIn"],
      [{ name: "" }, "name"],
      [{ name: "x", role: "ADMIN" }, "role"],
    ];
    for (const [body, field] of cases) {
      const res = await call(`${PLATFORM}/api-keys`, { method: "POST", json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await res.json<{ code: string; details: string }>();
      expect(err.code).toBe("VALIDATION_ERROR");
      expect(err.details).toContain(field);
    }
  });
});

describe("credential kinds", () => {
  it("API keys cannot call the platform API (403); access tokens cannot call the model API (403)", async () => {
    const k = await createKey({});
    const res = await call(`${PLATFORM}/api-keys`, { key: k.key });
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toMatch(/no user context/);
    const t = await createTenant("Kinds");
    const model = await call(SCHEDULES, t.as);
    expect(model.status).toBe(403);
    expect((await model.json<{ message: string }>()).message).toMatch(/API key/);
  });

  it("the platform API answers 401 without a credential and with a revoked token", async () => {
    await expect401(call(`${PLATFORM}/tenants`, { key: null }), /Bearer/);
    const t = await createTenant("Revoked");
    expect((await call(`${PLATFORM}/tenants`, t.as)).status).toBe(200);
    const del = await call(`${PLATFORM}/members/${t.admin.id}/access-tokens/${t.accessToken.id}`, { ...t.as, method: "DELETE" });
    expect(del.status).toBe(204);
    await expect401(call(`${PLATFORM}/tenants`, t.as), /revoked/);
  });
});
