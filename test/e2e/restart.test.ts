/**
 * The real local stack: `wrangler dev` with D1, R2 and Durable Objects persisted on disk. A solve is interrupted by
 * killing wrangler, and must resume from its checkpoint after the restart and complete; nothing is lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-key";
let dev: WranglerDev;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rota-e2e-"));
  dev = new WranglerDev(await freePort(), dir, KEY);
  await dev.start();
});

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${dev.baseUrl}/api/models/employee-scheduling/v1${path}`, {
    ...init,
    headers: { "X-API-KEY": KEY, "Content-Type": "application/json" },
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Dataset {
  metadata: { solverStatus: string; score: string | null; activeDateTime?: string; completeDateTime?: string };
  kpis: { unassignedShifts: number } | null;
}

function mediumOf(score: string): number {
  return Number(/(-?\d+)medium/.exec(score)![1]);
}

async function waitFor(id: string, done: (d: Dataset) => boolean, timeoutMs: number): Promise<Dataset> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<Dataset>(`/schedules/${id}`);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(body.metadata)}\n${dev.log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("responses on the wire", () => {
  it("are gzip-compressed for a client that accepts it, and decode to the same JSON", async () => {
    const { request } = await import("node:http");
    const raw = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      const req = request(`${dev.baseUrl}/api/models/employee-scheduling/v1/demo-data/BASIC`, { headers: { "X-API-KEY": KEY, "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(raw.encoding).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    const decoded = JSON.parse(gunzipSync(raw.bytes).toString("utf8")) as { modelInput: { shifts: unknown[] } };
    expect(decoded.modelInput.shifts.length).toBeGreaterThan(100);
    expect(raw.bytes.length).toBeLessThan(JSON.stringify(decoded).length / 3);
  });
});

describe("wrangler dev, killed in the middle of a solve", () => {
  it("resumes the run from its checkpoint after a restart and completes it", async () => {
    const demo = await call<{ modelInput: unknown }>("/demo-data/LARGE");
    expect(demo.status).toBe(200);
    const submitted = await call<{ id: string }>("/schedules", {
      method: "POST",
      body: JSON.stringify({ modelInput: demo.body.modelInput, config: { run: { name: "restart", termination: { spentLimit: "PT8S" } } } }),
    });
    expect(submitted.status).toBe(202);
    const id = submitted.body.id;

    const active = await waitFor(id, (d) => d.metadata.solverStatus === "SOLVING_ACTIVE" && d.metadata.score !== null, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    await dev.stop();
    await dev.start();

    // Still there after the restart, and not started over: the phase timestamps are those of the first start.
    const resumed = await call<Dataset>(`/schedules/${id}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.metadata.activeDateTime).toBe(active.metadata.activeDateTime);

    const done = await waitFor(id, (d) => d.metadata.solverStatus === "SOLVING_COMPLETED", 60_000);
    expect(done.metadata.score).toMatch(/^0hard\//);
    // The best score never gets worse across the restart (it is checkpointed with the run).
    expect(mediumOf(done.metadata.score!)).toBeGreaterThanOrEqual(mediumOf(resumed.body.metadata.score!));
    // spentLimit counts from the first activation, so the run did not get a fresh 8 s after the restart.
    const ran = Date.parse(done.metadata.completeDateTime!) - Date.parse(active.metadata.activeDateTime!);
    expect(ran).toBeGreaterThanOrEqual(8000);

    const list = await call<Array<{ id: string; solverStatus: string }>>("/schedules");
    expect(list.body.find((d) => d.id === id)?.solverStatus).toBe("SOLVING_COMPLETED");
  });
});
