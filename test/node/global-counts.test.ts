/**
 * Global shift counts beyond the verifier rows (test/node/global-cases.ts): justifications of each constraint, the
 * shift group input metrics and KPIs, solving with a REQUIRED period maximum, exactly one shift per group, and the
 * validation issues of the rules.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, scoreAnalysis, SolverSession } from "../../solver/index";
import { solutionParts, submittedAssignment } from "../../solver/output";
import { validateModelInput } from "../../model/validation";
import { fullRequest } from "../fixtures/full-request";
import { debugModule, releaseModule } from "./helpers";

const at = (day: number, hhmm: string) => `2027-02-0${1 + day}T${hhmm}:00Z`;
const shift = (id: string, day: number, from: string, to: string, extra: Partial<ModelInput["shifts"][number]> = {}) => ({ id, start: at(day, from), end: at(day, to), ...extra });

const input: ModelInput = {
  employees: [{ id: "ann" }, { id: "bob" }, { id: "cat" }],
  shifts: [
    shift("a", 0, "08:00", "12:00", { employee: "ann" }),
    shift("b", 0, "10:00", "14:00", { employee: "bob" }),
    shift("c", 1, "08:00", "12:00", { employee: "cat", pinned: true }),
    shift("d", 1, "13:00", "17:00", { employee: "ann" }),
    shift("e", 2, "08:00", "12:00"),
  ],
  shiftGroups: [{ id: "g1", tags: ["alt"], shifts: ["c", "d"] }, { id: "g2", tags: ["alt"], shifts: ["e"] }, { id: "free", shifts: ["a"] }],
  globalRules: {
    minimumMaximumShiftsPerPeriod: [{ id: "day", period: "DAY", shiftsWorkedMax: 1 }, { id: "pref", period: "SCHEDULE", satisfiability: "PREFERRED", shiftsWorkedMin: 6 }],
    concurrentShiftsRules: [{ id: "cc", concurrentShiftsMax: 1 }],
    shiftGroupRules: [{ id: "alt", includeShiftGroupTags: ["alt"], assignmentMode: { type: "SINGLE_SHIFT" } }],
  },
};

describe("global shift counts", () => {
  it("score analysis: the reference justification fields of each constraint", async () => {
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    session.applyAssignment(problem.shiftEmployee);
    const byName = Object.fromEntries(scoreAnalysis(session, { includeJustifications: true }).constraints.map((c) => [c.name, c]));
    const period = byName["Shifts worked per period not in required range"];
    expect(period).toMatchObject({ score: "-2hard/0medium/0soft", matchCount: 2 });
    expect(period.matches!.map((m) => m.justification)).toEqual([
      { periodRule: "day", dateSpan: { start: "2027-02-01", end: "2027-02-01" }, shiftsWorked: 2, description: expect.stringContaining("at most 1") },
      { periodRule: "day", dateSpan: { start: "2027-02-02", end: "2027-02-02" }, shiftsWorked: 2, description: expect.stringContaining("at most 1") },
    ]);
    const preferred = byName["Shifts worked per period not in preferred range"];
    expect(preferred).toMatchObject({ score: "0hard/0medium/-2soft", matchCount: 1 });
    expect(preferred.matches![0].justification).toMatchObject({ periodRule: "pref", dateSpan: { start: "2027-02-01", end: "2027-02-03" }, shiftsWorked: 4 });
    const concurrent = byName["Concurrent shifts not in required range"];
    expect(concurrent).toMatchObject({ score: "-1hard/0medium/0soft", matchCount: 1 });
    expect(concurrent.matches![0].justification).toEqual({
      concurrentShiftsRule: "cc", startDateTime: "2027-02-01T10:00:00Z", endDateTime: "2027-02-01T12:00:00Z", shiftsWorked: 2, description: expect.stringContaining("at most 1"),
    });
    const groups = byName["Required shift group assignment mode not met"];
    expect(groups).toMatchObject({ score: "-2hard/0medium/0soft", matchCount: 2 });
    expect(groups.matches!.map((m) => m.justification)).toEqual([
      { shiftGroupRule: "alt", shiftGroup: "g1", groupShiftsWorked: 2, description: expect.stringContaining("g1") },
      { shiftGroupRule: "alt", shiftGroup: "g2", groupShiftsWorked: 0, description: expect.stringContaining("g2") },
    ]);
    // The unassigned shift e belongs to a governed group: it costs nothing as an unassigned shift.
    expect(byName["Unassigned shift"]).toMatchObject({ matchCount: 0 });
  });

  it("input metrics and KPIs of shift groups (null without groups)", () => {
    const parts = solutionParts(input, submittedAssignment(input));
    expect(parts.inputMetrics).toMatchObject({
      shifts: 5, pinnedShifts: 1, standaloneShifts: 1, standalonePinnedShifts: 0, standaloneMandatoryShifts: 1, standaloneOptionalShifts: 0,
      shiftGroups: 3, shiftGroupShifts: 4, historicShiftGroups: null,
    });
    // g1 has two shifts worked, g2 none (both under the rule: not met); "free" has no rule and one shift worked.
    expect(parts.kpis).toMatchObject({ assignedShiftGroups: 1, unassignedShiftGroups: 2 });
    const plain = solutionParts({ ...input, shiftGroups: undefined }, submittedAssignment(input));
    expect(plain.inputMetrics).toMatchObject({ standaloneShifts: null, shiftGroups: null, shiftGroupShifts: null });
    expect(plain.kpis).toMatchObject({ assignedShiftGroups: null, unassignedShiftGroups: null });
    const windowed = solutionParts({ ...input, planningWindow: { start: at(1, "00:00"), end: at(3, "00:00") } }, submittedAssignment(input));
    expect(windowed.inputMetrics).toMatchObject({ historicShifts: 2, historicShiftGroups: 1 });
  });

  it("with hourly demand generating shifts too: the demand KPIs read only the demand rules' intervals", () => {
    const full = fullRequest().modelInput!;
    const parts = solutionParts(full, submittedAssignment(full));
    expect(parts.kpis).toMatchObject({ demandGeneratedShifts: 1, totalDemandPersonSlots: 2, assignedShiftGroups: expect.any(Number) });
    expect(encodeProblem(full).demand!.intervals.some((i) => i.global !== undefined)).toBe(true);
  });

  it("solving meets every global rule it can: one shift per group, at most one a day, no concurrency", async () => {
    const solvable: ModelInput = {
      employees: [{ id: "ann" }, { id: "bob" }],
      shifts: [0, 1, 2].flatMap((d) => [shift(`m${d}`, d, "08:00", "12:00"), shift(`n${d}`, d, "10:00", "14:00")]),
      shiftGroups: [0, 1, 2].map((d) => ({ id: `g${d}`, shifts: [`m${d}`, `n${d}`] })),
      globalRules: {
        minimumMaximumShiftsPerPeriod: [{ id: "day", period: "DAY", shiftsWorkedMax: 1 }],
        concurrentShiftsRules: [{ id: "cc", concurrentShiftsMax: 1 }],
        shiftGroupRules: [{ id: "one" }],
      },
    };
    expect(validateModelInput(solvable).filter((i) => i.severity === "ERROR")).toEqual([]);
    const problem = encodeProblem(solvable);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 3 });
    session.runSlice(20_000);
    expect(session.bestScore()).toMatchObject({ hard: 0, medium: 0 });
    const best = session.bestAssignment();
    for (let d = 0; d < 3; d++) expect([best[2 * d], best[2 * d + 1]].filter((e) => e >= 0)).toHaveLength(1);
  });
});
