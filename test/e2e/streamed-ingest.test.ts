/**
 * A large submission end to end on the real local stack (`wrangler dev`): an XL dataset (100,000 shifts, 2,000
 * employees, the contract mix; about 22 MB of JSON, twice the limit of a body parsed whole) sent gzip to POST <root>,
 * read as a stream (README "Request bodies"), solved briefly, and its full output read back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { MAX_BODY_BYTES } from "../../worker/transport";
import { freePort, WranglerDev } from "./wrangler-dev";

const KEY = "e2e-key";
const ROOT = "/api/models/employee-scheduling/v1/schedules";
const FINAL = new Set(["SOLVING_COMPLETED", "SOLVING_INCOMPLETE", "SOLVING_FAILED"]);
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

interface Solved {
  metadata: { solverStatus: string; score: string | null };
  modelOutput: { shifts: Array<{ id: string; employee: string | null }> } | null;
}

describe("a 100,000-shift dataset sent gzip", () => {
  it("is accepted, solved and read back whole", async () => {
    const modelInput = generateInstance({ shifts: 100_000, employees: 2_000, seed: 2027, spread: 1.3, features: true, contracts: true });
    const text = JSON.stringify({ config: { run: { name: "xl", termination: { spentLimit: "PT5S" } } }, modelInput });
    expect(text.length).toBeGreaterThan(MAX_BODY_BYTES);
    const res = await fetch(`${dev.baseUrl}${ROOT}`, {
      method: "POST",
      headers: { "X-API-KEY": KEY, "Content-Type": "application/json", "Content-Encoding": "gzip" },
      body: gzipSync(text),
    });
    const ack = (await res.json()) as { id: string; name: string; solverStatus: string };
    expect(res.status, JSON.stringify(ack).slice(0, 500)).toBe(202);
    expect(ack).toMatchObject({ name: "xl", solverStatus: "SOLVING_SCHEDULED" });

    const deadline = Date.now() + 8 * 60_000;
    let body: Solved;
    for (;;) {
      const got = await fetch(`${dev.baseUrl}${ROOT}/${ack.id}`, { headers: { "X-API-KEY": KEY, "Accept-Encoding": "gzip" } });
      expect(got.status).toBe(200);
      body = (await got.json()) as Solved;
      if (FINAL.has(body.metadata.solverStatus)) break;
      if (Date.now() > deadline) throw new Error(`not final in time: ${JSON.stringify(body.metadata)}\n${dev.log}`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(["SOLVING_COMPLETED", "SOLVING_INCOMPLETE"]).toContain(body.metadata.solverStatus);
    // Every shift of the input, in its order, with an employee of the input or none.
    const employees = new Set(modelInput.employees.map((e) => e.id));
    expect(body.modelOutput!.shifts.map((s) => s.id)).toEqual(modelInput.shifts.map((s) => s.id));
    expect(body.modelOutput!.shifts.every((s) => s.employee === null || employees.has(s.employee))).toBe(true);
  }, 10 * 60_000);
});
