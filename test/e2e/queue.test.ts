/**
 * The solve queue and configuration profiles on the real local stack (`wrangler dev`, alarms firing on their own):
 * a profile made through the platform API changes the run (termination, a weight in the score analysis); the queue
 * holds datasets beyond the tenant's limit, keeps them across a restart of wrangler, starts them by priority once a
 * cancel frees the place, and answers 429 over the cap.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-queue-key";
let dev: WranglerDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rota-e2e-queue-"));
  dev = new WranglerDev(await freePort(), dir, KEY);
  await dev.start();
});

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; headers: Headers; body: T }> {
  const res = await fetch(`${dev.baseUrl}/api${path}`, {
    ...init,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    headers: { "X-API-KEY": KEY, "Content-Type": "application/json" },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

const ESS = "/models/employee-scheduling/v1/schedules";
const QUEUE = "/platform/v1/tenants/default/solve-queue";

interface Metadata {
  solverStatus: string;
  tags: string[];
  startDateTime?: string;
  activeDateTime?: string;
  completeDateTime?: string;
}

async function metadata(id: string): Promise<Metadata> {
  return (await call<Metadata>(`${ESS}/${id}/metadata`)).body;
}

async function waitFor(id: string, done: (m: Metadata) => boolean, timeoutMs = 60_000): Promise<Metadata> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = await metadata(id);
    if (done(m)) return m;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(m)}\n${dev.log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("solve queue and configuration profiles on wrangler dev", () => {
  it("profiles change the run; the queue holds, survives a restart, starts by priority, frees on cancel; 429 over the cap", async () => {
    const demo = await call<{ modelInput: unknown }>("/models/employee-scheduling/v1/demo-data/BASIC");
    const modelInput = demo.body.modelInput;
    const profile = await call<{ id: string }>("/platform/v1/models/employee-scheduling/configurations", {
      method: "POST",
      json: {
        name: "three-seconds",
        runConfiguration: { termination: { spentLimit: "PT3S" } },
        modelConfiguration: { overrides: { balanceTimeWorkedWeight: 7 } },
      },
    });
    expect(profile.status).toBe(200);
    expect((await call(QUEUE, { method: "PUT", json: { maxConcurrentSolves: 1, maxQueuedDatasets: 2 } })).status).toBe(200);

    const submit = async (query: string, config?: unknown) => {
      const res = await call<{ id: string; tags: string[] }>(`${ESS}${query}`, { method: "POST", json: { modelInput, config } });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return res.body.id;
    };
    // The request's own termination (a long one) wins over the profile's; the profile's weight stays.
    // (An unimproved limit also turns diminished returns off, so nothing but the cancel below ends it.)
    const long = await submit("?configurationId=three-seconds", {
      run: { termination: { spentLimit: "PT600S", unimprovedSpentLimit: "PT600S" } },
    });
    await waitFor(long, (m) => m.solverStatus === "SOLVING_ACTIVE");
    const low = await submit("?configurationId=three-seconds&priority=1");
    const high = await submit("?configurationId=three-seconds&priority=9");

    // 429 over the cap: two wait already.
    const refused = await call<{ id: string; code: string; message: string; details: string }>(ESS, { method: "POST", json: { modelInput } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.body.code).toBe("TOO_MANY_QUEUED");

    await new Promise((r) => setTimeout(r, 1000));
    expect((await metadata(low)).solverStatus).toBe("SOLVING_SCHEDULED");
    expect((await metadata(high)).solverStatus).toBe("SOLVING_SCHEDULED");

    // Restart everything, the queue's owner included: nothing is lost.
    await dev.stop();
    await dev.start();
    const q = await call<{ running: Array<{ datasetId: string }>; waiting: Array<{ datasetId: string }> }>(QUEUE);
    expect(q.body.running.map((r) => r.datasetId), JSON.stringify(await metadata(long))).toEqual([long]);
    expect(q.body.waiting.map((w) => w.datasetId)).toEqual([high, low]);
    expect((await metadata(high)).solverStatus).toBe("SOLVING_SCHEDULED");

    // Cancelling the long run frees its place at once: the high-priority one starts, runs the profile's 3 s, then the low one.
    const cancelledAt = Date.now();
    expect((await call(`${ESS}/${long}`, { method: "DELETE" })).status).toBe(200);
    const highStarted = await waitFor(high, (m) => m.startDateTime !== undefined, 20_000);
    expect(Date.parse(highStarted.startDateTime!) - cancelledAt).toBeLessThan(10_000);
    expect((await metadata(low)).startDateTime).toBeUndefined();
    const highDone = await waitFor(high, (m) => m.solverStatus === "SOLVING_COMPLETED");
    const ran = Date.parse(highDone.completeDateTime!) - Date.parse(highDone.activeDateTime!);
    expect(ran).toBeGreaterThanOrEqual(3000);
    expect(ran).toBeLessThan(15_000);
    expect(highDone.tags).toContain("system.profile:three-seconds");
    const lowStarted = await waitFor(low, (m) => m.startDateTime !== undefined);
    expect(Date.parse(lowStarted.startDateTime!)).toBeGreaterThanOrEqual(Date.parse(highDone.completeDateTime!));

    const analysis = await call<{ constraints: Array<{ name: string; weight: string }> }>(`${ESS}/${high}/score-analysis`);
    expect(analysis.body.constraints.find((c) => c.name === "Balance time worked")!.weight).toMatch(/(^|\/)-?7soft$/);

    expect((await call(`${ESS}/${low}`, { method: "DELETE" })).status).toBe(200);
    const empty = await call<{ running: unknown[]; waiting: unknown[] }>(QUEUE);
    expect(empty.body).toMatchObject({ running: [], waiting: [] });
  });
});
