/**
 * from-patch's derivation in the Worker (worker/derived-request.ts, README "Request bodies": the base of a patch)
 * holds memory far below a whole parse: 20,000 shifts with the contract mix, the parent's request read as a stream
 * into the shift table, a patch applied, each shift and employee checked against the schema and the child's request
 * written as it is made; held memory sampled every 32 pieces read and at every R2 write. What it may hold: the shift
 * table and the parent's employees, the facts validation reads (ids), the patched shifts and one R2 part (5 MiB).
 * The R2 side is an in-memory bucket (bench/memory-bucket.ts); the Worker tests run the same code
 * against real local R2 and compare what it stores with the whole-built request (test/workers/request-streams.test.ts).
 */
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { heldBytes, HeldPeak } from "../../bench/held-memory";
import { memoryBucket } from "../../bench/memory-bucket";
import type { PatchOperation } from "../../model/patch";
import { patchParent, readParentRequest, storeDerivedRequest } from "../../worker/derived-request";
import { PART_BYTES } from "../../worker/r2-upload";

const SHIFTS = 20_000;
/**
 * Held bytes per shift beyond one R2 part: 118 measured (27 November 2026; after the read 78: the shift table and the
 * employees; the validation's id set most of the rest); the request is 240 bytes per shift, and the route before held
 * it parsed whole several times over (the request, the solved copy, the patched copy, the schema's output).
 */
const BUDGET_PER_SHIFT = 160;

async function derive(stored: Uint8Array, patch: (id: (i: number) => string, count: number) => PatchOperation[], peak: HeldPeak | null) {
  const { bucket, text, sampleInto } = memoryBucket(new Map([["parent", stored]]), "text");
  sampleInto(peak);
  const parent = await readParentRequest(bucket, { requestKey: "parent", solution: "SUBMITTED" });
  peak?.sample();
  const shifts = parent.modelInput.shifts as { get(i: number): { id: string }; length: number };
  const patched = patchParent(parent, patch((i) => shifts.get(i).id, shifts.length));
  peak?.sample();
  const issues = await storeDerivedRequest(bucket, "child", parent.config, patched, { schema: true });
  peak?.sample();
  return { issues, child: text.get("child")! };
}

const patchOf = (id: (i: number) => string, count: number): PatchOperation[] => [
  ...Array.from({ length: 50 }, (_v, k) => ({ op: "add" as const, path: `/shifts[id=${id((k * 397) % count)}]/pinned`, value: true })),
  { op: "remove", path: "/shifts/3" },
  { op: "add", path: "/shifts/-", value: { id: "added", start: "2027-02-01T08:00:00Z", end: "2027-02-01T16:00:00Z" } },
];

describe("from-patch's derivation", () => {
  it(`holds far less than the request: ${SHIFTS} shifts, under ${BUDGET_PER_SHIFT} bytes per shift beyond one R2 part`, async () => {
    // A first derivation: the code compiled on first use (the reader, the schemas) is not the derivation's to hold.
    const warm = generateInstance({ shifts: 2_000, employees: 40, seed: 1, features: true, contracts: true });
    await derive(new TextEncoder().encode(JSON.stringify({ modelInput: warm, config: {} })), patchOf, null);

    const modelInput = generateInstance({ shifts: SHIFTS, employees: 400, seed: 7, warmShare: 0.3, features: true, contracts: true });
    const text = JSON.stringify({ modelInput, config: {} });
    const stored = new TextEncoder().encode(text);
    const shiftIds = modelInput.shifts.map((s) => s.id);
    (modelInput as { shifts: unknown }).shifts = null;
    (modelInput as { employees: unknown }).employees = null;
    // Collected once more before the baseline: the generated input's arrays go only then (the baseline was 12 MB high).
    heldBytes();
    const peak = new HeldPeak();
    const { issues, child } = await derive(stored, patchOf, peak);

    expect(issues.filter((i) => i.severity === "ERROR")).toEqual([]);
    const written = JSON.parse(child) as { modelInput: { shifts: Array<{ id: string; pinned?: boolean }> } };
    expect(written.modelInput.shifts).toHaveLength(SHIFTS);
    expect(written.modelInput.shifts.filter((s) => s.pinned === true).length).toBeGreaterThanOrEqual(50 - 1);
    expect(written.modelInput.shifts.map((s) => s.id)).toEqual([...shiftIds.slice(0, 3), ...shiftIds.slice(4), "added"]);
    const perShift = (peak.bytes - PART_BYTES) / SHIFTS;
    console.log(`request ${text.length} bytes; held at most ${peak.bytes} bytes: ${perShift.toFixed(0)} per shift beyond one part`);
    expect(peak.bytes - PART_BYTES).toBeLessThan(text.length);
    expect(perShift).toBeLessThan(BUDGET_PER_SHIFT);
  }, 120_000);
});
