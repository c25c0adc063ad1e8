/**
 * The Durable Object's streamed load (README "Request bodies") against the object-tree path: a request read through
 * solver/read-request.ts (shifts in a ShiftTable, read through its view) must serialize as the request parsed whole,
 * encode to the same problem, and give the same outputs (modelOutput, inputMetrics, KPIs, per-employee metrics) and
 * the same stored output text (written in pieces, output-json.ts) and the same score analysis with justifications, on the demo datasets, the fuzz inputs and every constraint case.
 */
import { describe, expect, it } from "vitest";
import { DEMO_DATA_IDS, demoSolvingRequest } from "../../demo-data/index";
import type { SolvingRequest } from "../../schemas/solving-request";
import { analyzeSession, sessionWithAssignment } from "../../solver/analyze";
import { encodeProblem, type EncodedProblem } from "../../solver/encode";
import { assignmentOfOutput, solutionParts, submittedAssignment } from "../../solver/output";
import { readOutputAssignment } from "../../solver/read-output";
import { narrowed } from "../../solver/loaded-problem";
import { openSession } from "../../solver/open-session";
import { jsonPieces } from "../../solver/output-json";
import { readRequestBytes, readRequestStream } from "../../solver/read-request";
import { SolverSession } from "../../solver/session";
import { CONTRACT_CASES } from "./contract-cases";
import { COST_CASES } from "./cost-cases";
import { DEMAND_CASES } from "./demand-cases";
import { GLOBAL_CASES } from "./global-cases";
import { MISC_CASES } from "./misc-cases";
import { PAIRING_CASES } from "./pairing-cases";
import { releaseModule } from "./helpers";
import { randomInput, randomWeights } from "./random-input";

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Everything of an encoding but the input it keeps (compared on its own, serialized). */
function encoding(p: EncodedProblem): Omit<EncodedProblem, "input"> {
  const { input: _input, ...rest } = p;
  return rest;
}

async function expectSameLoad(request: SolvingRequest, chunkBytes = 4096): Promise<void> {
  const { request: streamed } = await readRequestBytes(bytesOf(request), chunkBytes);
  expect(JSON.stringify(streamed)).toBe(JSON.stringify(request));
  const whole = encodeProblem(request.modelInput);
  const compact = encodeProblem(streamed.modelInput);
  expect(encoding(compact)).toEqual(encoding(whole));
  expect(JSON.stringify(compact.input)).toBe(JSON.stringify(whole.input));

  const weights = request.config?.model?.overrides ?? undefined;
  const module = releaseModule();
  // As the hosts open it (open-session.ts, sections released once loaded) on the streamed side; in full on the other.
  const sessions = [await SolverSession.create(module, whole, { seed: 7, weights }), await openSession(module, streamed, { seed: 7 })];
  for (const session of sessions) session.runSlice(3_000);
  expect(() => sessions[1].problem.sections.requiredSkills).toThrow(/released/);
  // What stays is narrowed (loaded-problem.ts): the same values in fewer bytes.
  expect(sessions[1].problem.shiftPinned).toBeInstanceOf(Int8Array);
  expect(Array.from(sessions[1].problem.shiftEmployee)).toEqual(Array.from(whole.shiftEmployee));
  expect(Array.from(sessions[1].problem.sections.tzShift)).toEqual(Array.from(whole.sections.tzShift));
  expect([...sessions[1].problem.shiftIds]).toEqual(whole.shiftIds);
  expect(sessions[1].bestAssignment()).toEqual(sessions[0].bestAssignment());
  const best = sessions[0].bestAssignment();
  expect(solutionParts(streamed.modelInput, best, sessions[1].problem)).toEqual(solutionParts(request.modelInput, best, sessions[0].problem));
  expect(solutionParts(streamed.modelInput, submittedAssignment(streamed.modelInput))).toEqual(
    solutionParts(request.modelInput, submittedAssignment(request.modelInput)),
  );
  // The stored output, written in pieces with its shifts made as they are serialized: the same text.
  const lazy = solutionParts(streamed.modelInput, best, sessions[1].problem, { lazyShifts: true });
  const pieces = [...jsonPieces(lazy, 1000)];
  expect(pieces.join("")).toBe(JSON.stringify(solutionParts(request.modelInput, best, sessions[0].problem)));
  // Its assignment read back as a stream (read-output.ts), as the analyses of a completed dataset read it.
  const storedBytes = (async function* () {
    for (const piece of pieces) yield new TextEncoder().encode(piece);
  })();
  const readBack = await readOutputAssignment(storedBytes, streamed.modelInput);
  expect(readBack).toEqual(assignmentOfOutput(request.modelInput, solutionParts(request.modelInput, best, sessions[0].problem).modelOutput));
  // The analysis on a session of its own as the Durable Object opens one (open-session.ts, released once loaded),
  // against a session on the whole encoding.
  const wholeSession = await SolverSession.create(module, encodeProblem(request.modelInput), { weights });
  wholeSession.applyAssignment(best);
  const own = await sessionWithAssignment(module, streamed, Int32Array.from(best));
  expect(() => own.problem.sections.requiredSkills).toThrow(/released/);
  expect(analyzeSession(own, { includeJustifications: true })).toEqual(analyzeSession(wholeSession, { includeJustifications: true }));
}

describe("streamed load of a stored request", () => {
  it.each(DEMO_DATA_IDS)("demo %s: same request, encoding, outputs and analysis", { timeout: 120_000 }, async (id) => {
    await expectSameLoad(demoSolvingRequest(id)!);
  });

  it("fuzz inputs: the same, read in chunks of 1 to 4,096 bytes", { timeout: 300_000 }, async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const request: SolvingRequest = { modelInput: randomInput(seed), config: { model: { overrides: randomWeights(seed) } } };
      await expectSameLoad(request, seed % 5 === 0 ? 1 + (seed % 13) : 4096);
    }
  });

  it("every constraint case: the same", { timeout: 300_000 }, async () => {
    for (const table of [CONTRACT_CASES, COST_CASES, DEMAND_CASES, GLOBAL_CASES, MISC_CASES, PAIRING_CASES]) {
      for (const { cases } of Object.values(table)) {
        for (const c of cases) await expectSameLoad({ modelInput: c.input }, 256);
      }
    }
  });

  it("keeps ids and strings as sent: escapes, characters outside ASCII split across chunks, odd members", async () => {
    const request = {
      modelInput: {
        employees: [{ id: "é\u2028" }],
        shifts: [
          { id: "a\"\\😀", start: "2027-02-01T08:00:00Z", end: "2027-02-01T16:00:00Z", employee: "é\u2028", tags: ["ü"] },
          { end: "2027-02-01T16:00:00Z", start: "2027-02-01T08:00:00Z", id: "b", employee: null, pinned: true },
          { id: "c", start: "2027-02-01T08:00:00Z", end: "2027-02-01T16:00:00Z", tags: ["ü"], x: { y: [1, -0.5e3, true, null] } },
        ],
      },
    } as unknown as SolvingRequest;
    for (const chunk of [1, 2, 3, 1000]) {
      const { request: streamed, shifts } = await readRequestBytes(bytesOf(request), chunk);
      expect(JSON.stringify(streamed)).toBe(JSON.stringify(request));
      expect(shifts.idOf(0)).toBe("a\"\\😀");
      expect(streamed.modelInput.shifts[1]).toEqual(request.modelInput.shifts[1]);
    }
  });

  it("shares shapes and values between shifts", async () => {
    const shifts = Array.from({ length: 5000 }, (_v, i) => ({ id: `s${i}`, start: `2027-02-0${1 + (i % 7)}T08:00:00Z`, end: `2027-02-0${1 + (i % 7)}T16:00:00Z`, tags: [i % 2 ? "a" : "b"] }));
    const { shifts: table, request } = await readRequestBytes(bytesOf({ modelInput: { employees: [], shifts } }));
    expect(table.length).toBe(5000);
    expect(table.sharing).toEqual({ shapes: 1, values: 16 });
    expect(request.modelInput.shifts[4999]).toEqual(shifts[4999]);
    // The shifts' shared parts are frozen: a consumer that writes into them fails loudly, here and in tests.
    expect(() => (request.modelInput.shifts[0].tags as string[]).push("c")).toThrow(TypeError);
    expect(() => request.modelInput.shifts.push(shifts[0])).toThrow(TypeError);
  });

  it("shares the small flat values of employees and rules, frozen, and leaves the request's own objects as built", async () => {
    const span = { start: "2027-02-01T00:00:00Z", end: "2027-02-02T00:00:00Z" };
    const request = {
      config: { run: { termination: { spentLimit: "PT1M" } } },
      modelInput: {
        employees: ["a", "b"].map((id) => ({ id, skills: ["x", "y"], unavailableTimeSpans: [{ ...span }], preferredTimeSpans: [{ ...span, weight: 2 }] })),
        shifts: [{ id: "s", start: span.start, end: span.end }],
      },
    };
    const { request: streamed } = await readRequestBytes(bytesOf(request), 7);
    expect(streamed).toEqual(request);
    const [a, b] = streamed.modelInput.employees as unknown as (typeof request.modelInput.employees)[number][];
    expect(a.skills).toBe(b.skills);
    expect(a.unavailableTimeSpans[0]).toBe(b.unavailableTimeSpans[0]);
    expect(a.preferredTimeSpans[0]).not.toBe(a.unavailableTimeSpans[0]);
    expect(a.unavailableTimeSpans[0].start).toBe(b.preferredTimeSpans[0].start);
    expect(() => a.skills.push("z")).toThrow(TypeError);
    // Lists holding objects, the employees and the request's own objects stay as built (writable).
    expect(a.unavailableTimeSpans).not.toBe(b.unavailableTimeSpans);
    for (const value of [a, a.unavailableTimeSpans, streamed, streamed.modelInput, streamed.config!, streamed.config!.run!]) expect(Object.isFrozen(value)).toBe(false);
  });

  it("narrows what a host keeps of a loaded problem to the fewest bytes its values need", () => {
    const cases: [number[], unknown][] = [[[0, 1, -128, 127], Int8Array], [[-129, 5], Int16Array], [[32767, -32768], Int16Array], [[32768], Int32Array], [[-(2 ** 31), 0], Int32Array]];
    for (const [values, type] of cases) {
      const kept = narrowed(Int32Array.from(values));
      expect(kept).toBeInstanceOf(type);
      expect(Array.from(kept)).toEqual(values);
    }
  });

  it("writes JSON in pieces exactly as JSON.stringify", () => {
    const value = { a: [1, undefined, "x"], long: Array.from({ length: 600 }, (_v, i) => (i % 7 === 0 ? undefined : { i, s: `é${i}`, n: null, u: undefined })), e: {}, z: [] };
    const pieces = [...jsonPieces(value, 100)];
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join("")).toBe(JSON.stringify(value));
  });

  it("refuses what is not a stored request with an Error, never more", async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    await expect(readRequestBytes(text('{"modelInput": {"shifts": [1]}}'))).rejects.toThrow(/not an object/);
    await expect(readRequestBytes(text('{"modelInput": {"__proto__": {}}}'))).rejects.toThrow(/__proto__/);
    await expect(readRequestBytes(text('{"modelInput": {"shifts": [}'))).rejects.toThrow(Error);
    await expect(readRequestBytes(text('{"modelInput": {"shifts": []'))).rejects.toThrow(/ends inside/);
    await expect(readRequestBytes(text("[]"))).rejects.toThrow(/no modelInput/);
    await expect(readRequestBytes(text("[".repeat(100)))).rejects.toThrow(/deeper/);
    const stream = new Blob([bytesOf({ modelInput: { employees: [], shifts: [{ id: "x", start: "s", end: "e" }] } })]).stream();
    expect(JSON.stringify((await readRequestStream(stream)).request.modelInput.shifts)).toBe('[{"id":"x","start":"s","end":"e"}]');
  });
});
