/**
 * Explanations: the score analysis adds up to the score (per match, per constraint, in total), candidate
 * evaluations report the real score change and leave the session untouched, employee metrics and KPIs, the input
 * warnings the API emits, and the acceptors on a toy problem with a known optimum.
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import {
  deprecatedPriorityEmployees, employeeMetrics, encodeProblem, evaluateAssignments, extraKpis, formatScore, parseScore,
  scoreAnalysis, SolverSession, tagRulesIgnored, type Score,
} from "../../solver/index";
import { isContractConstraint, lazyScoreAnalysis } from "../../solver/explain";
import { jsonPieces } from "../../solver/output-json";
import { generateInstance, rng } from "../../bench/generate";
import { debugModule, releaseModule, shift } from "./helpers";
import { randomInput, randomWeights } from "./random-input";

const add = (a: Score, b: Score): Score => ({ hard: a.hard + b.hard, medium: a.medium + b.medium, soft: a.soft + b.soft });
const ZERO: Score = { hard: 0, medium: 0, soft: 0 };

function expectAnalysisAddsUp(session: SolverSession): void {
  const analysis = scoreAnalysis(session, { includeJustifications: true });
  let total = ZERO;
  for (const c of analysis.constraints) {
    const matches = c.matches!;
    expect(matches.length, c.name).toBe(c.matchCount);
    const sum = matches.reduce((acc, m) => add(acc, parseScore(m.score)), ZERO);
    expect(formatScore(sum), c.name).toBe(c.score);
    for (const m of matches) expect(typeof m.justification.description).toBe("string");
    total = add(total, parseScore(c.score));
  }
  expect(formatScore(total)).toBe(analysis.score);
  expect(analysis.score).toBe(formatScore(session.currentScore()));
}

/** Scores `input` as submitted (debug core), checks that the analysis adds up, and returns it with justifications. */
async function analyzeSubmitted(input: ModelInput) {
  const problem = encodeProblem(input);
  const session = await SolverSession.create(debugModule(), problem);
  session.applyAssignment(problem.shiftEmployee);
  expectAnalysisAddsUp(session);
  return { problem, session, analysis: scoreAnalysis(session, { includeJustifications: true }) };
}

describe("score analysis", () => {
  it("adds up to the score on random inputs, after random moves and search", async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const problem = encodeProblem(randomInput(seed));
      const session = await SolverSession.create(debugModule(), problem, { seed, weights: randomWeights(seed) });
      session.applyAssignment(problem.shiftEmployee);
      expectAnalysisAddsUp(session);
      session.runSlice(300);
      expectAnalysisAddsUp(session);
    }
  });

  it("adds up on a generated instance with every constraint active, and names every constraint", async () => {
    const input = generateInstance({ shifts: 200, employees: 20, seed: 5, warmShare: 0.5, features: true, spread: 1.3 });
    const problem = encodeProblem(input);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 3 });
    session.applyAssignment(problem.shiftEmployee);
    expectAnalysisAddsUp(session);
    const analysis = scoreAnalysis(session, { includeJustifications: true });
    expect(analysis.constraints.filter((c) => c.matchCount > 0).length).toBeGreaterThanOrEqual(12);
    const overlap = analysis.constraints.find((c) => c.name === "Overlapping shift")!;
    expect(overlap.weight).toBe("1hard/0medium/0soft");
    expect(Object.keys(overlap.matches![0].justification).sort()).toEqual(["description", "employee", "shift1", "shift2"]);
    const skills = analysis.constraints.find((c) => c.name === "Required skill missing")!;
    if (skills.matchCount > 0) expect(skills.matches![0].justification.missingSkills).toBeInstanceOf(Array);
    // Without justifications: the same numbers, no matches.
    const light = scoreAnalysis(session);
    expect(light.constraints.map((c) => [c.name, c.score, c.matchCount])).toEqual(analysis.constraints.map((c) => [c.name, c.score, c.matchCount]));
    expect(light.constraints.every((c) => c.matches === undefined)).toBe(true);
  });

  it("justifies scoped disruption: a REQUIRED rule's disrupted shifts in one match, a PREFERRED rule's per shift", async () => {
    const day = (id: string, d: number, from: string, to: string, employee?: string) =>
      ({ id, start: `2027-02-0${1 + d}T${from}:00Z`, end: `2027-02-0${1 + d}T${to}:00Z`, ...(employee ? { employee } : {}) });
    const input: ModelInput = {
      contracts: [
        { id: "req", disruptionRules: [{ id: "r", satisfiability: "REQUIRED", scope: { scopeType: "START_AND_END", startScopeInMinutes: 60, endScopeInMinutes: 60 } }] },
        { id: "pref", disruptionRules: [{ id: "p", disruptionWeight: 3, scope: { scopeType: "OVERLAP" } }] },
      ],
      employees: [{ id: "ann", contracts: ["req"] }, { id: "bob", contracts: ["pref"] }, { id: "cy" }],
      shifts: [day("a", 0, "08:00", "12:00", "ann"), day("b", 1, "08:00", "12:00", "ann"), day("c", 2, "08:00", "16:00", "bob"), day("d", 2, "08:00", "10:00")],
    };
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    // ann loses a and b to cy; bob loses c to cy and gets d (2 of c's 8 hours covered).
    session.applyAssignment(Int32Array.from([2, 2, 2, 1]));
    expectAnalysisAddsUp(session);
    const analysis = scoreAnalysis(session, { includeJustifications: true });
    const required = analysis.constraints.find((c) => c.name === "Required scoped disruption for employee")!;
    expect(required.score).toBe("-2hard/0medium/0soft");
    expect(required.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", disruptionRule: "r", numberOfShiftsDisrupted: 2, disruptedShifts: ["a", "b"] }]);
    const preferred = analysis.constraints.find((c) => c.name === "Minimize preferred scoped disruption for employee")!;
    expect(preferred.score).toBe("0hard/0medium/-1080soft");
    expect(preferred.matches!.map((m) => m.justification)).toMatchObject([{ employee: "bob", disruptionRule: "p", outgoingShift: "c", minutesNotCovered: 360 }]);
  });

  it("justifies multi-day patterns: the days' shifts per element, MATCH, and NO_MATCH where a REQUIRED pattern breaks", async () => {
    const day = (id: string, d: number, tags: string[] = []) => ({ id, start: `2027-02-0${1 + d}T08:00:00Z`, end: `2027-02-0${1 + d}T16:00:00Z`, employee: "ann", tags });
    const input: ModelInput = {
      contracts: [{
        id: "c",
        multiDayShiftSequencePatternRules: [
          { id: "gap", satisfiability: "PROHIBITED", pattern: [{ type: "ON" }, { type: "OFF" }, { type: "ON" }] },
          { id: "nn", weight: 2, pattern: [{ includeShiftTags: ["night"] }, { includeShiftTags: ["night"] }] },
        ],
      }],
      employees: [{ id: "ann", contracts: ["c"] }],
      shifts: [day("a", 0, ["night"]), day("b", 2), day("c", 3)],
      planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" },
    };
    const { analysis } = await analyzeSubmitted(input);
    const prohibited = analysis.constraints.find((c) => c.name === "Employee works prohibited multi-day shift sequence pattern")!;
    expect(prohibited.score).toBe("-1hard/0medium/0soft");
    expect(prohibited.matches!.map((m) => m.justification)).toMatchObject([{
      employee: "ann", patternRule: "gap",
      matchSequences: [{ matchElements: [{ shift: "a", matchType: "MATCH" }, { matchType: "MATCH" }, { shift: "b", matchType: "MATCH" }] }],
    }]);
    const required = analysis.constraints.find((c) => c.name === "Employee does not work required multi-day shift sequence pattern")!;
    expect(required.score).toBe("-2hard/0medium/0soft");
    expect(required.matches!.map((m) => m.justification)).toMatchObject([{
      employee: "ann", patternRule: "nn", matchSequences: [{ matchElements: [{ shift: "a", matchType: "MATCH" }, { matchType: "NO_MATCH" }] }],
    }]);
  });

  it("justifies period limits and days off in rolling windows with the reference's value fields", async () => {
    const day = (id: string, d: number, extra: Partial<ModelInput["shifts"][number]> = {}) => ({ id, start: `2027-02-0${1 + d}T08:00:00Z`, end: `2027-02-0${1 + d}T12:00:00Z`, employee: "ann", ...extra });
    const input: ModelInput = {
      contracts: [{
        id: "c",
        periodRules: [{ id: "w", period: "WEEK", satisfiability: "PREFERRED", locationsWorkedMax: 1, minutesLoggedMax: 300 }],
        rollingWindowRules: [{ id: "r", rollingWindow: { type: "DAILY", size: 7 }, consecutiveDaysOffLimit: { consecutiveDaysOffMin: 3 } }],
      }],
      employees: [{ id: "ann", contracts: ["c"] }],
      shifts: [day("a", 0, { location: [1, 1], loggedTime: "PT3H" }), day("b", 2, { location: [2, 2] }), day("c", 4, { location: [2, 2] })],
      planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" },
    };
    const { analysis } = await analyzeSubmitted(input);
    const justifications = (name: string) => analysis.constraints.find((c) => c.name === name)!.matches!.map((m) => m.justification);
    const week = { start: "2027-02-01", end: "2027-02-07" };
    expect(justifications("Locations worked per period not in preferred range for employee")).toMatchObject([{ employee: "ann", periodRule: "w", dateSpan: week, locationsWorked: 2 }]);
    // 180 logged + 240 + 240 = 660.
    expect(justifications("Minutes logged per period not in preferred range for employee")).toMatchObject([{ employee: "ann", periodRule: "w", dateSpan: week, minutesLogged: 660 }]);
    // Days 1, 3, 5-6 off: the longest run is 2.
    expect(justifications("Consecutive days off in rolling window not in required range for employee")).toMatchObject([{ employee: "ann", rollingWindowRule: "r", maxConsecutiveDaysOff: 2 }]);
  });

  it("justifies single-day patterns: the day's shifts holding an element (MATCH), and NO_MATCH where a REQUIRED pattern breaks", async () => {
    const at = (id: string, d: number, from: string, to: string, tags: string[]) => ({ id, start: `2027-02-0${1 + d}T${from}:00Z`, end: `2027-02-0${1 + d}T${to}:00Z`, employee: "ann", tags });
    const input: ModelInput = {
      contracts: [{
        id: "c",
        singleDayShiftSequencePatternRules: [
          { id: "split", satisfiability: "UNPREFERRED", weight: 2, ordered: false, pattern: [{ includeShiftTags: ["late"] }, { includeShiftTags: ["early"] }] },
          { id: "em", pattern: [{ includeShiftTags: ["early"] }, { includeShiftTags: ["morning"] }] },
        ],
      }],
      employees: [{ id: "ann", contracts: ["c"] }],
      shifts: [at("e0", 0, "06:00", "08:00", ["early"]), at("x0", 0, "09:00", "10:00", []), at("l0", 0, "18:00", "22:00", ["late"]), at("e1", 1, "06:00", "08:00", ["early"])],
      planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" },
    };
    const { analysis } = await analyzeSubmitted(input);
    const unpreferred = analysis.constraints.find((c) => c.name === "Employee works unpreferred single day shift sequence pattern")!;
    expect(unpreferred.score).toBe("0hard/0medium/-2soft");
    expect(unpreferred.matches!.map((m) => m.justification)).toEqual([{
      employee: "ann", patternRule: "split",
      matchSequence: { matchElements: [{ shift: "e0", matchType: "MATCH" }, { shift: "l0", matchType: "MATCH" }] },
      description: expect.stringContaining("2027-02-01"),
    }]);
    const required = analysis.constraints.find((c) => c.name === "Employee does not work required single day shift sequence pattern")!;
    expect(required.score).toBe("-2hard/0medium/0soft");
    expect(required.matches!.map((m) => m.justification)).toMatchObject([
      { employee: "ann", patternRule: "em", matchSequence: { matchElements: [{ shift: "e0", matchType: "MATCH" }, { matchType: "NO_MATCH" }] } },
      { employee: "ann", patternRule: "em", matchSequence: { matchElements: [{ shift: "e1", matchType: "MATCH" }, { matchType: "NO_MATCH" }] } },
    ]);
  });

  it("justifies compact sequences (shift pairs, category) and runs of days per category", async () => {
    const day = (id: string, d: number, tags: string[]) => ({ id, start: `2027-02-0${1 + d}T08:00:00Z`, end: `2027-02-0${1 + d}T16:00:00Z`, employee: "ann", tags });
    const input: ModelInput = {
      contracts: [{ id: "c", consecutiveDaysWorkedRules: [{ id: "runs", maximum: 1, shiftTypeTagCategories: ["early", "late"], rewardCompactSequences: true }] }],
      employees: [{ id: "ann", contracts: ["c"] }],
      shifts: [day("a", 0, ["late"]), day("b", 1, ["late"]), day("c", 2, ["early"])],
      planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" },
    };
    const { analysis } = await analyzeSubmitted(input);
    const compact = analysis.constraints.find((c) => c.name === "Employee works compact sequence")!;
    expect(compact.score).toBe("0hard/0medium/1soft");
    expect(compact.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", rule: "runs", sequenceCategory: "late", shift1: "a", shift2: "b" }]);
    const runs = analysis.constraints.find((c) => c.name === "Consecutive days worked not in required range for employee")!;
    expect(runs.matches!.map((m) => m.justification)).toMatchObject([
      { employee: "ann", consecutiveDaysWorkedRule: "runs", shiftTypeTagCategory: "late", sequenceStartDate: "2027-02-01", sequenceEndDate: "2027-02-02" },
    ]);
  });

  it("justifies sequence start days (required, preferred) and the time between different sequences", async () => {
    const day = (id: string, d: number, tags: string[]) => ({ id, start: `2027-02-0${1 + d}T08:00:00Z`, end: `2027-02-0${1 + d}T16:00:00Z`, employee: "ann", tags });
    const categories = ["early", "late"];
    const input: ModelInput = {
      contracts: [{
        id: "c", consecutiveDaysWorkedRules: [
          { id: "runs", shiftTypeTagCategories: categories, allowedSequenceStartDays: ["MONDAY"], minDurationBetweenDifferentSequences: "PT24H" },
          { id: "pref", satisfiability: "PREFERRED", shiftTypeTagCategories: categories, allowedSequenceStartDays: ["THURSDAY"] },
        ],
      }],
      employees: [{ id: "ann", contracts: ["c"] }],
      // Late runs from Tuesday (no late shift on Mondays lets Tuesday through) and Saturday, an early run on Thursday.
      shifts: [day("a", 1, ["late"]), day("b", 2, ["late"]), day("c", 3, ["early"]), day("d", 5, ["late"])],
      planningWindow: { start: "2027-02-01T00:00:00Z", end: "2027-02-08T00:00:00Z" },
    };
    const { analysis } = await analyzeSubmitted(input);
    const byName = (name: string) => analysis.constraints.find((c) => c.name === name)!;
    const required = byName("Required sequence start day not met for employee");
    expect(required.score).toBe("-1hard/0medium/0soft");
    expect(required.matches!.map((m) => m.justification)).toMatchObject([
      { employee: "ann", rule: "runs", sequenceCategory: "late", previousSequenceEndDate: "2027-02-03", sequenceStartDate: "2027-02-06" },
    ]);
    const preferred = byName("Preferred sequence start day met for employee");
    expect(preferred.score).toBe("0hard/0medium/1soft");
    expect(preferred.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", rule: "pref", sequenceCategory: "early", sequenceStartDate: "2027-02-04" }]);
    const between = byName("Preferred minimum time between different sequences not met for employee");
    expect(between.score).toBe("0hard/0medium/-480soft");
    expect(between.matches!.map((m) => m.justification)).toMatchObject([
      { employee: "ann", rule: "runs", sequenceCategory: "early", shift1: "b", shift2: "c", minutesBetweenSequences: 960, violationInMinutes: 480 },
    ]);
  });

  it("justifies shifts near a day off request: the employee, the shift and the rule broken", async () => {
    const input: ModelInput = {
      contracts: [{
        id: "c",
        avoidShiftCloseToDayOffRequestRules: [
          { id: "no-late-before", avoidPriorShiftTags: ["late"] },
          { id: "no-early-after", avoidAfterShiftTags: ["early"], satisfiability: "UNPREFERRED" },
        ],
      }],
      employees: [{ id: "ann", contracts: ["c"], unavailableTimeSpans: [{ start: "2027-02-03T00:00:00Z", end: "2027-02-04T00:00:00Z" }] }],
      shifts: [
        { id: "late", start: "2027-02-02T14:00:00Z", end: "2027-02-02T22:00:00Z", employee: "ann", tags: ["late"] },
        { id: "early", start: "2027-02-04T06:00:00Z", end: "2027-02-04T14:00:00Z", employee: "ann", tags: ["early"] },
      ],
    };
    const { analysis } = await analyzeSubmitted(input);
    const prohibited = analysis.constraints.find((c) => c.name === "Employee has prohibited shift near day off request")!;
    expect(prohibited.score).toBe("-1hard/0medium/0soft");
    expect(prohibited.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", shift: "late", avoidShiftCloseToDayOffRequestRule: "no-late-before" }]);
    const unpreferred = analysis.constraints.find((c) => c.name === "Employee has unpreferred shift near day off request")!;
    expect(unpreferred.score).toBe("0hard/0medium/-1soft");
    expect(unpreferred.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", shift: "early", avoidShiftCloseToDayOffRequestRule: "no-early-after" }]);
    expect(unpreferred.matches![0].justification.description).toContain("after the day off 2027-02-03");
  });

  it("justifies shift rotations: the pair of a WEEKLY rule, the block of a custom one", async () => {
    const shift = (id: string, day: number, tag: string) => ({ id, start: `2027-02-0${1 + day}T08:00:00Z`, end: `2027-02-0${1 + day}T16:00:00Z`, employee: "ann", tags: [tag] });
    const rotationGroups = [{ id: "days", includeShiftTags: ["day"] }, { id: "nights", includeShiftTags: ["night"] }];
    const input: ModelInput = {
      contracts: [{
        id: "c",
        shiftRotationRules: [
          { id: "weekly", rotationPeriod: { type: "WEEKLY" }, rotationGroups },
          { id: "custom", rotationPeriod: { type: "CUSTOM", requiredRotationPeriodMaxSizeInDays: 2 }, rotationGroups },
        ],
      }],
      employees: [{ id: "ann", contracts: ["c"] }],
      shifts: [shift("d0", 0, "day"), shift("d1", 1, "day"), shift("d2", 2, "day"), shift("n3", 3, "night")],
    };
    const { analysis } = await analyzeSubmitted(input);
    const weekly = analysis.constraints.find((c) => c.name === "Required shift rotation not met for employee")!;
    expect(weekly.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", shiftRotationRule: "weekly", shift1: "d2", shift2: "n3" }]);
    const custom = analysis.constraints.find((c) => c.name === "Custom rotation duration in days not exceeds required maximum for employee")!;
    expect(custom.score).toBe("-1hard/0medium/0soft");
    expect(custom.matches!.map((m) => m.justification)).toMatchObject([{
      employee: "ann", maximumDaysViolations: [{ rotationGroup: "days", dateSpan: { start: "2027-02-01", end: "2027-02-03" }, violationSizeInDays: 1 }],
    }]);
  });

  it("justifies travel with the core's distances, and reports the travel distance KPI", async () => {
    const input: ModelInput = {
      contracts: [{ id: "c", travelConfigurations: [{ id: "t", maxEmployeeToShiftTravelDistanceInMeters: 100_000 }] }],
      employees: [{ id: "ann", contracts: ["c"], location: [0, 0] }],
      // One degree of longitude on the equator: 111195 m; half a degree: 55598 m.
      shifts: [
        { id: "far", start: "2027-02-01T08:00:00Z", end: "2027-02-01T12:00:00Z", employee: "ann", location: [0, 1] },
        { id: "near", start: "2027-02-02T08:00:00Z", end: "2027-02-02T12:00:00Z", employee: "ann", location: [0, 0.5] },
      ],
    };
    const { problem, analysis } = await analyzeSubmitted(input);
    const exceeded = analysis.constraints.find((c) => c.name === "Maximum employee to shift travel distance exceeded")!;
    expect(exceeded.matches!.map((m) => m.justification)).toMatchObject([{ employee: "ann", shift: "far", distanceInMeters: 111195, maximumDistanceInMeters: 100000 }]);
    const minimize = analysis.constraints.find((c) => c.name === "Minimize travel distance")!;
    expect(minimize.score).toBe("0hard/0medium/-166793soft");
    expect(minimize.matches!.map((m) => m.justification)).toMatchObject([{ shift: "far", distanceInMeters: 111195 }, { shift: "near", distanceInMeters: 55598 }]);
    expect(extraKpis(input, problem, problem.shiftEmployee).travelDistance).toBe(166793);
  });

  it("reads contract matches from the core a page at a time, and again when another analysis recorded in between", async () => {
    const input = generateInstance({ shifts: 3000, employees: 40, seed: 11, warmShare: 1, features: true, contracts: true });
    const problem = encodeProblem(input);
    const session = await SolverSession.create(releaseModule(), problem, { seed: 1 });
    session.applyAssignment(problem.shiftEmployee);
    const contractMatches = session.constraintScores().filter((c) => isContractConstraint(c.id)).reduce((n, c) => n + c.matchCount, 0);
    // More than one page (1,024 records), so pages join up.
    expect(contractMatches).toBeGreaterThan(1024);
    expectAnalysisAddsUp(session);
    const whole = JSON.stringify(scoreAnalysis(session, { includeJustifications: true }));
    // Read piece by piece while, between its pieces, another reader records the matches of another solution (as an
    // analysis holding a later best does) and the solution is then restored.
    const current = session.currentAssignment();
    const other = current.map((e, s) => (s % 7 === 0 ? -1 : e));
    let read = "";
    let pieces = 0;
    for (const piece of jsonPieces(lazyScoreAnalysis(session, { includeJustifications: true }), 4096)) {
      read += piece;
      pieces++;
      session.applyAssignment(other);
      session.recordContractMatches();
      session.applyAssignment(current);
    }
    expect(pieces).toBeGreaterThan(10);
    expect(read).toBe(whole);
  });

  // The breach-aimed moves (assembly/local-search.ts breachAnchor) record the matches of an employee's worst broken
  // rule to find where it is broken, into a buffer of their own: a search slice between two pages of a recording
  // leaves the recording as it was.
  it("keeps a recording of contract matches while the search's breach-aimed moves look for their breaches", async () => {
    const problem = encodeProblem(generateInstance({ shifts: 140, employees: 12, seed: 8, features: true, contracts: true, spread: 1.0 }));
    const session = await SolverSession.create(releaseModule(), problem, { seed: 11, lahcLength: 4, searchPeriods: { stall: 0, kick: 700 } });
    session.runSlice(5_000);
    const recorded = session.recordContractMatches();
    expect(recorded).toBeGreaterThan(0);
    const page = session.contractMatchesPage(0, recorded);
    const breachBefore = session.compoundMoveCounts().breach.tried;
    session.runSlice(20_000);
    expect(session.compoundMoveCounts().breach.tried).toBeGreaterThan(breachBefore);
    expect(session.contractMatchesPage(0, recorded)).toEqual(page);
  });

  it("reports weights and justifications of a hand-made case", async () => {
    const input: ModelInput = {
      employees: [{ id: "ann", skills: [{ id: "nurse" }], unavailableTimeSpans: [{ start: "2027-02-01T07:00:00Z", end: "2027-02-01T09:00:00Z" }] }],
      shifts: [shift("a", "08:00", "12:00", { employee: "ann", requiredSkills: ["nurse", "driver"] }), shift("b", "11:00", "13:00", { employee: "ann" }), shift("c", "14:00", "15:00")],
    };
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem, { weights: { "Overlapping shift": 2 } });
    session.applyAssignment(problem.shiftEmployee);
    const analysis = scoreAnalysis(session, { includeJustifications: true });
    expect(analysis.score).toBe("-181hard/-10medium/0soft");
    const byName = Object.fromEntries(analysis.constraints.map((c) => [c.name, c]));
    expect(byName["Overlapping shift"]).toMatchObject({ weight: "2hard/0medium/0soft", score: "-120hard/0medium/0soft", matchCount: 1 });
    expect(byName["Overlapping shift"].matches![0]).toEqual({
      score: "-120hard/0medium/0soft",
      justification: { shift1: "a", shift2: "b", employee: "ann", description: expect.stringContaining("60 minutes") },
    });
    expect(byName["Required skill missing"].matches![0].justification).toMatchObject({ employee: "ann", shift: "a", missingSkills: ["driver"] });
    expect(byName["Employee works during unavailable time"].matches![0].justification.overlappingTimeSpans).toHaveLength(1);
    expect(byName["Unassigned shift"].matches![0]).toMatchObject({ score: "0hard/-10medium/0soft", justification: { shift: "c" } });
  });
});

describe("evaluateAssignments", () => {
  it("reports the real score change of each candidate and leaves the session as it was", async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const problem = encodeProblem(randomInput(seed));
      const E = problem.employeeIds.length;
      const movable = Array.from(problem.shiftPinned.keys()).filter((s) => !problem.shiftPinned[s]);
      if (movable.length === 0) continue;
      const session = await SolverSession.create(debugModule(), problem, { seed, weights: randomWeights(seed) });
      session.runSlice(200);
      const random = rng(seed);
      const s = movable[Math.floor(random() * movable.length)];
      const candidates = [-1, ...Array.from({ length: E }, (_, e) => e)];
      const assignmentBefore = session.currentAssignment();
      const bestBefore = formatScore(session.bestScore());
      const bestAssignmentBefore = session.bestAssignment();
      const evaluations = evaluateAssignments(session, s, candidates, { includeJustifications: seed % 2 === 0 });
      expect(session.currentAssignment()).toEqual(assignmentBefore);
      expect(formatScore(session.bestScore())).toBe(bestBefore);
      expect(session.bestAssignment()).toEqual(bestAssignmentBefore);
      expect(session.currentScore()).toEqual(session.scoreFromScratch());

      const base = session.currentScore();
      const baseCounts = session.constraintScores();
      for (const ev of evaluations) {
        // The real change: make the move on a copy of the solution and score it from scratch.
        const probe = await SolverSession.create(debugModule(), problem, { weights: randomWeights(seed) });
        const moved = Int32Array.from(assignmentBefore);
        moved[s] = ev.employeeIndex;
        probe.applyAssignment(moved);
        const real = probe.scoreFromScratch();
        expect(ev.scoreDiff, `shift ${s} -> ${ev.employeeIndex}`).toEqual({ hard: real.hard - base.hard, medium: real.medium - base.medium, soft: real.soft - base.soft });
        const sum = ev.constraintDiffs.reduce((acc, d) => add(acc, parseScore(d.score)), ZERO);
        expect(sum).toEqual(ev.scoreDiff);
        const probeCounts = probe.constraintScores();
        for (const d of ev.constraintDiffs) {
          const id = probeCounts.findIndex((c) => c.name === d.constraintName);
          expect(d.matchCountDiff, d.constraintName).toBe(probeCounts[id].matchCount - baseCounts[id].matchCount);
          if (d.matchesDiff) {
            const matchSum = d.matchesDiff.reduce((acc, m) => add(acc, parseScore(m.score)), ZERO);
            expect(formatScore(matchSum), d.constraintName).toBe(d.score);
          }
        }
      }
    }
  });
});

describe("employee metrics and KPIs", () => {
  const input: ModelInput = {
    globalRules: { balanceTimeWorkedRules: [{ id: "fair" }] },
    employees: [
      { id: "ann", preferredTimeSpans: [{ start: "2027-02-01T06:00:00Z", end: "2027-02-01T10:00:00Z" }], unpreferredTimeSpans: [{ start: "2027-02-01T15:00:00Z", end: "2027-02-01T20:00:00Z" }] },
      { id: "bob" },
    ],
    shifts: [
      shift("a", "08:00", "16:00", { employee: "ann", breaks: [{ start: "2027-02-01T12:00:00Z", end: "2027-02-01T12:30:00Z" }] }),
      shift("b", "08:00", "12:00", { employee: "ann", preferredEmployees: ["bob"] }),
      shift("c", "13:00", "17:00"),
    ],
  };

  it("per employee: shifts, worked time, preferences, disruption against the submitted schedule", () => {
    const problem = encodeProblem(input);
    // a stays with ann, b moves to bob (disrupted), c is newly assigned to bob.
    const metrics = employeeMetrics(input, problem, [0, 1, 1]);
    expect(metrics[0]).toEqual({
      id: "ann",
      metrics: expect.objectContaining({
        assignedShifts: 1,
        durationWorked: "PT450M",
        durationOfTimePreferencesMet: "PT120M",
        durationOfTimeUnpreferencesViolated: "PT60M",
        outgoingDisruptedShifts: 1,
        durationOfOutgoingDisruptedShifts: "PT240M",
        incomingDisruptedShifts: 0,
        disruptedShifts: 1,
        overtimeWorked: null,
      }),
    });
    expect(metrics[1].metrics).toMatchObject({
      assignedShifts: 2,
      durationWorked: "PT480M",
      durationOfTimePreferencesMet: "PT240M",
      incomingDisruptedShifts: 2,
      disruptedShifts: 2,
    });
  });

  it("KPIs: Jain fairness of worked time, disruption, preference averages", () => {
    const problem = encodeProblem(input);
    const k = extraKpis(input, problem, [0, 1, 1]);
    // Loads 450 and 480: (930)² / (2 × (450² + 480²)) = 99.9%.
    expect(k.workingTimeFairnessPercentage).toBe(99.9);
    expect(k.disruptionPercentage).toBe(50);
    expect(k.averageDurationOfEmployeesPreferencesMet).toBe("PT180M");
    expect(k.minimumDurationOfPreferencesMetAcrossEmployees).toBe("PT120M");
    expect(k.maximumDurationOfUnpreferencesViolatedAcrossEmployees).toBe("PT60M");
    expect(extraKpis({ ...input, globalRules: {} }, encodeProblem({ ...input, globalRules: {} }), [0, 1, 1]).workingTimeFairnessPercentage).toBeNull();
  });
});

describe("input warnings", () => {
  it("tagRulesIgnored: employees with shift tags but no matching rule", () => {
    const input: ModelInput = {
      employees: [{ id: "a", requiredShiftTags: ["x"] }, { id: "b", preferredShiftTags: ["y"] }, { id: "c" }],
      shifts: [],
    };
    expect(tagRulesIgnored(input)).toEqual(["a", "b"]);
    expect(tagRulesIgnored({ ...input, globalRules: { shiftTagMatchRules: [{ id: "r" }] } })).toEqual(["b"]);
    expect(tagRulesIgnored({ ...input, globalRules: { shiftTagMatchRules: [{ id: "r" }, { id: "p", satisfiability: "PREFERRED" }] } })).toEqual([]);
  });

  it("deprecatedPriorityEmployees: the four legacy levels", () => {
    expect(deprecatedPriorityEmployees({ employees: [{ id: "a", priority: "HIGH" }, { id: "b", priority: "3" }, { id: "c" }], shifts: [] })).toEqual(["a"]);
  });
});

describe("acceptors on a toy problem with a known optimum", () => {
  // Planted instance: a 0hard/0medium schedule exists; the two impossible shifts must stay open (-20medium).
  const problem = encodeProblem(generateInstance({ shifts: 120, employees: 12, seed: 21, spread: 1.3, warmShare: 1, impossible: 2 }));
  for (const acceptor of [{ kind: "LATE_ACCEPTANCE" as const }, { kind: "SIMULATED_ANNEALING" as const, halfLife: 20_000 }]) {
    it(`${acceptor.kind} reaches the optimum`, async () => {
      const session = await SolverSession.create(releaseModule(), problem, { seed: 4, acceptor });
      for (let i = 0; i < 100 && formatScore(session.bestScore()) !== "0hard/-20medium/0soft"; i++) session.runSlice(20_000);
      expect(formatScore(session.bestScore())).toBe("0hard/-20medium/0soft");
    });
  }
});
