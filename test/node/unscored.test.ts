/**
 * Nothing silent (README "Accepted, not scored"): ONE request using every property of the reference model input
 * (test/fixtures/full-request.ts) with all 62 weight overrides validates with exactly one UNSCORED_FIELD warning per
 * unscored field, breaks every scored rule family it uses (so each shows up with matches in
 * the score analysis), and solves; every one of the 62 overrides is some constraint's and changes its weight; the
 * README table is the list's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ISSUE_TYPES, summarize, validateModelInput, validateWithShiftFacts, type ValidationIssue } from "../../model/validation";
import { ShiftFacts } from "../../model/shift-facts";
import { UNSCORED, UNSCORED_FIELDS, unscoredMarkdown, type UnscoredField } from "../../model/unscored-fields";
import { ModelInputSchema, type ModelInput } from "../../schemas/model-input";
import { ConfigOverridesSchema, OVERRIDE_NAMES, SolvingRequestSchema } from "../../schemas/solving-request";
import { CONSTRAINTS } from "../../solver/constraints";
import { encodeProblem } from "../../solver/encode";
import { submittedAssignment } from "../../solver/output";
import { scoreAnalysis } from "../../solver/explain";
import { SolverSession } from "../../solver/session";
import reference from "../fixtures/reference-model-input.json";
import { fullRequest } from "../fixtures/full-request";
import { debugModule, releaseModule } from "./helpers";

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; $ref?: string };
const SCHEMAS = reference.schemas as unknown as Record<string, Schema>;

/**
 * Every property path a model input can have per the reference: `contracts[].periodRules[].minutesLoggedMax`. Follows
 * $ref, allOf/oneOf/anyOf and items; a schema already on the path (the operand trees, the demand detail's rule) is
 * not entered again.
 */
function referencePaths(): { paths: Set<string>; maps: Set<string> } {
  const paths = new Set<string>();
  /** Objects keyed by the input's own ids (`employeeToPublishedMinutesWorked`): their keys are data, not properties. */
  const maps = new Set<string>();
  const walk = (node: Schema | undefined, path: string, stack: readonly string[]) => {
    if (!node || typeof node !== "object") return;
    if (node.$ref) {
      const name = node.$ref.split("/").pop()!;
      if (!stack.includes(name)) walk(SCHEMAS[name], path, [...stack, name]);
      return;
    }
    for (const key of ["allOf", "oneOf", "anyOf"]) for (const part of (node[key] as Schema[] | undefined) ?? []) walk(part, path, stack);
    if (node.items) walk(node.items, `${path}[]`, stack);
    if (node.additionalProperties && typeof node.additionalProperties === "object" && !node.properties) maps.add(path);
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const at = path ? `${path}.${name}` : name;
      paths.add(at);
      walk(child, at, stack);
    }
  };
  walk(SCHEMAS.EmployeeSchedule, "", ["EmployeeSchedule"]);
  return { paths, maps };
}

/** Every property path a JSON value uses, in the same notation. */
function usedPaths(value: unknown, path = "", into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => usedPaths(v, `${path}[]`, into));
  else if (value !== null && typeof value === "object") {
    for (const [name, child] of Object.entries(value)) {
      const at = path ? `${path}.${name}` : name;
      into.add(at);
      usedPaths(child, at, into);
    }
  }
  return into;
}

/** Reference properties the request leaves out on purpose, each with why (and a test that it is a 400). */
const NOT_SENT = {
  // A back-reference of the reference's object model (detail -> its rule), not input: the schema rejects it.
  "globalRules.minimumMaximumShiftsPerHourlyDemand[].demandDetails[].rule": "back-reference",
};

/** `contracts[id=FT].periodRules[id=P1].x` -> `contracts[].periodRules[].x`. */
const pattern = (field: string) => field.replace(/\[[^\]]*\]/g, "[]");

const byCode = (issues: ValidationIssue[], code: string) => issues.filter((i) => i.code === code);

describe("the request that uses every reference property", () => {
  const request = fullRequest();
  const input = request.modelInput;
  const overrides = request.config!.model!.overrides!;

  it("covers every property of the reference model input, and nothing else", () => {
    const { paths: reference, maps } = referencePaths();
    const used = usedPaths(input);
    expect(reference.size).toBeGreaterThan(400);
    const missing = [...reference].filter((p) => !used.has(p) && !(p in NOT_SENT));
    expect(missing).toEqual([]);
    const inMap = (p: string) => [...maps].some((m) => p.startsWith(`${m}.`));
    expect([...used].filter((p) => !reference.has(p) && !inMap(p))).toEqual([]);
    expect(maps.size).toBe(3);
    expect(Object.keys(overrides).sort()).toEqual([...OVERRIDE_NAMES].sort());
  });

  it("passes the request schema; the one property left out is a schema error naming its path", () => {
    expect(SolvingRequestSchema.safeParse(request).error?.issues ?? []).toEqual([]);
    const withRule = structuredClone(input) as ModelInput;
    const detail = withRule.globalRules!.minimumMaximumShiftsPerHourlyDemand![0].demandDetails[0] as Record<string, unknown>;
    detail.rule = { id: "H" };
    const issue = ModelInputSchema.safeParse(withRule).error!.issues[0];
    expect(issue.path).toEqual(["globalRules", "minimumMaximumShiftsPerHourlyDemand", 0, "demandDetails", 0]);
    expect(issue.message).toMatch(/rule/);
  });

  it("validates without errors, with one UNSCORED_FIELD warning per unscored field", () => {
    const issues = validateModelInput(input);
    expect(issues.filter((i) => i.severity === "ERROR").map((i) => i.message)).toEqual([]);
    expect(summarize(issues).summary).toBe("WARNINGS");

    const fields = byCode(issues, "UNSCORED_FIELD");
    expect(fields.every((i) => i.severity === "WARNING")).toBe(true);
    expect(fields.map((i) => pattern(i.detail.field as string)).sort()).toEqual(UNSCORED.map((f) => f.path).sort());
    // Named precisely: the contract and rule by id; the large lists summarized with a count and examples.
    const named = fields.map((i) => i.detail.field);
    // The contract priority (FT's is "1") applies to its employees: scored, no warning.
    expect(named).not.toContain("contracts[id=FT].priority");
    // Global period, concurrent shifts and shift group rules, single-day patterns, rest maximums and travel are scored: no warning.
    for (const scored of ["globalRules.minimumMaximumShiftsPerPeriod", "globalRules.concurrentShiftsRules", "globalRules.shiftGroupRules", "shiftGroups", "employees[].requiredPairings[].groupShiftsPerDayLimit", "contracts[id=FT].singleDayShiftSequencePatternRules", "contracts[id=FT].minutesBetweenShiftsRules[id=MB-unscored].maximumMinutesBetweenShifts", "contracts[id=FT].consecutiveDaysWorkedRules[id=CD-options].allowedSequenceStartDays", "contracts[id=FT].consecutiveDaysWorkedRules[id=CD-delay].minDelayBetweenDifferentSequences", "employees[].location", "contracts[id=FT].fteConfiguration"]) {
      expect(named).not.toContain(scored);
    }
    for (const issue of fields) expect(issue.message).toContain(issue.detail.field as string);
  });

  /** Per scored rule family the request uses: the constraints it scores into (any may hold the match). */
  const FAMILIES: Record<string, string[]> = {
    "shifts[].requiredSkills": ["Required skill missing"],
    "employees[].unavailableTimeSpans": ["Employee works during unavailable time"],
    "employees[].availableTimeSpans": ["Employee does not work during available time"],
    "shifts[].prohibitedEmployees": ["Prohibited employee assigned"],
    "shifts[].riskFactors": ["Employee has prohibited risk factor associated with shift"],
    "employees[].requiredShiftTags": ["Employee works shift with non matching required shift tags"],
    "globalRules.unassignedShiftRule (MANDATORY)": ["Unassigned shift"],
    "globalRules.unassignedShiftRule (OPTIONAL)": ["Unassigned optional shift"],
    "employees[].unpreferredTimeSpans": ["Employee works during unpreferred time"],
    "employees[].preferredTimeSpans": ["Employee works during preferred time"],
    "shifts[].preferredSkills": ["Preferred skill missing"],
    "shifts[].unpreferredEmployees": ["Unpreferred employee assigned"],
    "shifts[].preferredEmployees": ["Preferred employee assigned"],
    "employees[].preferredShiftTags": ["Employee works shift with preferred shift tags"],
    "globalRules.balanceTimeWorkedRules": ["Balance time worked"],
    "globalRules.balanceShiftCountRules": ["Balance shift count"],
    "periodRules minutes": ["Minutes worked per period not in required range for employee", "Minutes worked per period not in preferred range for employee"],
    "periodRules shifts": ["Shifts worked per period not in required range for employee"],
    "periodRules days": ["Days worked per period not in preferred range for employee"],
    "periodRules daysOffLimit": ["Days off per period not in preferred range for employee"],
    "periodRules weekendsWorkedMax": ["Weekends worked per period not in required range for employee"],
    "periodRules weekendMinutesWorkedMax": ["Weekend minutes worked per period not in required range for employee"],
    "periodRules consecutiveWeekendsLimit": ["Consecutive weekends worked per period not in required range for employee"],
    "periodRules consecutiveWeekendsOffLimit": ["Consecutive weekends off per period not in required range for employee"],
    "periodRules costDefinition": ["Minimize cost per period"],
    minutesBetweenShiftsRules: ["Minutes between shifts not in required range for employee", "Minutes between shifts not in preferred range for employee"],
    consecutiveDaysWorkedRules: ["Consecutive days worked not in preferred range for employee"],
    "consecutiveDaysWorkedRules allowedSequenceStartDays": ["Required sequence start day not met for employee", "Preferred sequence start day met for employee"],
    "consecutiveDaysWorkedRules allowedSequenceStartDays (sequence ends)": ["Sequence ends on allowed sequence start day for employee"],
    "consecutiveDaysWorkedRules minDuration/minDelayBetweenDifferentSequences": ["Preferred minimum time between different sequences not met for employee"],
    consecutiveShiftsWorkedRules: ["Consecutive shifts worked not in required range for employee"],
    "consecutiveShiftsWorkedRules timeOffAfterSequenceLimit": ["Time off after consecutive shifts worked not in required range for employee"],
    minimizeGapsBetweenShiftsRules: ["Minimize gaps between shifts for employee"],
    "rollingWindowRules minutes": ["Minutes worked in rolling window not in required range for employee"],
    "rollingWindowRules shifts": ["Shifts worked in rolling window not in required range for employee"],
    "rollingWindowRules days": ["Days worked in rolling window not in required range for employee"],
    "rollingWindowRules weekends": ["Weekends worked in rolling window not in preferred range for employee"],
    "rollingWindowRules minutes off": ["Consecutive minutes off in rolling window not in required range for employee", "Consecutive minutes off in rolling window not in preferred range for employee"],
    "employees[].requiredPairings": ["Employee is not paired with required employee"],
    "employees[].prohibitedPairings": ["Employee is paired with prohibited employee"],
    "employees[].unpreferredPairings": ["Employee is paired with unpreferred employee"],
    "employees[].preferredPairings": ["Employee is paired with preferred employee"],
    "pairings commonTagType": ["Paired employees don't work shifts with common tags"],
    "dailyShiftPairingRules REQUIRED": ["Employee does not have required daily shift pairing"],
    "dailyShiftPairingRules PROHIBITED": ["Employee has prohibited daily shift pairing"],
    "dailyShiftPairingRules UNPREFERRED": ["Employee has unpreferred daily shift pairing"],
    "dailyShiftPairingRules PREFERRED": ["Employee does not have preferred daily shift pairing"],
    "contracts[].avoidShiftCloseToDayOffRequestRules": ["Employee has unpreferred shift near day off request"],
    "contracts[].shiftRotationRules": ["Custom rotation duration in days not in preferred range for employee"],
    "contracts[].travelConfigurations": ["Maximum employee to shift travel distance exceeded", "Minimize travel distance"],
    "globalRules.costsRules REQUIRED": ["Costs per period not in required range"],
    "globalRules.costsRules PREFERRED": ["Costs per period not in preferred range"],
    "employeeCostGroups ratio": ["Keep employee activation ratio"],
    "employeeCostGroups activation cost": ["Minimize activated employees"],
    "minimumMaximumShiftsPerHourlyDemand REQUIRED": ["Shifts worked not in required hourly demand range"],
    "minimumMaximumShiftsPerHourlyDemand PREFERRED": ["Shifts worked not in preferred hourly demand range"],
    "minimumMaximumShiftsPerHourlyDemand balance": ["Balance shifts worked for minimum hourly demand"],
    "globalRules.minimumMaximumShiftsPerPeriod": ["Shifts worked per period not in required range"],
    "globalRules.concurrentShiftsRules": ["Concurrent shifts not in required range"],
    "globalRules.shiftGroupRules": ["Required shift group assignment mode not met"],
    "periodRules consecutiveDaysOffLimit": ["Consecutive days off per period not in required range for employee", "Consecutive days off per period not in preferred range for employee"],
    "periodRules uniqueTagsLimit": ["Unique tags per period not in required range for employee", "Unique tags per period not in preferred range for employee"],
    "periodRules locationsWorkedMax": ["Locations worked per period not in required range for employee", "Locations worked per period not in preferred range for employee"],
    "periodRules shiftTypesWorkedMin/Max": ["Shift types worked per period not in required range for employee", "Shift types worked per period not in preferred range for employee"],
    "periodRules shiftStartTimeDifferenceInMinutesMax": ["Shift start time difference in minutes per period not in required range for employee", "Shift start time difference in minutes per period not in preferred range for employee"],
    "periodRules minutesLoggedMin/Max": ["Minutes logged per period not in required range for employee", "Minutes logged per period not in preferred range for employee"],
    "rollingWindowRules consecutiveDaysOffLimit": ["Consecutive days off in rolling window not in required range for employee", "Consecutive days off in rolling window not in preferred range for employee"],
    "contracts[].singleDayShiftSequencePatternRules": ["Employee does not work required single day shift sequence pattern", "Employee works prohibited single day shift sequence pattern", "Employee works preferred single day shift sequence pattern", "Employee works unpreferred single day shift sequence pattern"],
    "contracts[].multiDayShiftSequencePatternRules": ["Employee does not work required multi-day shift sequence pattern", "Employee works prohibited multi-day shift sequence pattern", "Employee works preferred multi-day shift sequence pattern", "Employee works unpreferred multi-day shift sequence pattern"],
    "consecutiveDaysWorkedRules rewardCompactSequences": ["Employee works compact sequence"],
    "employees[].requiredPairings groupShiftsPerDayLimit": ["Employee group split into multiple shifts per day"],
    "employeeCostGroups saturation": ["Maximize activated employee saturation"],
    "travelConfigurations minMinutesBetweenShiftsInDifferentLocations": ["Minimum time between shifts including travel not met"],
    // Disruption is measured against the submitted assignment: these show in the replanned one below.
    "contracts[].disruptionRules": ["Minimize outgoing disruption for employee", "Minimize incoming disruption for employee"],
    "contracts[].disruptionRules scope START_AND_END": ["Required scoped disruption for employee"],
    "contracts[].disruptionRules scope OVERLAP": ["Minimize preferred scoped disruption for employee"],
    "globalRules.disruptionRules": ["Employee assignment disrupted on replanning"],
  };

  it("the score analysis has matches of every scored rule family the request uses", async () => {
    const problem = encodeProblem(input);
    const session = await SolverSession.create(debugModule(), problem);
    const submitted = submittedAssignment(input);
    session.applyAssignment(submitted);
    const matched = new Set(scoreAnalysis(session).constraints.filter((c) => c.matchCount > 0).map((c) => c.name));
    // Replanned: Ann's Tuesday shift moves to Bob.
    const replanned = Int32Array.from(submitted);
    replanned[problem.shiftIds.indexOf("a2")] = problem.employeeIds.indexOf("Bob");
    session.applyAssignment(replanned);
    for (const c of scoreAnalysis(session).constraints) if (c.matchCount > 0) matched.add(c.name);
    const names = new Set(CONSTRAINTS.map((c) => c.name));
    const unmatched = Object.entries(FAMILIES).filter(([, constraints]) => {
      for (const name of constraints) expect(names.has(name), name).toBe(true);
      return !constraints.some((name) => matched.has(name));
    });
    expect(unmatched.map(([family]) => family)).toEqual([]);
  });

  it("solves without an error", async () => {
    const session = await SolverSession.create(releaseModule(), encodeProblem(input), { weights: overrides });
    session.runSlice(5_000);
    expect(session.bestAssignment().length).toBe(encodeProblem(input).shiftIds.length);
    expect(session.scoreFromScratch()).toEqual(session.currentScore());
  });
});

describe("focused warnings", () => {
  const base = (): ModelInput => ({
    employees: [{ id: "Ann", contracts: ["FT"] }],
    shifts: [{ id: "s1", start: "2027-02-01T08:00:00Z", end: "2027-02-01T16:00:00Z" }],
    contracts: [{ id: "FT" }],
  });

  it("single-day and multi-day patterns, an FTE configuration and a contract priority (scored) are no warning", () => {
    const input = base();
    input.contracts![0].singleDayShiftSequencePatternRules = [{ id: "no-late-early", satisfiability: "PROHIBITED", pattern: [{ includeShiftTags: ["late"] }, { includeShiftTags: ["early"] }] }];
    input.contracts![0].multiDayShiftSequencePatternRules = [{ id: "no-split-days", satisfiability: "PROHIBITED", pattern: [{ type: "ON" }, { type: "OFF" }, { type: "ON" }] }];
    input.contracts![0].fteConfiguration = { fixedFte: 0.8 };
    expect(validateModelInput(input)).toEqual([]);
    input.contracts![0].priority = "5";
    expect(validateModelInput(input)).toEqual([]);
  });

  it("a REQUIRED globalRules.minimumMaximumShiftsPerPeriod is scored, not warned about: at most 1 a day with 2 pinned shifts that day is not 0hard", async () => {
    const input = base();
    input.employees.push({ id: "Bob" });
    input.shifts = [
      { id: "s1", start: "2027-02-01T08:00:00Z", end: "2027-02-01T12:00:00Z", employee: "Ann", pinned: true },
      { id: "s2", start: "2027-02-01T13:00:00Z", end: "2027-02-01T17:00:00Z", employee: "Bob", pinned: true },
    ];
    input.globalRules = { minimumMaximumShiftsPerPeriod: [{ id: "max-one", period: "DAY", satisfiability: "REQUIRED", shiftsWorkedMax: 1 }] };
    expect(validateModelInput(input)).toEqual([]);
    const session = await SolverSession.create(releaseModule(), encodeProblem(input));
    session.runSlice(2_000);
    expect(session.currentScore().hard).toBe(-1);
    expect(session.scoreFromScratch()).toEqual(session.currentScore());
  });

  it("values that are scored, or the default, are not warned about", () => {
    const input = base();
    input.contracts![0] = {
      id: "FT",
      priority: "10",
      rollingWindowRules: [{ id: "r", rollingWindow: { type: "DAILY", size: 7 }, shiftsWorkedLimit: { shiftsWorkedMax: 5 } }],
      consecutiveDaysWorkedRules: [{ id: "cd", maximum: 5, rewardCompactSequences: false, absenceMode: "ABSENCE_UNAWARE" }],
      minutesBetweenShiftsRules: [{ id: "mb", minimumMinutesBetweenShifts: 600, absenceMode: "ABSENCE_UNAWARE" }],
    };
    expect(validateModelInput(input)).toEqual([]);
    // HOURLY windows and ABSENCE_AWARE runs of days are scored: no warning.
    input.contracts![0].rollingWindowRules![0].rollingWindow.type = "HOURLY";
    input.contracts![0].consecutiveDaysWorkedRules![0].absenceMode = "ABSENCE_AWARE";
    input.contracts![0].priority = "1";
    expect(validateModelInput(input)).toEqual([]);
  });

  it("a field on the list is a warning naming it and its value, only for the values not scored (a list of its own: the real one is empty)", () => {
    const input = base();
    input.contracts![0].priority = "1";
    const list: UnscoredField[] = [{ path: "contracts[].priority", except: ["10"] }, { path: "shifts[].location" }];
    const facts = new ShiftFacts(new Set(input.employees.map((e) => e.id)), list);
    input.shifts.forEach((s) => facts.add(s));
    facts.add({ id: "s2", start: "2027-02-02T08:00:00Z", end: "2027-02-02T16:00:00Z", location: [0, 1] });
    const { shifts, ...rest } = input;
    const issues = validateWithShiftFacts(rest, facts);
    expect(issues.map((i) => [i.code, i.severity, i.detail.field, i.detail.value, i.detail.examples])).toEqual([
      ["UNSCORED_FIELD", "WARNING", "contracts[id=FT].priority", "1", undefined],
      ["UNSCORED_FIELD", "WARNING", "shifts[].location", undefined, ["shifts[id=s2].location"]],
    ]);
    expect(issues[0].message).toContain("contracts[id=FT].priority");
    rest.contracts![0].priority = "10";
    const again = new ShiftFacts(new Set(["Ann"]), list);
    shifts.forEach((s) => again.add(s));
    expect(validateWithShiftFacts(rest, again)).toEqual([]);
    expect(unscoredMarkdown(list)).toContain("| `contracts[].priority` | any but `10` |");
  });
});

describe("weight overrides", () => {
  it("are exactly the reference's 62 names; every constraint's override is one of them", () => {
    const names = Object.keys(SCHEMAS.EmployeeScheduleConfigOverrides.properties!);
    expect(names).toHaveLength(62);
    expect([...OVERRIDE_NAMES]).toEqual(names);
    for (const c of CONSTRAINTS) if (c.override) expect(names).toContain(c.override);
  });

  it("each of the 62 is the override of exactly one constraint (none is accepted without an effect)", () => {
    const owners = OVERRIDE_NAMES.map((name) => [name, CONSTRAINTS.filter((c) => c.override === name).map((c) => c.id)] as const);
    expect(owners.filter(([, ids]) => ids.length !== 1)).toEqual([]);
  });

  it("an unknown name is a schema error naming it", () => {
    const result = ConfigOverridesSchema.safeParse({ balanceTimeWorkedWeight: 1, balanceTimeWorkWeight: 2 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["balanceTimeWorkWeight"] });
  });

  it.each(CONSTRAINTS.filter((c) => c.override).map((c) => [c.override!, c.id] as const))("%s sets the weight of its constraint", async (name, id) => {
    const input: ModelInput = { employees: [{ id: "Ann" }], shifts: [{ id: "s1", start: "2027-02-01T08:00:00Z", end: "2027-02-01T16:00:00Z" }] };
    const session = await SolverSession.create(debugModule(), encodeProblem(input), { weights: { [name]: 7 } });
    const weights = session.constraintScores({ matchCounts: false }).map((c) => c.weight);
    expect(weights[id]).toBe(7);
    expect(weights.filter((w) => w === 7)).toHaveLength(1);
  });
});

describe("the single source", () => {
  it("the README table is rendered from it", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const block = /<!-- unscored:begin -->\n([\s\S]*?)\n<!-- unscored:end -->/.exec(readme);
    // On a mismatch: npx tsx scripts/update-readme-unscored.ts
    expect(block?.[1]).toBe(unscoredMarkdown());
  });

  it("the issue types include the warning; UNSCORED_FIELDS is the contract part of the list", () => {
    expect(ISSUE_TYPES.filter((t) => t.code.startsWith("UNSCORED_")).map((t) => [t.code, t.severity])).toEqual([["UNSCORED_FIELD", "WARNING"]]);
    // Every rolling window field is scored (HOURLY windows and unlogged break tags included).
    expect(UNSCORED_FIELDS.rollingWindowRules).toBeUndefined();
    // Every field is scored (contract priorities and FTEs, patterns, templates' locations included).
    expect(UNSCORED).toEqual([]);
    expect(UNSCORED_FIELDS).toEqual({});
  });
});
