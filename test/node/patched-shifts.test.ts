/**
 * A patch on a streamed request (README "Request bodies": the base of a patch): `applyPatchShared` with the shifts
 * as a PatchedShifts over the compact table gives what `applyPatch` gives on the input parsed whole, for random
 * sequences of operations (failures included: the same PatchError), and never changes the request it reads.
 */
import { describe, expect, it } from "vitest";
import { generateInstance, rng } from "../../bench/generate";
import { applyPatch, applyPatchShared, type PatchOperation } from "../../model/patch";
import type { ModelInput } from "../../schemas/model-input";
import { PatchedShifts } from "../../solver/patched-shifts";
import { readRequestBytes } from "../../solver/read-request";
import { StringTable } from "../../solver/string-table";

function outcome(run: () => Record<string, unknown>): string {
  try {
    const input = run();
    const shifts = input.shifts instanceof PatchedShifts ? Array.from({ length: input.shifts.length }, (_v, i) => (input.shifts as PatchedShifts).get(i)) : input.shifts;
    return JSON.stringify({ ...input, shifts });
  } catch (err) {
    return `throws ${String(err)}`;
  }
}

/** Random operations on shifts (by position, by id, by another member, appended, nested) and employees. */
function randomOperations(input: ModelInput, next: () => number, count: number): PatchOperation[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  // A few ids, so that operations meet the shifts earlier ones changed.
  const ids = Array.from({ length: 6 }, () => pick(input.shifts).id);
  const shiftId = () => (next() < 0.1 ? "absent" : next() < 0.25 ? `new-${Math.floor(next() * 4)}` : pick(ids));
  const shift = () => ({ ...pick(input.shifts), id: `new-${Math.floor(next() * 4)}` });
  const position = () => Math.floor(next() * (input.shifts.length + 2));
  const makers: Array<() => PatchOperation> = [
    () => ({ op: "add", path: `/shifts/${position()}`, value: shift() }),
    () => ({ op: "add", path: "/shifts/-", value: shift() }),
    () => ({ op: "remove", path: `/shifts/${position()}` }),
    () => ({ op: "remove", path: `/shifts[id=${shiftId()}]` }),
    () => ({ op: "replace", path: `/shifts[id=${shiftId()}]`, value: shift() }),
    () => ({ op: "add", path: `/shifts[id=${shiftId()}]/pinned`, value: next() < 0.5 }),
    () => ({ op: "replace", path: `/shifts[id=${shiftId()}]/id`, value: `new-${Math.floor(next() * 4)}` }),
    () => ({ op: "add", path: `/shifts[id=${shiftId()}]/tags/-`, value: "extra" }),
    () => ({ op: "remove", path: `/shifts[id=${shiftId()}]/employee` }),
    () => ({ op: "add", path: `/shifts[start=${pick(input.shifts).start}]/employee`, value: pick(input.employees).id }),
    () => ({ op: "replace", path: `/shifts/${position()}/end`, value: pick(input.shifts).end }),
    () => ({ op: "add", path: `/employees[id=${pick(input.employees).id}]/skills/-`, value: { id: "extra" } }),
    () => ({ op: "add", path: "/employees/-", value: { id: "new-employee" } }),
    () => ({ op: "replace", path: "/shifts", value: [shift()] }),
  ];
  return Array.from({ length: count }, () => (next() < 0.03 ? makers[makers.length - 1] : pick(makers.slice(0, -1)))());
}

describe("patches on a streamed request's shifts", () => {
  it("equal the patch of the input parsed whole, and leave the request unchanged", async () => {
    const input = generateInstance({ shifts: 300, employees: 12, seed: 3, warmShare: 0.5, features: true });
    const text = JSON.stringify({ modelInput: input });
    const { request, shifts: table } = await readRequestBytes(new TextEncoder().encode(text));
    const next = rng(17);
    let failures = 0;
    for (let round = 0; round < 300; round++) {
      const operations = randomOperations(input, next, 1 + Math.floor(next() * 12));
      const expected = outcome(() => applyPatch(input, operations) as unknown as Record<string, unknown>);
      const list = new PatchedShifts(table.length, (i) => table.get(i), table.ids);
      const actual = outcome(() => applyPatchShared({ ...(request.modelInput as unknown as Record<string, unknown>), shifts: list }, operations));
      expect(actual, JSON.stringify(operations)).toBe(expected);
      if (expected.startsWith("throws")) failures++;
    }
    // Both kinds of outcome were compared.
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(270);
    expect(JSON.stringify({ modelInput: request.modelInput })).toBe(text);
  });

  it("finds shifts by id with the hash of the ids, repeated ids in order, across chunks", () => {
    const table = new StringTable();
    for (let i = 0; i < 3000; i++) table.add(i % 1000 === 7 ? "twice" : `s${i}`);
    expect(table.positionsOf("twice")).toEqual([7, 1007, 2007]);
    expect(table.positionsOf("s2999")).toEqual([2999]);
    expect(table.positionsOf("s7")).toEqual([]);
    table.add("s7");
    expect(table.positionsOf("s7")).toEqual([3000]);
  });
});
