/**
 * Hourly demand beyond the verifier rows: shift generation, the output's generated shifts and demand KPIs, the
 * score analysis and recommendations of demand matches, checkpoints, and the DEMAND_SHIFT_GENERATION demo.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, evaluateAssignments, formatScore, scoreAnalysis, SolverSession } from "../../solver/index";
import { solutionParts, submittedAssignment } from "../../solver/output";
import { generationInfo, withGeneratedShifts } from "../../solver/shift-generation";
import { demoSolvingRequest } from "../../demo-data/index";
import { ModelInputSchema } from "../../schemas/model-input";
import { validateModelInput } from "../../model/validation";
import { debugModule, releaseModule } from "./helpers";

const T = (day: number, hhmm: string) => `2027-02-0${1 + day}T${hhmm}:00+01:00`;

/** Two days, demand 2 from 08:00 to 12:00 and 1 from 12:00 to 16:00 (local +01:00), templates 08:00 and 12:00. */
function generating(extra: Record<string, unknown> = {}): ModelInput {
  const demandDetails = [0, 1].flatMap((d) => [
    { startDateTime: T(d, "08:00"), endDateTime: T(d, "12:00"), maxDemand: 2 },
    { startDateTime: T(d, "12:00"), endDateTime: T(d, "16:00"), maxDemand: 1 },
  ]);
  return {
    employees: ["ann", "bob", "cat"].map((id) => ({ id, skills: [{ id: "desk" }] })),
    shifts: [],
    planningWindow: { start: T(0, "00:00"), end: T(2, "00:00") },
    globalRules: {
      minimumMaximumShiftsPerHourlyDemand: [
        {
          id: "desk",
          includeShiftTags: ["desk"],
          satisfiability: "PREFERRED",
          demandDetails,
          shiftGeneration: {
            templates: [
              { id: "am", baseStartTime: "08:00", baseDuration: "PT4H", requiredSkills: ["desk"], costGroup: "day", additionalTags: ["front"] },
              { id: "pm", baseStartTime: "12:00", baseDuration: "PT4H", requiredSkills: ["desk"] },
            ],
            config: { timeZoneId: "+01:00" },
          },
          ...extra,
        } as never,
      ],
    },
  };
}

describe("shift generation", () => {
  it("generates the demand's copies of each template per day, optional and free, after the input's shifts", () => {
    const input = generating();
    const expanded = withGeneratedShifts(input);
    expect(withGeneratedShifts(input)).toBe(expanded);
    expect(expanded.shifts.map((s) => s.id)).toEqual([
      "desk-am-2027-02-01-1", "desk-am-2027-02-01-2", "desk-pm-2027-02-01-1",
      "desk-am-2027-02-02-1", "desk-am-2027-02-02-2", "desk-pm-2027-02-02-1",
    ]);
    expect(expanded.shifts[0]).toMatchObject({ start: "2027-02-01T08:00:00+01:00", end: "2027-02-01T12:00:00+01:00", tags: ["desk", "front"], requiredSkills: ["desk"], costGroup: "day" });
    expect(generationInfo(expanded)).toMatchObject({ first: 0 });
    const problem = encodeProblem(input);
    expect(Array.from(problem.shiftMandatory)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Array.from(problem.shiftWeight)).toEqual([0, 0, 0, 0, 0, 0]);
    // No generating rule: the input itself, untouched.
    const plain: ModelInput = { employees: [], shifts: [] };
    expect(withGeneratedShifts(plain)).toBe(plain);
  });

  it("over-generation adds candidates; weekdays restrict templates", () => {
    const over = withGeneratedShifts(generating({ shiftGeneration: { templates: [{ id: "am", baseStartTime: "08:00", baseDuration: "PT4H", applicableDaysOfWeek: ["TUESDAY"] }], config: { timeZoneId: "Europe/Brussels", overGeneration: { factor: 1.5, minExtraShiftsPerDemandInterval: 2 } } } }));
    // Tuesday only; need 2 -> max(ceil(2 × 1.5), 2 + 2) = 4 copies.
    expect(over.shifts.map((s) => s.id)).toEqual([1, 2, 3, 4].map((k) => `desk-am-2027-02-02-${k}`));
  });

  it("template deviations make more shapes, in steps of the granularity", () => {
    const expanded = withGeneratedShifts(generating({ shiftGeneration: { templates: [{ id: "am", baseStartTime: "08:00", baseDuration: "PT4H", startDeviationAfter: "PT1H", durationDeviationLonger: "PT1H", applicableDaysOfWeek: ["MONDAY"] }], config: { timeZoneId: "+01:00" } } }));
    // Shapes 08-12 (base), 08-13, 09-13, 09-14; each overlaps the 08-12 demand of 2: two copies each.
    expect(expanded.shifts.map((s) => `${s.id} ${s.start.slice(11, 16)}-${s.end.slice(11, 16)}`)).toEqual([
      "desk-am-2027-02-01-1 08:00-12:00", "desk-am-2027-02-01-2 08:00-12:00",
      "desk-am-2027-02-01-0800-300m-1 08:00-13:00", "desk-am-2027-02-01-0800-300m-2 08:00-13:00",
      "desk-am-2027-02-01-0900-240m-1 09:00-13:00", "desk-am-2027-02-01-0900-240m-2 09:00-13:00",
      "desk-am-2027-02-01-0900-300m-1 09:00-14:00", "desk-am-2027-02-01-0900-300m-2 09:00-14:00",
    ]);
  });

  it("a template's location goes to its generated shifts, and location rules (travel, locations worked) score them", async () => {
    const input = generating({
      shiftGeneration: {
        templates: [
          { id: "am", baseStartTime: "08:00", baseDuration: "PT4H", location: [0, 1], applicableDaysOfWeek: ["MONDAY"] },
          { id: "pm", baseStartTime: "12:00", baseDuration: "PT4H", location: [0, 0.5], applicableDaysOfWeek: ["MONDAY"] },
        ],
        config: { timeZoneId: "+01:00" },
      },
    });
    input.contracts = [{
      id: "c",
      travelConfigurations: [{ id: "t", maxEmployeeToShiftTravelDistanceInMeters: 100_000 }],
      periodRules: [{ id: "one-place", period: "DAY", locationsWorkedMax: 1 }],
    }];
    input.employees = [{ id: "ann", location: [0, 0], contracts: ["c"] }];
    const expanded = withGeneratedShifts(input);
    expect(expanded.shifts.map((s) => [s.id, s.location])).toEqual([
      ["desk-am-2027-02-01-1", [0, 1]], ["desk-am-2027-02-01-2", [0, 1]], ["desk-pm-2027-02-01-1", [0, 0.5]],
    ]);
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    // Ann works the first am shift (111195 m from home: 11195 over the maximum) and the pm one (55598 m: within it),
    // two locations on one day (one over the maximum).
    session.applyAssignment(Int32Array.from([0, -1, 0]));
    const byName = Object.fromEntries(session.constraintScores().map((c) => [c.name, c]));
    expect(formatScore(byName["Maximum employee to shift travel distance exceeded"].score)).toBe("-11195hard/0medium/0soft");
    expect(byName["Maximum employee to shift travel distance exceeded"].matchCount).toBe(1);
    expect(formatScore(byName["Locations worked per period not in required range for employee"].score)).toBe("-1hard/0medium/0soft");
    expect(session.scoreFromScratch()).toEqual(session.currentScore());
    expect(solutionParts(input, session.currentAssignment(), problem).modelOutput.generatedShifts![0]).toMatchObject({ location: [0, 1], employee: "ann" });
    // The template location is scored: no UNSCORED_FIELD warning.
    expect(validateModelInput(input).filter((i) => i.code === "UNSCORED_FIELD")).toEqual([]);
  });

  it("solves: the demand is covered, the output lists generated shifts and the KPIs count person slots", async () => {
    const input = generating();
    expect(validateModelInput(input).filter((i) => i.severity === "ERROR")).toEqual([]);
    const problem = encodeProblem(input);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 1 });
    session.runSlice(20_000);
    expect(formatScore(session.bestScore())).toBe("0hard/0medium/0soft");
    const parts = solutionParts(input, session.bestAssignment(), problem);
    expect(parts.modelOutput.shifts).toEqual([]);
    const generated = parts.modelOutput.generatedShifts!;
    expect(generated).toHaveLength(6);
    expect(generated.every((g) => g.employee !== null)).toBe(true);
    expect(generated[0]).toMatchObject({ id: "desk-am-2027-02-01-1", costGroup: "day", location: null, tags: ["desk", "front"], requiredSkills: ["desk"] });
    // Slots of one hour: (4 × 2 + 4 × 1) per day = 12, two days: 24, all covered.
    expect(parts.kpis).toMatchObject({ demandGeneratedShifts: 6, totalDemandPersonSlots: 24, coveredDemandPersonSlots: 24, uncoveredDemandPersonSlots: 0, assignedShifts: 6, unassignedShifts: 0, assignedOptionalShifts: 6 });
    // Nothing assigned (the submitted schedule): every slot uncovered.
    const none = solutionParts(input, submittedAssignment(input));
    expect(none.kpis).toMatchObject({ coveredDemandPersonSlots: 0, uncoveredDemandPersonSlots: 24 });
    expect(none.modelOutput.generatedShifts!.every((g) => g.employee === null)).toBe(true);
  });

  it("KPIs are null without a generating rule", () => {
    const input: ModelInput = { employees: [{ id: "a" }], shifts: [{ id: "s", start: T(0, "08:00"), end: T(0, "09:00") }] };
    const parts = solutionParts(input, [0]);
    expect(parts.kpis).toMatchObject({ demandGeneratedShifts: null, totalDemandPersonSlots: null, coveredDemandPersonSlots: null, uncoveredDemandPersonSlots: null });
    expect(parts.modelOutput.generatedShifts).toBeUndefined();
    // Nothing to load into the core: its demand units stay inactive.
    expect(encodeProblem(input).demand).toBeUndefined();
  });
});

describe("demand schemas", () => {
  it("are strict: a misspelt detail field and an unknown generation time zone are rejected with their paths", () => {
    const rule = (r: Record<string, unknown>) => ({ employees: [], shifts: [], globalRules: { minimumMaximumShiftsPerHourlyDemand: [{ id: "hd", demandDetails: [{ startDateTime: "2027-02-01T08:00:00Z", maxDemand: 1 }], ...r }] } });
    const typo = ModelInputSchema.safeParse(rule({ demandDetails: [{ startDateTime: "2027-02-01T08:00:00Z", maxDemnd: 1 }] }));
    expect(typo.error!.issues[0].path).toEqual(["globalRules", "minimumMaximumShiftsPerHourlyDemand", 0, "demandDetails", 0]);
    const generation = (timeZoneId: string) => rule({ shiftGeneration: { templates: [{ id: "t", baseStartTime: "08:00", baseDuration: "PT1H" }], config: { timeZoneId } } });
    expect(ModelInputSchema.safeParse(generation("Mars/Base")).error!.issues[0].path).toEqual(["globalRules", "minimumMaximumShiftsPerHourlyDemand", 0, "shiftGeneration", "config", "timeZoneId"]);
    for (const zone of ["Z", "+01:00", "Europe/Brussels"]) expect(ModelInputSchema.safeParse(generation(zone)).success).toBe(true);
    expect(ModelInputSchema.safeParse(rule({ shiftGeneration: { templates: [{ id: "t", baseStartTime: "08:00", baseDuration: "PT1H", extra: 1 }] } })).success).toBe(false);
  });
});

describe("demand explanations", () => {
  const input: ModelInput = {
    employees: [{ id: "ann" }, { id: "bob" }],
    shifts: [
      { id: "a", start: "2027-02-01T08:00:00Z", end: "2027-02-01T10:00:00Z", employee: "ann" },
      { id: "b", start: "2027-02-01T08:00:00Z", end: "2027-02-01T09:00:00Z", employee: "bob" },
      { id: "c", start: "2027-02-01T09:00:00Z", end: "2027-02-01T10:00:00Z" },
    ],
    globalRules: {
      minimumMaximumShiftsPerHourlyDemand: [{ id: "hd", demandDetails: [{ startDateTime: "2027-02-01T08:00:00Z", maxDemand: 1 }, { startDateTime: "2027-02-01T09:00:00Z", maxDemand: 2 }] }],
    },
  };

  it("score analysis: one match per interval with the reference justification fields", async () => {
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    session.applyAssignment(problem.shiftEmployee);
    const analysis = scoreAnalysis(session, { includeJustifications: true });
    const byName = Object.fromEntries(analysis.constraints.map((c) => [c.name, c]));
    const required = byName["Shifts worked not in required hourly demand range"];
    expect(required).toMatchObject({ score: "-1hard/0medium/0soft", matchCount: 1 });
    expect(required.matches![0].justification).toEqual({
      hourlyDemandRule: "hd", startDateTime: "2027-02-01T08:00:00Z", endDateTime: "2027-02-01T09:00:00Z", shiftsWorked: 2, description: expect.stringContaining("at most 1"),
    });
    const balance = byName["Balance shifts worked for minimum hourly demand"];
    expect(balance).toMatchObject({ score: "0hard/0medium/-1soft", matchCount: 1 });
    expect(balance.matches![0].justification).toMatchObject({ hourlyDemandRule: "hd", startDateTime: "2027-02-01T09:00:00Z", targetDemand: 2, shiftsWorked: 1 });
  });

  it("recommendations: assigning c fills the 09:00 interval (balance gain) and reports it", async () => {
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    session.applyAssignment(problem.shiftEmployee);
    const [toBob] = evaluateAssignments(session, 2, [1], { includeJustifications: true });
    const diff = toBob.constraintDiffs.find((d) => d.constraintName === "Balance shifts worked for minimum hourly demand")!;
    expect(diff).toMatchObject({ score: "0hard/0medium/1soft", matchCountDiff: -1 });
    expect(diff.matchesDiff!.map((m) => m.score)).toEqual(["0hard/0medium/1soft"]);
    expect(formatScore(session.currentScore())).toBe("-1hard/-10medium/-1soft");
  });

  it("a checkpoint restores the demand counts", async () => {
    const problem = encodeProblem(generating());
    const session = await SolverSession.create(debugModule(), problem, { seed: 2 });
    session.runSlice(500);
    const restored = await SolverSession.restore(debugModule(), problem, session.checkpoint());
    expect(restored.currentScore()).toEqual(session.currentScore());
    restored.runSlice(500);
    expect(restored.scoreFromScratch()).toEqual(restored.currentScore());
  });
});

describe("DEMAND_SHIFT_GENERATION demo", () => {
  it("is schema-valid, has no validation error and solves to 0hard with most demand covered", async () => {
    const request = demoSolvingRequest("DEMAND_SHIFT_GENERATION")!;
    expect(ModelInputSchema.safeParse(request.modelInput).success).toBe(true);
    expect(validateModelInput(request.modelInput).filter((i) => i.severity === "ERROR")).toEqual([]);
    const problem = encodeProblem(request.modelInput);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 1 });
    session.runSlice(300_000);
    expect(session.bestScore().hard).toBe(0);
    const kpis = solutionParts(request.modelInput, session.bestAssignment(), problem).kpis;
    expect(kpis.demandGeneratedShifts).toBeGreaterThan(50);
    expect(kpis.coveredDemandPersonSlots! / kpis.totalDemandPersonSlots!).toBeGreaterThan(0.9);
  });
});
