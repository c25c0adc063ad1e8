/**
 * The Durable Object's streamed load (solver/read-request.ts, README "Request bodies") holds memory per shift far
 * below the whole parse it replaced: 20,000 shifts with the contract mix (bench/generate.ts, as `npm run
 * bench:memory`), the stored request read from 64 KB pieces into the shift table, held memory measured after a full
 * collection. The whole parse held about 460 bytes per shift (its object tree); the budget leaves room for the
 * employees and rules (kept as objects) and the distinct values, and fails if the shifts go back to objects.
 */
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../bench/generate";
import { heldBytes } from "../../bench/held-memory";
import { encodeProblem } from "../../solver/encode";
import { readRequestBytes } from "../../solver/read-request";

const SHIFTS = 20_000;
/** Held bytes per shift after the read: 168 measured (the table about 100, the employees and rules about 65). */
const READ_BUDGET_PER_SHIFT = 230;

describe("Durable Object load memory", () => {
  it(`holds at most ${READ_BUDGET_PER_SHIFT} bytes per shift after reading ${SHIFTS} shifts`, { timeout: 300_000 }, async () => {
    const modelInput = generateInstance({ shifts: SHIFTS, employees: SHIFTS / 50, seed: 2027, spread: 1.3, warmShare: 0.3, pinnedShare: 0, features: true, contracts: true });
    const bytes = new TextEncoder().encode(JSON.stringify({ config: {}, modelInput }));
    const shiftCount = modelInput.shifts.length;
    (modelInput as { shifts: unknown }).shifts = null;
    (modelInput as { employees: unknown }).employees = null;
    // Warm up the code paths, so the baseline does not count compiled code.
    await readRequestBytes(new TextEncoder().encode('{"modelInput":{"employees":[],"shifts":[{"id":"x","start":"2027-01-01T00:00:00Z","end":"2027-01-01T01:00:00Z"}]}}'));
    const base = heldBytes();
    const { request, shifts } = await readRequestBytes(bytes);
    const perShift = (heldBytes() - base) / shiftCount;
    console.log(`streamed load: ${perShift.toFixed(0)} bytes per shift held after the read (${JSON.stringify(shifts.sharing)})`);
    expect(shifts.length).toBe(shiftCount);
    expect(perShift).toBeLessThan(READ_BUDGET_PER_SHIFT);
    // The table is the input the encoder reads.
    expect(encodeProblem(request.modelInput).shiftIds.length).toBe(shiftCount);
  });
});
