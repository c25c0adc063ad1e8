/**
 * The planner's logic without a browser (Node, same .wasm): what-if recommendations (engine diffs = recount = the
 * API's recommendEmployees), violations on the blocks, lane packing, and the patch sent back to the API.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { demoSolvingRequest } from "../../demo-data/index";
import { applyPatch } from "../../model/patch";
import type { ModelInput } from "../../schemas/model-input";
import { submittedAssignment } from "../../solver/output";
import { recommendEmployees } from "../../solver/recommendations";
import { formatScore } from "../../solver/score";
import { PlannerSession } from "../../web/src/engine/planner-session";
import { violationsByShift } from "../../web/src/engine/violations";
import { whatIf, type WhatIf } from "../../web/src/engine/what-if";
import { createPlan, patchOperations, shiftStates } from "../../web/src/state/plan";
import { Clock } from "../../web/src/state/time";
import { packLanes, timeRange } from "../../web/src/ui/layout";

const module = new WebAssembly.Module(readFileSync("build/rota.wasm"));

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Small inputs that exercise every local constraint the fast path derives, and overlaps. */
function randomInput(seed: number): ModelInput {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, 1 + day, hour)).toISOString().replace(".000Z", "Z");
  const skills = ["A", "B", "C"];
  const employees = Array.from({ length: 7 }, (_, e) => ({
    id: `E${e}`,
    skills: [{ id: pick(skills) }, ...(random() < 0.4 ? [{ id: pick(skills) }] : [])].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i),
    unavailableTimeSpans: random() < 0.5 ? [{ start: at(Math.floor(random() * 4), 0), end: at(Math.floor(random() * 4), 23) }].filter((s) => s.start < s.end) : [],
    unpreferredTimeSpans: random() < 0.5 ? [{ start: at(1, 12), end: at(2, 0) }] : [],
    preferredTimeSpans: random() < 0.3 ? [{ start: at(0, 0), end: at(1, 0) }] : [],
    prohibitedRiskFactors: random() < 0.3 ? ["night"] : [],
  }));
  const shifts = Array.from({ length: 24 }, (_, i) => {
    const day = Math.floor(random() * 4);
    const hour = pick([0, 6, 8, 14, 20]);
    return {
      id: `S${i}`,
      start: at(day, hour),
      end: at(day, hour + pick([4, 8, 10])),
      requiredSkills: [pick(skills)],
      ...(random() < 0.3 ? { preferredSkills: [pick(skills)] } : {}),
      ...(random() < 0.2 ? { riskFactors: ["night"] } : {}),
      ...(random() < 0.2 ? { preferredEmployees: [pick(employees).id] } : {}),
      ...(random() < 0.2 ? { unpreferredEmployees: [pick(employees).id] } : {}),
      ...(random() < 0.2 ? { prohibitedEmployees: [pick(employees).id] } : {}),
      ...(random() < 0.5 ? { employee: pick(employees).id } : {}),
      priority: pick(["1", "3", "5"]) as "1" | "3" | "5",
    };
  });
  return { employees, shifts };
}

function comparable(w: WhatIf) {
  return w.options.map((o) => ({
    employee: o.employeeIndex,
    scoreDiff: o.scoreDiff,
    fit: o.fit,
    changes: o.changes.map((c) => ({ id: c.constraintId, score: c.scoreText, matches: c.matchCountDiff })),
  }));
}

describe("what-if recommendations", () => {
  it("the engine's per-constraint diffs equal those of recounting every constraint (random inputs and moves)", async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const planner = await PlannerSession.open(module, { modelInput: randomInput(seed) });
      const random = mulberry32(seed * 97);
      for (let step = 0; step < 12; step++) {
        const s = Math.floor(random() * planner.shiftCount);
        const fast = whatIf(planner, s);
        const exact = whatIf(planner, s, { exact: true });
        expect(comparable(fast), `seed ${seed} step ${step} shift ${s}`).toEqual(comparable(exact));
        planner.move(s, Math.floor(random() * (planner.employeeCount + 1)) - 1);
      }
    }
  });

  it("ranks an unassigned shift exactly as the API's recommendEmployees does", async () => {
    const request = demoSolvingRequest("BASIC")!;
    const planner = await PlannerSession.open(module, request);
    planner.session.runSlice(30_000);
    planner.applyAssignment(planner.session.bestAssignment());
    planner.move(7, -1);
    const mine = whatIf(planner, 7);
    const api = recommendEmployees(planner.session, 7);
    expect(mine.options.map((o) => [o.employeeId, formatScore(o.scoreDiff), o.changes.map((c) => [c.constraintName, c.scoreText, c.matchCountDiff])])).toEqual(
      api.map((r) => [r.employeeId, formatScore(r.scoreDiff), r.constraintDiffs.map((d) => [d.constraintName, d.score, d.matchCountDiff])]),
    );
  });

  it("says why an employee is not a good fit: the hard rules, in words", async () => {
    const input: ModelInput = {
      employees: [
        { id: "Ann", skills: [{ id: "Nurse" }] },
        { id: "Bob", skills: [{ id: "Doctor" }] },
        { id: "Cat", skills: [{ id: "Nurse" }], unavailableTimeSpans: [{ start: "2027-03-01T00:00:00Z", end: "2027-03-02T00:00:00Z" }] },
      ],
      shifts: [
        { id: "early", start: "2027-03-01T06:00:00Z", end: "2027-03-01T14:00:00Z", requiredSkills: ["Nurse"], employee: "Ann" },
        { id: "mid", start: "2027-03-01T10:00:00Z", end: "2027-03-01T18:00:00Z", requiredSkills: ["Nurse"] },
      ],
    };
    const planner = await PlannerSession.open(module, { modelInput: input });
    const result = whatIf(planner, 1);
    const reasons = Object.fromEntries(result.options.map((o) => [o.employeeId, o.reasons]));
    expect(reasons.Ann).toEqual(["Already works early (Mon 1 Mar 06:00–14:00) at the same time."]);
    expect(reasons.Bob).toEqual(["Lacks the required skill 'Nurse' (has 'Doctor')."]);
    expect(reasons.Cat).toEqual(["Unavailable Mon 1 Mar (all day)."]);
    expect(result.options.every((o) => o.fit === "BREAKS_HARD")).toBe(true);
  });
});

describe("violations on the blocks", () => {
  it("marks both shifts of an overlap, a missing skill, and the unassigned shifts", async () => {
    const input: ModelInput = {
      employees: [{ id: "Ann", skills: [{ id: "Nurse" }] }],
      shifts: [
        { id: "a", start: "2027-03-01T06:00:00Z", end: "2027-03-01T14:00:00Z", requiredSkills: ["Nurse"], employee: "Ann" },
        { id: "b", start: "2027-03-01T12:00:00Z", end: "2027-03-01T20:00:00Z", requiredSkills: ["Doctor"], employee: "Ann" },
        { id: "c", start: "2027-03-02T06:00:00Z", end: "2027-03-02T14:00:00Z" },
      ],
    };
    const planner = await PlannerSession.open(module, { modelInput: input });
    const v = violationsByShift(planner).map((list) => list.map((x) => `${x.name}${x.detail ? ` ${x.detail}` : ""}`).sort());
    expect(v[0]).toEqual(["Overlapping shift with b (120 min)"]);
    expect(v[1]).toEqual(["Overlapping shift with a (120 min)", "Required skill missing"]);
    expect(v[2]).toEqual(["Unassigned shift"]);
  });
});

describe("board layout", () => {
  it("packs overlapping shifts on separate lanes and reuses a lane once free", () => {
    const starts = Int32Array.from([0, 60, 480, 100]);
    const ends = Int32Array.from([480, 540, 960, 200]);
    const { lane, lanes } = packLanes([0, 1, 2, 3], starts, ends);
    expect(lanes).toBe(3);
    expect([lane.get(0), lane.get(1), lane.get(3), lane.get(2)]).toEqual([0, 1, 2, 0]);
  });

  it("shows whole days in the dataset's own offset", () => {
    const clock = new Clock(60); // +01:00
    const start = Date.parse("2027-02-01T06:00:00+01:00") / 60_000;
    const end = Date.parse("2027-02-02T06:00:00+01:00") / 60_000;
    const range = timeRange(clock, [start], [end]);
    expect(range.days).toBe(2);
    expect(clock.time(range.start)).toBe("00:00");
    expect(clock.span(start, end)).toBe("Mon 1 Feb 06:00–Tue 2 Feb 06:00");
  });
});

describe("sending back", () => {
  it("patches only the changed employees and pins, and the patch rebuilds the working state on the API's side", async () => {
    const request = demoSolvingRequest("BASIC")!;
    // As if opened from the API: the solved input, every shift with its employee.
    const planner0 = await PlannerSession.open(module, request);
    planner0.session.runSlice(30_000);
    planner0.applyAssignment(planner0.session.bestAssignment());
    const solved = planner0.workingRequest();
    const plan = createPlan("x", { kind: "api", baseUrl: "http://127.0.0.1:8787", datasetId: "d1" }, solved);

    let planner = await PlannerSession.open(module, solved);
    const a = planner.assignment();
    planner.move(0, -1);
    const other = (a[1] + 1) % planner.employeeCount;
    planner.move(1, other);
    planner = await planner.withPinToggled(3);
    plan.request = planner.workingRequest();
    const ops = patchOperations(plan);
    const id = (i: number) => request.modelInput.shifts[i].id;
    expect(ops).toEqual([
      { op: "remove", path: `/shifts[id=${id(0)}]/employee` },
      { op: "replace", path: `/shifts[id=${id(1)}]/employee`, value: request.modelInput.employees[other].id },
      { op: "add", path: `/shifts[id=${id(3)}]/pinned`, value: true },
    ]);

    const patched = applyPatch(solved.modelInput, ops);
    expect(shiftStates(patched)).toEqual(shiftStates(plan.request.modelInput));
    expect(Array.from(submittedAssignment(patched))).toEqual(Array.from(planner.assignment()));
  });
});
