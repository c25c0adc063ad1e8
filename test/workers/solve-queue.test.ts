/**
 * The per-tenant solve queue (README "Solve queue") through the real HTTP surface, the DatasetObjects and the
 * tenant's SolveQueue Durable Object, with real D1 and R2. Slices and queue steps are driven by hand
 * (runDurableObjectAlarm); SLICE_PAUSE_MS keeps alarms from firing on their own.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ROOT, smallInput, stubOf } from "./helpers";
import { call, createKey, createTenant, PLATFORM, type Req } from "./platform-helpers";

/** Every test has a tenant of its own (and so a queue of its own): its administrator and a model API key. */
let admin: Req;
let tenantId: string;
let key: string;
beforeEach(async () => {
  const tenant = await createTenant(`Queue${crypto.randomUUID().slice(0, 8)}`);
  admin = tenant.as;
  tenantId = tenant.tenant.id;
  key = (await createKey({ name: "queue test" }, admin)).key;
});

const queueUrl = () => `${PLATFORM}/tenants/${tenantId}/solve-queue`;

function api(url: string, init: RequestInit = {}): Promise<Response> {
  return call(url, { ...init, key, json: init.body ? JSON.parse(init.body as string) : undefined, body: undefined });
}

async function getDataset(id: string): Promise<{ metadata: { solverStatus: string; startDateTime?: string } }> {
  const res = await api(`${ROOT}/${id}`);
  if (res.status !== 200) throw new Error(`GET ${id}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function driveToCompletion(id: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (!["SOLVING_SCHEDULED", "SOLVING_STARTED", "SOLVING_ACTIVE"].includes(await status(id))) return;
    await runDurableObjectAlarm(stubOf(id));
  }
  throw new Error(`dataset ${id} did not finish`);
}

interface Snapshot {
  plan: string;
  maxConcurrentSolves: number;
  maxQueuedDatasets: number;
  running: Array<{ datasetId: string; threads: number }>;
  waiting: Array<{ datasetId: string; priority: number }>;
}

async function setLimits(body: Record<string, number | null>): Promise<Snapshot> {
  const res = await call(queueUrl(), { ...admin, method: "PUT", json: body });
  expect(res.status).toBe(200);
  return res.json();
}

async function queue(): Promise<Snapshot> {
  return (await call(queueUrl(), admin)).json();
}

async function submitWith(query: string, config: Record<string, unknown> = {}): Promise<string> {
  const res = await api(`${ROOT}${query}`, {
    method: "POST",
    body: JSON.stringify({ modelInput: smallInput(), config: { run: { termination: { stepCountLimit: 200 }, ...config } } }),
  });
  const body = await res.json<{ id: string }>();
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.id;
}

async function status(id: string): Promise<string> {
  return (await getDataset(id)).metadata.solverStatus;
}

/** One alarm of the dataset: a waiting one stays SCHEDULED, a granted one moves on. */
async function step(id: string): Promise<string> {
  await runDurableObjectAlarm(stubOf(id));
  return status(id);
}

describe("solve queue", () => {
  it("has the plan's limits until an administrator sets others, and audits the change", async () => {
    const initial = await queue();
    expect(initial).toMatchObject({ plan: "FREE", maxConcurrentSolves: 2, maxQueuedDatasets: 20, running: [], waiting: [] });
    expect(await setLimits({ maxConcurrentSolves: 1, maxQueuedDatasets: 3 })).toMatchObject({ maxConcurrentSolves: 1, maxQueuedDatasets: 3 });
    expect(await setLimits({ maxConcurrentSolves: null })).toMatchObject({ maxConcurrentSolves: 2, maxQueuedDatasets: 3 });
    const bad = await call(queueUrl(), { ...admin, method: "PUT", json: { maxConcurrentSolves: 0, slots: 3 } });
    expect(bad.status).toBe(400);
    const err = await bad.json<{ id: string; code: string; details: string }>();
    expect(err.details).toMatch(/maxConcurrentSolves/);
    expect(err.details).toMatch(/slots: unknown field/);
    const audit = await (await call(`${PLATFORM}/audit-log?action=SOLVE_QUEUE_UPDATED`, admin)).json<unknown[]>();
    expect(audit).toHaveLength(2);
    // Another tenant's queue is 404; an API key (no member) cannot administer.
    expect((await call(`${PLATFORM}/tenants/default/solve-queue`, admin)).status).toBe(404);
    expect((await call(queueUrl(), { key })).status).toBe(403);
  });

  it("holds datasets beyond the limit and starts them by priority, then submit time; a cancel frees a place at once", async () => {
    await setLimits({ maxConcurrentSolves: 1 });
    const a = await submitWith("?priority=5");
    const low = await submitWith("?priority=1");
    const high1 = await submitWith("?priority=9");
    const high2 = await submitWith("?priority=9");
    const dflt = await submitWith(""); // priority 5, after a

    expect(await step(a)).toBe("SOLVING_STARTED");
    for (const id of [low, high1, high2, dflt]) expect(await step(id)).toBe("SOLVING_SCHEDULED");
    const q = await queue();
    expect(q.running.map((r) => r.datasetId)).toEqual([a]);
    expect(q.waiting.map((w) => w.datasetId)).toEqual([high1, high2, dflt, low]);

    // Cancelling the running one gives its place to the next in order at once (the queue wakes it).
    const cancelled = await api(`${ROOT}/${a}`, { method: "DELETE" });
    expect(cancelled.status).toBe(200);
    expect((await queue()).running.map((r) => r.datasetId)).toEqual([high1]);
    expect(await step(high2)).toBe("SOLVING_SCHEDULED");
    expect(await step(high1)).toBe("SOLVING_STARTED");

    // Cancelling a waiting one takes it out of the queue.
    expect((await api(`${ROOT}/${dflt}`, { method: "DELETE" })).status).toBe(200);
    expect((await queue()).waiting.map((w) => w.datasetId)).toEqual([high2, low]);

    // Finishing frees the place too; the rest start one by one in queue order.
    const started: string[] = [];
    for (const id of [high1, high2, low]) {
      await driveToCompletion(id);
      started.push(id);
      expect(await status(id)).toBe("SOLVING_COMPLETED");
    }
    const starts = await Promise.all([high1, high2, low].map(async (id) => Date.parse((await getDataset(id)).metadata.startDateTime!)));
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
    expect(await queue()).toMatchObject({ running: [], waiting: [] });
  });

  it("counts maxThreadCount against the limit", async () => {
    await setLimits({ maxConcurrentSolves: 2 });
    const wide = await submitWith("", { maxThreadCount: 2 });
    const narrow = await submitWith("");
    expect(await step(wide)).toBe("SOLVING_STARTED");
    expect(await step(narrow)).toBe("SOLVING_SCHEDULED");
    expect((await queue()).running).toEqual([expect.objectContaining({ datasetId: wide, threads: 2 })]);
    await driveToCompletion(wide);
    expect(await step(narrow)).toBe("SOLVING_STARTED");
  });

  it("answers 429 with Retry-After over the cap on waiting datasets, and stores nothing", async () => {
    await setLimits({ maxConcurrentSolves: 1, maxQueuedDatasets: 1 });
    await submitWith(""); // granted
    await submitWith(""); // waits: the cap is reached
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM datasets WHERE tenant_id = ?").bind(tenantId).first<{ n: number }>();
    const res = await api(ROOT, { method: "POST", body: JSON.stringify({ modelInput: smallInput() }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await res.json<{ id: string; code: string; message: string; details: string }>();
    expect(body).toMatchObject({ code: "TOO_MANY_QUEUED" });
    expect(typeof body.id).toBe("string");
    expect(body.message).toMatch(/1 datasets waiting/);
    expect(body.details).toMatch(/^solve queue: 1 of 1 waiting places/);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM datasets WHERE tenant_id = ?").bind(tenantId).first<{ n: number }>();
    expect(after!.n).toBe(2);
    expect(after!.n).toBe(before!.n);
    // Validation-only datasets do not queue, so they are still accepted.
    const none = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput: smallInput() }) });
    expect(none.status).toBe(202);
    // ... but solving one later is a new solve: refused as well.
    const { id } = await none.json<{ id: string }>();
    const solve = await api(`${ROOT}/${id}?priority=7`, { method: "POST" });
    expect(solve.status).toBe(429);
    expect(await status(id)).toBe("DATASET_VALIDATED");
  });

  it("keeps the queue across a restart of its owner", async () => {
    await setLimits({ maxConcurrentSolves: 1 });
    const a = await submitWith("");
    const b = await submitWith("?priority=2");
    const c = await submitWith("?priority=8");
    expect(await step(a)).toBe("SOLVING_STARTED");
    await abortAllDurableObjects(); // every object, the queue included, restarts from its storage
    const q = await queue();
    expect(q.running.map((r) => r.datasetId)).toEqual([a]);
    expect(q.waiting.map((w) => w.datasetId)).toEqual([c, b]);
    await driveToCompletion(a);
    expect(await step(b)).toBe("SOLVING_SCHEDULED");
    expect(await step(c)).toBe("SOLVING_STARTED");
  });

  it("POST <root>/{id}?priority= queues a validated dataset with that priority", async () => {
    await setLimits({ maxConcurrentSolves: 1 });
    const running = await submitWith("");
    const later = await submitWith("?priority=3");
    const res = await api(`${ROOT}?operation=NONE`, { method: "POST", body: JSON.stringify({ modelInput: smallInput() }) });
    const { id } = await res.json<{ id: string }>();
    expect((await api(`${ROOT}/${id}?priority=10`, { method: "POST" })).status).toBe(202);
    expect((await api(`${ROOT}/${id}?priority=11`, { method: "POST" })).status).toBe(400);
    expect((await queue()).waiting.map((w) => [w.datasetId, w.priority])).toEqual([[id, 10], [later, 3]]);
    await driveToCompletion(running);
    expect(await step(later)).toBe("SOLVING_SCHEDULED");
    expect(await step(id)).toBe("SOLVING_STARTED");
  });

  it("DELETE ?force=true ends a run whose solver cannot be restored, and frees its place", async () => {
    await setLimits({ maxConcurrentSolves: 1 });
    const stuck = await submitWith("", { termination: { stepCountLimit: 1_000_000_000 } });
    const next = await submitWith("");
    expect(await step(stuck)).toBe("SOLVING_STARTED");
    expect(await step(stuck)).toBe("SOLVING_ACTIVE");
    // The input is gone and the in-memory solver with it: the run can neither continue nor be post-processed.
    await env.BLOBS.delete(`tenants/${tenantId}/datasets/${stuck}/request.json`);
    await abortAllDurableObjects();
    const plain = await api(`${ROOT}/${stuck}`, { method: "DELETE" });
    expect(plain.status).toBe(500);
    expect((await queue()).running.map((r) => r.datasetId)).toEqual([stuck]);

    const forced = await api(`${ROOT}/${stuck}?force=true`, { method: "DELETE" });
    expect(forced.status).toBe(200);
    const body = await forced.json<{ metadata: { solverStatus: string; failureMessage?: string } }>();
    expect(body.metadata.solverStatus).toBe("SOLVING_FAILED");
    expect(body.metadata.failureMessage).toMatch(/^Terminated by force: .*missing/);
    expect((await queue()).running.map((r) => r.datasetId)).toEqual([next]);
    expect(await step(next)).toBe("SOLVING_STARTED");
  });
});
