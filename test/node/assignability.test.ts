/**
 * Assignability analysis (solver/assignability.ts): the hard rules that stop each employee, and agreement with the
 * browser planner's what-if (web/src/engine/what-if.ts), whose "why not" lists the same broken hard rules.
 */
import { describe, expect, it } from "vitest";
import { demoSolvingRequest } from "../../demo-data";
import type { ModelInput } from "../../schemas/model-input";
import { analyzeShift, assignabilityReport, maxReportPageSize, MAX_EVALUATIONS_PER_REPORT, reportShifts } from "../../solver/assignability";
import { PlannerSession } from "../../web/src/engine/planner-session";
import { whatIf } from "../../web/src/engine/what-if";
import { releaseModule } from "./helpers";
import { randomInput } from "./random-input";

const module = releaseModule();

const input: ModelInput = {
  employees: [
    { id: "Ann", skills: [{ id: "Nurse" }] },
    { id: "Bob", skills: [{ id: "Doctor" }] },
    { id: "Cat", skills: [{ id: "Nurse" }], unavailableTimeSpans: [{ start: "2027-03-01T00:00:00Z", end: "2027-03-02T00:00:00Z" }] },
    { id: "Dan", skills: [{ id: "Nurse" }] },
  ],
  shifts: [
    { id: "early", start: "2027-03-01T06:00:00Z", end: "2027-03-01T14:00:00Z", requiredSkills: ["Nurse"], employee: "Ann" },
    { id: "mid", start: "2027-03-01T10:00:00Z", end: "2027-03-01T18:00:00Z", requiredSkills: ["Nurse"] },
    { id: "fixed", start: "2027-03-02T06:00:00Z", end: "2027-03-02T14:00:00Z", employee: "Dan", pinned: true },
  ],
};

describe("assignability of one shift", () => {
  it("names the hard rule that stops each employee, with its score change; the others are valid", async () => {
    const planner = await PlannerSession.open(module, { modelInput: input });
    const detail = analyzeShift(planner.session, 1);
    expect(detail).toEqual({
      shift: "mid",
      validAssignments: 1,
      totalValues: 4,
      assignments: [
        { value: "Ann", assignmentFailures: ["Overlapping shift: -240hard/0medium/0soft (+1 match)"] },
        { value: "Bob", assignmentFailures: ["Required skill missing: -1hard/0medium/0soft (+1 match)"] },
        { value: "Cat", assignmentFailures: ["Employee works during unavailable time: -480hard/0medium/0soft (+1 match)"] },
        { value: "Dan", assignmentFailures: [] },
      ],
    });
  });

  it("evaluates an assigned shift from unassigned, and leaves the schedule as it was", async () => {
    const planner = await PlannerSession.open(module, { modelInput: input });
    const before = planner.session.currentAssignment();
    const detail = analyzeShift(planner.session, 0);
    expect(detail.assignments.find((a) => a.value === "Ann")!.assignmentFailures).toEqual([]);
    expect(detail.assignments.find((a) => a.value === "Bob")!.assignmentFailures).toHaveLength(1);
    expect(planner.session.currentAssignment()).toEqual(before);
  });

  it("reports unassigned shifts by default, every shift but pinned ones otherwise", async () => {
    const planner = await PlannerSession.open(module, { modelInput: input });
    expect(reportShifts(planner.session, true)).toEqual([1]);
    expect(reportShifts(planner.session, false)).toEqual([0, 1]);
    expect(assignabilityReport(planner.session, [0, 1])).toEqual({
      totalAnalyzed: 2,
      totalUnassignable: 0,
      totalAssignable: 2,
      unassignable: [],
      assignable: [
        { entityId: "early", validAssignments: 2, totalValues: 4 },
        { entityId: "mid", validAssignments: 1, totalValues: 4 },
      ],
    });
  });

  it("bounds a report page by evaluations", () => {
    expect(maxReportPageSize(50)).toBe(MAX_EVALUATIONS_PER_REPORT / 50);
    expect(maxReportPageSize(20_000)).toBe(1);
    expect(maxReportPageSize(0)).toBe(MAX_EVALUATIONS_PER_REPORT);
  });
});

describe("the API's analysis and the browser's what-if agree", () => {
  /** For every shift: the employees the API calls valid are the planner's GOOD fits, and the failures name the same hard rules. */
  async function compare(modelInput: ModelInput, solveUnits: number): Promise<{ compared: number; failing: number }> {
    const planner = await PlannerSession.open(module, { modelInput });
    if (solveUnits > 0) {
      planner.session.runSlice(solveUnits);
      planner.applyAssignment(planner.session.bestAssignment());
    }
    let compared = 0;
    let failing = 0;
    for (const s of reportShifts(planner.session, false)) {
      const api = analyzeShift(planner.session, s);
      const current = planner.assignment()[s];
      if (current >= 0) planner.move(s, -1);
      const browser = whatIf(planner, s);
      if (current >= 0) planner.move(s, current);
      const planned = new Map(
        browser.options.map((o) => [o.employeeId, o.changes.filter((c) => c.level === "HARD" && c.score.hard < 0).map((c) => c.constraintName)]),
      );
      for (const a of api.assignments) {
        const rules = a.assignmentFailures.map((f) => f.slice(0, f.indexOf(": ")));
        expect(rules, `shift ${api.shift}, employee ${a.value}`).toEqual(planned.get(a.value));
        const fit = browser.options.find((o) => o.employeeId === a.value)!.fit;
        expect(fit === "GOOD", `shift ${api.shift}, employee ${a.value}`).toBe(a.assignmentFailures.length === 0);
        compared++;
        if (a.assignmentFailures.length > 0) failing++;
      }
    }
    return { compared, failing };
  }

  it("on random inputs with every kind of hard rule", async () => {
    const total = { compared: 0, failing: 0 };
    for (let seed = 1; seed <= 8; seed++) {
      const r = await compare(randomInput(seed), seed % 2 === 0 ? 20_000 : 0);
      total.compared += r.compared;
      total.failing += r.failing;
    }
    // Both sides are exercised: employees stopped by hard rules (most, on these dense inputs) and valid ones.
    expect(total.failing).toBeGreaterThan(50);
    expect(total.compared - total.failing).toBeGreaterThan(0);
  });

  it("on the BASIC demo, solved", async () => {
    const r = await compare(demoSolvingRequest("BASIC")!.modelInput, 30_000);
    expect(r.compared).toBeGreaterThan(1000);
    expect(r.failing).toBeGreaterThan(0);
    expect(r.compared - r.failing).toBeGreaterThan(100);
  });
});
