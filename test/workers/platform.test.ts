/**
 * The platform API (/api/platform/v1): tenants, members and roles, access tokens, secrets, webhook configuration,
 * the audit log, and tenant isolation on every route (another tenant's ids are 404, never data).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { unseal } from "../../platform/crypto";
import { secretContext } from "../../platform/secret-store";
import { call, createKey, createTenant, ok, PLATFORM, SCHEDULES, submitAs, type Req } from "./platform-helpers";

interface Audit {
  timestamp: string;
  actor: string;
  actorId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  details: Record<string, unknown>;
}

function audit(as: Req, query = ""): Promise<Audit[]> {
  return ok(call(`${PLATFORM}/audit-log${query}`, as));
}

describe("tenants", () => {
  it("an administrator sees its own tenant only; creating one returns its first administrator's token once", async () => {
    const [own] = await ok<Array<{ id: string; plan: string }>>(call(`${PLATFORM}/tenants`));
    expect(own).toMatchObject({ id: "default", plan: "FREE" });
    const t = await createTenant("Acme");
    expect(t.tenant).toMatchObject({ name: "Acme", plan: "FREE" });
    expect(t.admin).toMatchObject({ email: "admin@acme.test", role: "ADMIN" });
    expect(t.accessToken.token).toMatch(/^rota_pat_/);
    // The new administrator sees the new tenant, and not the creator's.
    expect(await ok(call(`${PLATFORM}/tenants`, t.as))).toEqual([expect.objectContaining({ id: t.tenant.id })]);
    expect((await call(`${PLATFORM}/tenants/default`, t.as)).status).toBe(404);
    expect((await call(`${PLATFORM}/tenants/${t.tenant.id}`)).status).toBe(404);
    const renamed = await ok<{ name: string; group: string }>(
      call(`${PLATFORM}/tenants/${t.tenant.id}`, { ...t.as, method: "PUT", json: { name: "Acme Corp", group: "retail" } }),
    );
    expect(renamed).toMatchObject({ name: "Acme Corp", group: "retail" });
    // Both logs record the creation; the rename is in the new tenant's.
    expect((await audit({}, "?action=TENANT_CREATED")).some((a) => a.resourceId === t.tenant.id)).toBe(true);
    const log = await audit(t.as);
    expect(log.map((a) => a.action)).toEqual(["TENANT_UPDATED", "TENANT_CREATED"]);
    expect(log[0]).toMatchObject({ actor: "admin@acme.test", actorId: t.admin.id });
    expect(log[1]).toMatchObject({ actor: "bootstrap", details: expect.objectContaining({ createdFromTenant: "default" }) });
  });

  it("rejects an invalid tenant with 400", async () => {
    const res = await call(`${PLATFORM}/tenants`, { method: "POST", json: { name: "x", admin: { email: "not-an-email" } } });
    expect(res.status).toBe(400);
    expect((await res.json<{ details: string }>()).details).toContain("admin.email");
  });
});

describe("members, roles and access tokens", () => {
  let t: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    t = await createTenant("Members");
  });

  it("adds members with roles; a MEMBER cannot use the platform API; the last ADMIN stays", async () => {
    const m = await ok<{ id: string; role: string }>(
      call(`${PLATFORM}/members`, { ...t.as, method: "POST", json: { email: "Planner@Members.test", role: "MEMBER" } }),
      201,
    );
    expect(m.role).toBe("MEMBER");
    const dup = await call(`${PLATFORM}/members`, { ...t.as, method: "POST", json: { email: "planner@members.test" } });
    expect(dup.status).toBe(409);
    const token = await ok<{ token: string; expiresAt: string }>(
      call(`${PLATFORM}/members/${m.id}/access-tokens`, { ...t.as, method: "POST", json: { name: "laptop", expiresIn: "P7D" } }),
      201,
    );
    const denied = await call(`${PLATFORM}/api-keys`, { bearer: token.token });
    expect(denied.status).toBe(403);
    expect((await denied.json<{ message: string }>()).message).toMatch(/ADMIN/);
    // Promoted, the same token works.
    await ok(call(`${PLATFORM}/members/${m.id}`, { ...t.as, method: "PUT", json: { role: "ADMIN" } }));
    expect((await call(`${PLATFORM}/api-keys`, { bearer: token.token })).status).toBe(200);
    // Two admins: one may step down, but not the last one.
    await ok(call(`${PLATFORM}/members/${m.id}`, { ...t.as, method: "PUT", json: { role: "MEMBER" } }));
    const last = await call(`${PLATFORM}/members/${t.admin.id}`, { ...t.as, method: "PUT", json: { role: "MEMBER" } });
    expect(last.status).toBe(409);
    expect((await call(`${PLATFORM}/members/${t.admin.id}`, { ...t.as, method: "DELETE" })).status).toBe(409);
    // Removing a member revokes its tokens.
    expect((await call(`${PLATFORM}/members/${m.id}`, { ...t.as, method: "DELETE" })).status).toBe(204);
    expect((await call(`${PLATFORM}/tenants`, { bearer: token.token })).status).toBe(401);
    const actions = (await audit(t.as)).map((a) => a.action);
    expect(actions.filter((a) => a === "MEMBER_UPDATED")).toHaveLength(2); // the refused demotion left no entry
    expect(actions).toEqual(expect.arrayContaining(["MEMBER_ADDED", "ACCESS_TOKEN_CREATED", "MEMBER_REMOVED"]));
  });

  it("the bootstrap administrator cannot be changed through the API", async () => {
    expect((await call(`${PLATFORM}/members/bootstrap`, { method: "PUT", json: { role: "MEMBER" } })).status).toBe(409);
    expect((await call(`${PLATFORM}/members/bootstrap`, { method: "DELETE" })).status).toBe(409);
  });

  it("lists a member's tokens without their values", async () => {
    const list = await ok<Array<{ id: string; status: string; tokenPrefix: string }>>(
      call(`${PLATFORM}/members/${t.admin.id}/access-tokens`, t.as),
    );
    expect(list.find((x) => x.id === t.accessToken.id)).toMatchObject({ status: "ACTIVE", tokenPrefix: t.accessToken.token.slice(0, 14) });
    expect(JSON.stringify(list)).not.toContain(t.accessToken.token);
  });
});

describe("secrets", () => {
  it("are stored with AES-GCM under SECRETS_KEY, and no endpoint returns the value", async () => {
    const s = await ok<{ id: string; name: string }>(
      call(`${PLATFORM}/secrets`, { method: "POST", json: { name: "crm-token", value: "very-secret-value" } }),
      201,
    );
    expect(s).not.toHaveProperty("value");
    const row = await env.DB.prepare(`SELECT ciphertext FROM secrets WHERE id = ?`).bind(s.id).first<{ ciphertext: string }>();
    expect(row!.ciphertext).toMatch(/^v1\./);
    expect(row!.ciphertext).not.toContain("very-secret-value");
    expect(await unseal(env.SECRETS_KEY, row!.ciphertext, secretContext("default", s.id))).toBe("very-secret-value");
    // Bound to its tenant and row: the same ciphertext does not open under another context.
    await expect(unseal(env.SECRETS_KEY, row!.ciphertext, secretContext("other", s.id))).rejects.toThrow();
    for (const body of [await call(`${PLATFORM}/secrets`), await call(`${PLATFORM}/secrets/${s.id}`), await call(`${PLATFORM}/audit-log`)]) {
      expect(await body.text()).not.toContain("very-secret-value");
    }
    expect((await call(`${PLATFORM}/secrets`, { method: "POST", json: { name: "crm-token", value: "x" } })).status).toBe(409);
    await ok(call(`${PLATFORM}/secrets/${s.id}`, { method: "PUT", json: { value: "rotated" } }));
    const rotated = await env.DB.prepare(`SELECT ciphertext FROM secrets WHERE id = ?`).bind(s.id).first<{ ciphertext: string }>();
    expect(await unseal(env.SECRETS_KEY, rotated!.ciphertext, secretContext("default", s.id))).toBe("rotated");
  });

  it("a secret a webhook references cannot be deleted", async () => {
    const s = await ok<{ id: string }>(call(`${PLATFORM}/secrets`, { method: "POST", json: { name: "hook-auth", value: "v" } }), 201);
    const hook = await ok<{ id: string }>(
      call(`${PLATFORM}/webhooks`, {
        method: "POST",
        json: { url: "https://example.test/hook", enabled: false, headers: { Authorization: "Bearer {secret:hook-auth}" } },
      }),
      201,
    );
    const res = await call(`${PLATFORM}/secrets/${s.id}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toContain("hook-auth");
    await ok(call(`${PLATFORM}/webhooks/${hook.id}`, { method: "DELETE" }), 204);
    expect((await call(`${PLATFORM}/secrets/${s.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`${PLATFORM}/secrets/${s.id}`)).status).toBe(404);
  });

  it("rejects a bad secret name", async () => {
    expect((await call(`${PLATFORM}/secrets`, { method: "POST", json: { name: "has space", value: "x" } })).status).toBe(400);
  });
});

describe("webhook configuration", () => {
  it("creates, reads, replaces and deletes; the HMAC key is never returned", async () => {
    const created = await ok<Record<string, any>>(
      call(`${PLATFORM}/webhooks`, {
        method: "POST",
        json: {
          url: "https://hooks.example.test/rota",
          authorization: { type: "HMAC", hmacKey: "a-long-enough-hmac-key" },
          filters: { statuses: ["SOLVING_COMPLETED"], datasetNameRegex: "^ward-", tags: ["prod"] },
        },
      }),
      201,
    );
    expect(created).toMatchObject({
      name: expect.stringMatching(/^webhook-/),
      enabled: true,
      headers: {},
      authorization: { type: "HMAC", method: "BODY", hmacKeySet: true, hmacKeySecret: null },
      filters: { statuses: ["SOLVING_COMPLETED"], datasetNameRegex: "^ward-", tags: ["prod"] },
    });
    expect(JSON.stringify(created)).not.toContain("a-long-enough-hmac-key");
    const row = await env.DB.prepare(`SELECT hmac_key FROM webhooks WHERE id = ?`).bind(created.id).first<{ hmac_key: string }>();
    expect(row!.hmac_key).toMatch(/^v1\./);

    // PUT replaces the configuration; an absent hmacKey keeps the stored one.
    const replaced = await ok<Record<string, any>>(
      call(`${PLATFORM}/webhooks/${created.id}`, {
        method: "PUT",
        json: { name: "ops", url: "https://hooks.example.test/v2", enabled: false, authorization: { type: "HMAC", method: "PATH" } },
      }),
    );
    expect(replaced).toMatchObject({
      name: "ops",
      enabled: false,
      authorization: { method: "PATH", hmacKeySet: true },
      filters: { statuses: null, datasetNameRegex: null, tags: null },
    });
    expect(await ok(call(`${PLATFORM}/webhooks/${created.id}`))).toEqual(replaced);
    expect((await call(`${PLATFORM}/webhooks/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`${PLATFORM}/webhooks/${created.id}`)).status).toBe(404);
    const actions = (await audit({}, `?resourceId=${created.id}`)).map((a) => a.action);
    expect(actions).toEqual(["WEBHOOK_DELETED", "WEBHOOK_UPDATED", "WEBHOOK_CREATED"]);
  });

  it.each([
    [{ url: "ftp://x.test/" }, "url"],
    [{ url: "https://x.test/", headers: { "Content-Type": "text/plain" } }, "headers.Content-Type"],
    [{ url: "https://x.test/", headers: { "Bad Header": "x" } }, "headers.Bad Header"],
    [{ url: "https://x.test/", headers: { "X-Sig": "{hmac_signature}" } }, "need authorization.type HMAC"],
    [{ url: "https://x.test/", headers: { "X-Auth": "{secret:nope}" } }, "{secret:nope}"],
    [{ url: "https://x.test/", authorization: { type: "HMAC" } }, "authorization.hmacKey: required"],
    [{ url: "https://x.test/", authorization: { type: "HMAC", hmacKey: "short" } }, "at least 16"],
    [{ url: "https://x.test/", filters: { datasetNameRegex: "([" } }, "filters.datasetNameRegex"],
    [{ url: "https://x.test/", filters: { statuses: ["SOLVING_ACTIVE"] } }, "filters.statuses[0]"],
    [{ url: "https://x.test/", colour: "blue" }, "colour"],
  ])("rejects %j with 400 naming %s", async (body, detail) => {
    const res = await call(`${PLATFORM}/webhooks`, { method: "POST", json: body });
    expect(res.status).toBe(400);
    const err = await res.json<{ code: string; details: string }>();
    expect(err.code).toBe("VALIDATION_ERROR");
    expect(err.details).toContain(detail);
  });
});

describe("audit log", () => {
  it("records every change with actor and action, filtered by time, actor and action", async () => {
    const start = new Date().toISOString();
    const t = await createTenant("Audited");
    const k = await createKey({ name: "audited-key" }, t.as);
    await ok(call(`${PLATFORM}/api-keys/${k.id}`, { ...t.as, method: "DELETE" }), 204);
    const s = await ok<{ id: string }>(call(`${PLATFORM}/secrets`, { ...t.as, method: "POST", json: { name: "s", value: "v" } }), 201);
    await ok(call(`${PLATFORM}/secrets/${s.id}`, { ...t.as, method: "DELETE" }), 204);

    const all = await audit(t.as);
    expect(all.map((a) => a.action)).toEqual(["SECRET_DELETED", "SECRET_CREATED", "API_KEY_REVOKED", "API_KEY_CREATED", "TENANT_CREATED"]);
    expect(all[3]).toMatchObject({ actor: "admin@audited.test", resourceType: "API_KEY", resourceId: k.id });
    expect(all[3].details).toMatchObject({ name: "audited-key", permissions: ["CREATE", "READ", "UPDATE", "DELETE"], models: null });
    expect(JSON.stringify(all)).not.toContain(k.key);

    expect((await audit(t.as, "?action=API_KEY_REVOKED")).map((a) => a.resourceId)).toEqual([k.id]);
    expect(await audit(t.as, "?actor=admin@audited.test")).toHaveLength(4);
    expect(await audit(t.as, "?actor=bootstrap")).toHaveLength(1);
    expect(await audit(t.as, `?from=${encodeURIComponent(start)}`)).toHaveLength(5);
    expect(await audit(t.as, `?to=${encodeURIComponent(start)}`)).toHaveLength(0);
    expect(await audit(t.as, "?size=2&page=1")).toHaveLength(2);
    expect((await call(`${PLATFORM}/audit-log?from=yesterday`, t.as)).status).toBe(400);
  });
});

describe("tenant isolation", () => {
  it("every platform route answers 404 for another tenant's resources, and listings never show them", async () => {
    const a = await createTenant("Alpha");
    const b = await createTenant("Beta");
    const key = await createKey({ name: "alpha-key" }, a.as);
    const secret = await ok<{ id: string }>(call(`${PLATFORM}/secrets`, { ...a.as, method: "POST", json: { name: "alpha", value: "v" } }), 201);
    const hook = await ok<{ id: string }>(
      call(`${PLATFORM}/webhooks`, { ...a.as, method: "POST", json: { url: "https://a.test/hook", enabled: false } }),
      201,
    );
    const member = await ok<{ id: string }>(call(`${PLATFORM}/members`, { ...a.as, method: "POST", json: { email: "m@alpha.test" } }), 201);
    await env.DB.prepare(
      `INSERT INTO webhook_logs (id, tenant_id, webhook_id, delivery_id, attempt, timestamp, duration_ms, outcome, dataset_id,
         dataset_status, model, model_version, message, payload) VALUES ('alpha-log', ?, ?, 'd', 0, ?, 1, 'DELIVERED', 'x', 'SOLVING_COMPLETED', 'm', 'v', 'ok', '{}')`,
    )
      .bind(a.tenant.id, hook.id, new Date().toISOString())
      .run();

    const probes: Array<[string, string, unknown?]> = [
      ["GET", `/tenants/${a.tenant.id}`],
      ["PUT", `/tenants/${a.tenant.id}`, { name: "taken over" }],
      ["GET", `/api-keys/${key.id}`],
      ["DELETE", `/api-keys/${key.id}`],
      ["GET", `/secrets/${secret.id}`],
      ["PUT", `/secrets/${secret.id}`, { value: "x" }],
      ["DELETE", `/secrets/${secret.id}`],
      ["GET", `/webhooks/${hook.id}`],
      ["PUT", `/webhooks/${hook.id}`, { url: "https://b.test/" }],
      ["DELETE", `/webhooks/${hook.id}`],
      ["GET", `/webhooks/${hook.id}/logs`],
      ["POST", `/webhooks/${hook.id}/logs/alpha-log/resend`],
      ["GET", `/members/${member.id}`],
      ["PUT", `/members/${member.id}`, { role: "ADMIN" }],
      ["DELETE", `/members/${member.id}`],
      ["GET", `/members/${a.admin.id}/access-tokens`],
      ["POST", `/members/${a.admin.id}/access-tokens`, { name: "steal" }],
      ["DELETE", `/members/${a.admin.id}/access-tokens/${a.accessToken.id}`],
    ];
    for (const [method, path, json] of probes) {
      const res = await call(`${PLATFORM}${path}`, { ...b.as, method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json<{ code: string }>()).code).toBe("NOT_FOUND");
    }
    // Nothing changed for Alpha.
    expect((await call(`${PLATFORM}/tenants`, a.as)).status).toBe(200);
    expect((await ok<{ status: string }>(call(`${PLATFORM}/api-keys/${key.id}`, a.as))).status).toBe("ACTIVE");
    expect((await ok<{ name: string }>(call(`${PLATFORM}/tenants/${a.tenant.id}`, a.as))).name).toBe("Alpha");

    const lists = ["/tenants", "/api-keys", "/secrets", "/webhooks", "/members", "/audit-log", "/notifications"];
    for (const path of lists) {
      const text = await (await call(`${PLATFORM}${path}`, b.as)).text();
      for (const id of [a.tenant.id, key.id, secret.id, hook.id, member.id]) expect(text, path).not.toContain(id);
    }
  });

  it("every model route answers 404 for another tenant's dataset, and the listing never shows it", async () => {
    const a = await createTenant("ModelA");
    const b = await createTenant("ModelB");
    const keyA = (await createKey({}, a.as)).key;
    const keyB = (await createKey({}, b.as)).key;
    const id = await submitAs(keyA, { run: { name: "alpha-dataset", termination: { stepCountLimit: 100 } } });
    expect((await call(`${SCHEDULES}/${id}`, { key: keyA })).status).toBe(200);
    const probes: Array<[string, string, unknown?]> = [
      ["GET", ""],
      ["DELETE", ""],
      ["GET", "/metadata"],
      ["GET", "/run"],
      ["GET", "/input"],
      ["GET", "/config"],
      ["GET", "/model-request"],
      ["GET", "/score-analysis"],
      ["GET", "/validation-result"],
      ["PATCH", "/metadata", { name: "stolen" }],
      ["POST", "/from-patch", { patch: [] }],
      ["POST", "/from-input", {}],
      ["DELETE", "/purge"],
      ["PUT", ""],
    ];
    for (const [method, sub, json] of probes) {
      const res = await call(`${SCHEDULES}/${id}${sub}`, { key: keyB, method, json });
      expect([404], `${method} /${id}${sub}: ${res.status}`).toContain(res.status);
    }
    const listB = await (await call(SCHEDULES, { key: keyB })).text();
    expect(listB).not.toContain(id);
    // The dataset is untouched.
    const after = await ok<{ metadata: { name: string; solverStatus: string } }>(call(`${SCHEDULES}/${id}`, { key: keyA }));
    expect(after.metadata).toMatchObject({ name: "alpha-dataset", solverStatus: "SOLVING_SCHEDULED" });
    // And the bootstrap key of the default tenant does not see it either.
    expect((await call(`${SCHEDULES}/${id}`)).status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the platform API and /api/aboutme", async () => {
    const doc = await ok<{ paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } }>(
      call("https://rota.test/api/openapi.json", { key: null }),
    );
    for (const path of [
      "/api/aboutme",
      "/api/platform/v1/tenants",
      "/api/platform/v1/members/{memberId}/access-tokens",
      "/api/platform/v1/api-keys/{apiKeyId}",
      "/api/platform/v1/secrets/{secretId}",
      "/api/platform/v1/webhooks/{webhookId}",
      "/api/platform/v1/webhooks/{webhookId}/logs/{logId}/resend",
      "/api/platform/v1/audit-log",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths["/api/platform/v1/webhooks/{webhookId}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(doc.components.securitySchemes).toHaveProperty("Bearer");
  });
});
