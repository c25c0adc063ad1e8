/**
 * Webhook deliveries (spec §6) to a real HTTP receiver on 127.0.0.1 that checks the HMAC signature on its own
 * (test/workers/webhook-receiver.global.ts). Retries are 1 s apart in the tests (WEBHOOK_RETRY_DELAY_MS), 10 s in
 * production; the 5 s read timeout is real.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { WebhookPayload } from "../../platform/webhook-store";
import worker from "../../worker/index";
import { verifyWebhook } from "../../worker/webhook-verify";
import { smallInput, stubOf } from "./helpers";
import {
  call,
  createKey,
  createTenant,
  driveAs,
  ok,
  PLATFORM,
  received,
  scenario,
  SCHEDULES,
  sleep,
  submitAs,
  waitFor,
  type Req,
} from "./platform-helpers";

interface WebhookLog {
  id: string;
  attempt: number;
  outcome: string;
  httpStatus: number | null;
  datasetId: string;
  datasetStatus: string;
  model: string;
  modelVersion: string;
  message: string;
  durationMs: number;
  timestamp: string;
  deliveryId: string;
  resendOf: string | null;
}

const HMAC_KEY = "whsec-0123456789abcdef0123456789";

let admin: Req;
let key: string;

/** One tenant per test file keeps these webhooks away from every other test's datasets. */
beforeAll(async () => {
  const t = await createTenant("Hooks");
  admin = t.as;
  key = (await createKey({ name: "hooks" }, admin)).key;
});

async function webhook(body: Record<string, unknown>): Promise<{ id: string }> {
  return ok(call(`${PLATFORM}/webhooks`, { ...admin, method: "POST", json: body }), 201);
}

async function disableAll(): Promise<void> {
  const hooks = await ok<Array<{ id: string; url: string }>>(call(`${PLATFORM}/webhooks`, admin));
  for (const h of hooks) await ok(call(`${PLATFORM}/webhooks/${h.id}`, { ...admin, method: "DELETE" }), 204);
}

function logs(webhookId: string): Promise<WebhookLog[]> {
  return ok(call(`${PLATFORM}/webhooks/${webhookId}/logs`, admin));
}

describe("delivery", () => {
  it("sends the §2.11 payload, HMAC-signed over the body, when a dataset completes", async () => {
    await disableAll();
    const url = await scenario("body-signed", { hmacKey: HMAC_KEY });
    const hook = await webhook({ url, authorization: { type: "HMAC", hmacKey: HMAC_KEY } });
    const id = await submitAs(key, { run: { name: "Ward 7 week 12", tags: ["ward-7"], termination: { stepCountLimit: 200 } } });
    expect(await driveAs(key, id)).toBe("SOLVING_COMPLETED");

    const [delivery] = await waitFor("the delivery", () => received("body-signed"), (r) => r.length >= 1);
    const payload = JSON.parse(delivery.body) as WebhookPayload;
    expect(payload).toEqual({
      id,
      name: "Ward 7 week 12",
      model: "employee-scheduling",
      modelVersion: "1.31.0",
      tags: expect.arrayContaining(["ward-7"]),
      status: "SOLVING_COMPLETED",
      runLink: `http://127.0.0.1:8787/api/models/employee-scheduling/v1/schedules/${id}/run`,
      outputLink: `http://127.0.0.1:8787/api/models/employee-scheduling/v1/schedules/${id}`,
    });
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["x-rota-timestamp"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(delivery.signatureValid).toBe(true);
    // The receiver-side helper accepts the real delivery as well.
    const verdict = await verifyWebhook({
      secret: HMAC_KEY,
      body: delivery.body,
      signature: delivery.headers["x-rota-signature"],
      timestamp: delivery.headers["x-rota-timestamp"],
    });
    expect(verdict).toEqual({ ok: true });

    const [log] = await waitFor("the log", () => logs(hook.id), (l) => l.length >= 1);
    expect(log).toMatchObject({
      attempt: 0,
      outcome: "DELIVERED",
      httpStatus: 200,
      datasetId: id,
      datasetStatus: "SOLVING_COMPLETED",
      model: "employee-scheduling",
      modelVersion: "1.31.0",
      deliveryId: delivery.headers["x-rota-delivery"],
    });
    expect(log.durationMs).toBeGreaterThanOrEqual(0);
    // Nothing is left in the outbox.
    const pending = await runInDurableObject(stubOf(id), (o) => (o as unknown as { outbox: { pending(): unknown } }).outbox.pending());
    expect(pending).toEqual({ events: 0, deliveries: 0 });
  });

  it("signs POST+<path>+<timestamp> (method PATH) and fills custom headers: {hmac_signature} with a prefix, secrets", async () => {
    await disableAll();
    await ok(call(`${PLATFORM}/secrets`, { ...admin, method: "POST", json: { name: "receiver-token", value: "s3cr3t-t0ken" } }), 201);
    await ok(call(`${PLATFORM}/secrets`, { ...admin, method: "POST", json: { name: "hmac-key", value: HMAC_KEY } }), 201);
    const url = await scenario("path-signed", { hmacKey: HMAC_KEY, method: "PATH", signatureHeader: "X-Signature", prefix: "sha256=" });
    await webhook({
      url: `${url}/events`,
      authorization: { type: "HMAC", method: "PATH", hmacKey: "{secret:hmac-key}" },
      headers: {
        "X-Signature": "sha256={hmac_signature}",
        "X-Signed-At": "{hmac_timestamp}",
        Authorization: "Bearer {secret:receiver-token}",
      },
    });
    const id = await submitAs(key);
    await driveAs(key, id);
    const [delivery] = await waitFor("the delivery", () => received("path-signed"), (r) => r.length >= 1);
    expect(delivery.path).toBe("/hooks/path-signed/events");
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.headers["authorization"]).toBe("Bearer s3cr3t-t0ken");
    expect(delivery.headers["x-signed-at"]).toBe(delivery.headers["x-rota-timestamp"]);
    expect(delivery.headers["x-signature"]).toBe(`sha256=${delivery.headers["x-rota-signature"]}`);
  });

  it("sends DATASET_INVALID, DATASET_COMPUTED (operation NONE), and SOLVING_COMPLETED for a cancelled run", async () => {
    await disableAll();
    const url = await scenario("statuses");
    await webhook({ url });
    const input = smallInput();
    input.shifts.push({ ...input.shifts[0] });
    const invalid = await call(SCHEDULES, { key, method: "POST", json: { modelInput: input, config: { run: { name: "broken" } } } });
    expect(invalid.status).toBe(400);
    const id = await submitAs(key, { run: { name: "cancelled", termination: { spentLimit: "PT10M" } } });
    expect((await call(`${SCHEDULES}/${id}`, { key, method: "DELETE" })).status).toBe(200);
    const computed = await submitAs(key, { run: { name: "scored only" } }, "?operation=NONE");
    expect(await driveAs(key, computed)).toBe("DATASET_COMPUTED");
    const got = await waitFor("three events", () => received("statuses"), (r) => r.length >= 3);
    const events = got.map((d) => JSON.parse(d.body) as WebhookPayload).map((p) => [p.name, p.status]);
    expect(events).toEqual(
      expect.arrayContaining([["broken", "DATASET_INVALID"], ["cancelled", "SOLVING_COMPLETED"], ["scored only", "DATASET_COMPUTED"]]),
    );
    // One event per status reached, nothing for the intermediate ones.
    await sleep(200);
    expect(await received("statuses")).toHaveLength(3);
  });

  it("applies the filters (statuses, name regex, tags) and sends nothing to a disabled webhook", async () => {
    await disableAll();
    const hooks = {
      failedOnly: await scenario("f-failed"),
      nameMatch: await scenario("f-name"),
      tagMatch: await scenario("f-tags"),
      disabled: await scenario("f-disabled"),
      all: await scenario("f-all"),
    };
    await webhook({ url: hooks.failedOnly, filters: { statuses: ["SOLVING_FAILED"] } });
    await webhook({ url: hooks.nameMatch, filters: { datasetNameRegex: "^night-.*" } });
    await webhook({ url: hooks.tagMatch, filters: { tags: ["ward-7", "urgent"] } });
    await webhook({ url: hooks.disabled, enabled: false });
    await webhook({ url: hooks.all });
    const a = await submitAs(key, { run: { name: "night-shift", tags: ["ward-7"], termination: { stepCountLimit: 100 } } });
    const b = await submitAs(key, { run: { name: "day-shift", tags: ["ward-7", "urgent"], termination: { stepCountLimit: 100 } } });
    await driveAs(key, a);
    await driveAs(key, b);
    await waitFor("both events to the unfiltered webhook", () => received("f-all"), (r) => r.length >= 2);
    await sleep(300);
    const names = async (n: string) => (await received(n)).map((d) => (JSON.parse(d.body) as WebhookPayload).name);
    expect(await names("f-failed")).toEqual([]);
    expect(await names("f-name")).toEqual(["night-shift"]);
    expect(await names("f-tags")).toEqual(["day-shift"]);
    expect(await names("f-disabled")).toEqual([]);
  });
});

describe("retries", () => {
  it("retries a failing receiver 10 s apart (1 s in tests) until it answers 200, one delivery id throughout", async () => {
    await disableAll();
    const url = await scenario("flaky", { failTimes: 3, failStatus: 503 });
    const hook = await webhook({ url });
    const id = await submitAs(key);
    await driveAs(key, id);
    const got = await waitFor("4 attempts", () => received("flaky"), (r) => r.length >= 4);
    expect(got.map((d) => d.answeredStatus)).toEqual([503, 503, 503, 200]);
    expect(new Set(got.map((d) => d.headers["x-rota-delivery"])).size).toBe(1);
    const gaps = got.slice(1).map((d, i) => Date.parse(d.receivedAt) - Date.parse(got[i].receivedAt));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    const log = await waitFor("4 log rows", () => logs(hook.id), (l) => l.length >= 4);
    expect(log.map((l) => [l.attempt, l.outcome, l.httpStatus]).reverse()).toEqual([
      [0, "RETRY_SCHEDULED", 503],
      [1, "RETRY_SCHEDULED", 503],
      [2, "RETRY_SCHEDULED", 503],
      [3, "DELIVERED", 200],
    ]);
    expect(log[3].message).toMatch(/retry 1 of 10/);
    await sleep(1500);
    expect(await received("flaky")).toHaveLength(4);
  });

  it("does not retry a read timeout (5 s)", async () => {
    await disableAll();
    const url = await scenario("slow", { delayMs: 6500 });
    const hook = await webhook({ url });
    const id = await submitAs(key);
    await driveAs(key, id);
    const [log] = await waitFor("the timeout", () => logs(hook.id), (l) => l.length >= 1, 15_000);
    expect(log.outcome).toBe("TIMEOUT");
    expect(log.httpStatus).toBeNull();
    expect(log.durationMs).toBeGreaterThanOrEqual(4900);
    await sleep(2500);
    expect(await received("slow")).toHaveLength(1);
    expect(await logs(hook.id)).toHaveLength(1);
  }, 30_000);

  it("gives up after 10 retries and notifies the administrators, at most once per 2 hours", async () => {
    await disableAll();
    const url = await scenario("down", { failTimes: 1000, failStatus: 502 });
    const hook = await webhook({ url, name: "dead-end" });
    const first = await submitAs(key);
    const second = await submitAs(key);
    await driveAs(key, first);
    await driveAs(key, second);
    const log = await waitFor("22 attempts", () => logs(hook.id), (l) => l.filter((x) => x.outcome === "FAILED").length >= 2, 40_000);
    expect(log).toHaveLength(22);
    const failed = log.filter((l) => l.outcome === "FAILED");
    expect(failed.map((l) => l.attempt)).toEqual([10, 10]);
    expect(failed[0].message).toMatch(/HTTP 502.*gave up after 10 retries/);
    expect(await received("down")).toHaveLength(22);
    const notes = await ok<Array<{ kind: string; recipients: string[]; link: string; subject: string; sentAt: string | null }>>(
      call(`${PLATFORM}/notifications`, admin),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: "WEBHOOK_DELIVERY_FAILED", recipients: ["admin@hooks.test"] });
    expect(notes[0].subject).toContain("dead-end");
    expect(notes[0].link).toContain(`/api/platform/v1/webhooks/${hook.id}/logs`);
    expect(notes[0].sentAt).not.toBeNull();
  }, 60_000);

  it("retries a failed connection (nothing listening)", async () => {
    await disableAll();
    // Nothing listens on port 9 of 127.0.0.1 (discard). workerd logs each refused connection, caught or not.
    const hook = await webhook({ url: "http://127.0.0.1:9/hook" });
    const id = await submitAs(key);
    await driveAs(key, id);
    const log = await waitFor("two attempts", () => logs(hook.id), (l) => l.length >= 2, 10_000);
    await ok(call(`${PLATFORM}/webhooks/${hook.id}`, { ...admin, method: "DELETE" }), 204);
    expect(log.slice(-2).map((l) => [l.attempt, l.outcome, l.httpStatus])).toEqual([
      [1, "RETRY_SCHEDULED", null],
      [0, "RETRY_SCHEDULED", null],
    ]);
    expect(log[log.length - 1].message).toMatch(/^Connection failed/);
  });
});

describe("durability and resend", () => {
  it("the outbox survives a Durable Object restart: a pending retry is delivered by the restarted object", async () => {
    await disableAll();
    const url = await scenario("restart", { failTimes: 1 });
    await webhook({ url });
    const id = await submitAs(key);
    await driveAs(key, id);
    await waitFor("the failed first attempt", () => received("restart"), (r) => r.length >= 1);
    // Drop every in-memory instance, as a restart of wrangler dev does; SQLite storage and the alarm survive.
    await abortAllDurableObjects();
    const got = await waitFor("the retry", () => received("restart"), (r) => r.length >= 2);
    expect(got.map((d) => d.answeredStatus)).toEqual([500, 200]);
    const pending = await runInDurableObject(stubOf(id), (o) => (o as unknown as { outbox: { pending(): unknown } }).outbox.pending());
    expect(pending).toEqual({ events: 0, deliveries: 0 });
  });

  it("an event enqueued with the record is fanned out after a restart even when the first fan-out never ran", async () => {
    await disableAll();
    const url = await scenario("recovered");
    await webhook({ url });
    const id = await submitAs(key);
    await driveAs(key, id);
    await waitFor("the first delivery", () => received("recovered"), (r) => r.length >= 1);
    // Simulate a crash right after the transaction that enqueued an event: the event row and the outbox's recovery
    // wake-up (with the alarm) are stored, the fan-out never ran, and the in-memory object is gone.
    const tenantId = (await env.DB.prepare(`SELECT tenant_id FROM datasets WHERE id = ?`).bind(id).first<{ tenant_id: string }>())!.tenant_id;
    const payload = { id, name: "recovered", model: "employee-scheduling", modelVersion: "1.31.0", tags: [], status: "SOLVING_COMPLETED", runLink: "x", outputLink: "y" };
    await runInDurableObject(stubOf(id), async (_o, state) => {
      const due = Date.now() + 10_000;
      state.storage.sql.exec(
        `INSERT INTO outbox_events (id, tenant_id, payload, created_at) VALUES ('ev-crash', ?, ?, ?)`,
        tenantId,
        JSON.stringify(payload),
        Date.now(),
      );
      state.storage.sql.exec(`INSERT OR REPLACE INTO wakeups (job, due_at) VALUES ('outbox', ?)`, due);
      await state.storage.setAlarm(due);
    });
    await abortAllDurableObjects();
    // The alarm would fire by itself 10 s later; fire it now.
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    const got = await waitFor("the recovered delivery", () => received("recovered"), (r) => r.length >= 2);
    expect(JSON.parse(got[1].body).name).toBe("recovered");
  });

  it("a logged delivery can be resent", async () => {
    await disableAll();
    const url = await scenario("resend");
    const hook = await webhook({ url });
    const id = await submitAs(key);
    await driveAs(key, id);
    const [first] = await waitFor("the log", () => logs(hook.id), (l) => l.length >= 1);
    const resent = await ok<{ deliveryId: string; resendOf: string; datasetId: string }>(
      call(`${PLATFORM}/webhooks/${hook.id}/logs/${first.id}/resend`, { ...admin, method: "POST" }),
      202,
    );
    expect(resent).toMatchObject({ resendOf: first.id, datasetId: id });
    const got = await waitFor("the resent delivery", () => received("resend"), (r) => r.length >= 2);
    expect(got[1].body).toBe(got[0].body);
    expect(got[1].headers["x-rota-delivery"]).toBe(resent.deliveryId);
    const after = await waitFor("the resend log", () => logs(hook.id), (l) => l.length >= 2);
    expect(after[0]).toMatchObject({ resendOf: first.id, outcome: "DELIVERED" });
    expect((await call(`${PLATFORM}/webhooks/${hook.id}/logs/nope/resend`, { ...admin, method: "POST" })).status).toBe(404);
  });
});

describe("retention", () => {
  it("the scheduled cleanup removes webhook logs older than 30 days", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString();
    for (const [id, ts] of [["old-log", old], ["recent-log", recent]]) {
      await env.DB.prepare(
        `INSERT INTO webhook_logs (id, tenant_id, webhook_id, delivery_id, attempt, timestamp, duration_ms, outcome, dataset_id,
           dataset_status, model, model_version, message, payload) VALUES (?, 't', 'w', 'd', 0, ?, 1, 'DELIVERED', 'x', 'SOLVING_COMPLETED', 'm', 'v', 'ok', '{}')`,
      )
        .bind(id, ts)
        .run();
    }
    const controller = { scheduledTime: Date.now(), cron: "17 3 * * *", noRetry() {} } as ScheduledController;
    await worker.scheduled(controller, env);
    const left = await env.DB.prepare(`SELECT id FROM webhook_logs WHERE id IN ('old-log', 'recent-log')`).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(["recent-log"]);
  });
});
