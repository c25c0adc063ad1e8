/** Random inputs for the fuzz and explanation tests: rough on purpose, and exercising every constraint. */
import type { ModelInput } from "../../schemas/model-input";
import { rng } from "../../bench/generate";
import { CONSTRAINTS } from "../../solver/constraints";

const BASE = Date.parse("2027-02-01T00:00:00Z");
const iso = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

/**
 * Deliberately rough inputs that exercise every constraint: zero-length shifts, overlapping weighted and tag-filtered
 * spans, unknown employees and skills, skill expressions and validity spans, tags with match rules, risk factors,
 * shift employee lists, breaks, balance rules with history, allow-overlap contracts with FTEs, optional priorities and a
 * planning window with historic shifts.
 */
export function randomInput(seed: number): ModelInput {
  return withMisc(withGlobalCounts(withDayRunOptions(withRestLimits(withSingleDayPatterns(withPeriodLimits(withPatterns(withCosts(baseRandomInput(seed), seed), seed), seed), seed), seed), seed), seed), seed);
}

function baseRandomInput(seed: number): ModelInput {
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const skills = ["a", "b", "c", "d"];
  const tagPool = ["t1", "t2", "t3", "x"];
  const pick = (from: string[], p = 0.35) => from.filter(() => random() < p);
  const span = (maxLength: number, filtered = true) => {
    const start = int(2880);
    return {
      start: iso(start),
      end: iso(start + int(maxLength)),
      ...(filtered && chance(0.3) ? { includeShiftTags: pick(tagPool, 0.5) } : {}),
      ...(filtered && chance(0.2) ? { excludeShiftTags: pick(tagPool, 0.5) } : {}),
      ...(chance(0.3) ? { shiftTagMatches: chance(0.5) ? ("ANY" as const) : ("ALL" as const) } : {}),
      ...(chance(0.4) ? { weight: 1 + int(5) } : {}),
    };
  };
  const expression = (leaf: () => Record<string, unknown>, depth = 0): Record<string, unknown> =>
    depth > 1 || chance(0.4)
      ? { type: "LEAF", ...leaf() }
      : { type: "NODE", operator: chance(0.5) ? "AND" : "OR", operands: Array.from({ length: 1 + int(3) }, () => expression(leaf, depth + 1)) };
  // Half of the inputs span ten days (with contract rules), so weeks, weekends and sequences have room; a third of
  // those (their own random stream) forty days with three times the shifts, so an employee's list outgrows the
  // windows around a move that contract rules are scored on.
  const horizon = chance(0.5) ? 2880 : rng(seed * 104_729)() < 0.35 ? 57_600 : 14400;
  const withContracts = horizon > 2880 || chance(0.3);
  const employeeCount = int(7);
  const employees = Array.from({ length: employeeCount }, (_, i) => ({
    id: `e${i}`,
    skills: pick(skills).map((id) => ({ id, ...(chance(0.2) ? { validityDateTimeSpans: [span(2000, false)].map(({ start, end }) => ({ start, end })) } : {}) })),
    unavailableTimeSpans: Array.from({ length: int(4) }, () => span(600)),
    ...(chance(0.3) ? { availableTimeSpans: Array.from({ length: 1 + int(3) }, () => span(1400)) } : {}),
    ...(chance(0.5) ? { preferredTimeSpans: Array.from({ length: 1 + int(3) }, () => span(600)) } : {}),
    ...(chance(0.5) ? { unpreferredTimeSpans: Array.from({ length: 1 + int(3) }, () => span(600)) } : {}),
    ...(chance(0.4) ? { priority: chance(0.3) ? ("LOW" as const) : (String(1 + int(10)) as "1") } : {}),
    ...(chance(0.4) ? { prohibitedRiskFactors: pick(["r1", "r2", "r3"], 0.5) } : {}),
    ...(chance(0.5) ? { tags: pick(["senior", "junior"], 0.5) } : {}),
    ...(chance(0.4) ? { requiredShiftTags: pick(tagPool, 0.4) } : {}),
    ...(chance(0.2) ? { requiredShiftTagsExpression: expression(() => ({ tagId: tagPool[int(4)] })) as never } : {}),
    ...(chance(0.4) ? { preferredShiftTags: pick(tagPool, 0.4) } : {}),
    ...(chance(0.2) ? { preferredShiftTagsExpression: expression(() => ({ tagId: tagPool[int(4)] })) as never } : {}),
    contracts: [...(chance(0.3) ? ["flex"] : []), ...(withContracts ? pick(["full", "part", "night"], 0.5) : [])],
    ...(withContracts && chance(0.4) ? { timeZoneId: chance(0.5) ? "Europe/Brussels" : "America/New_York" } : {}),
    ...(withContracts && chance(0.15) ? { zoneOffset: "+05:30" } : {}),
  }));
  const employeeIds = employees.map((e) => e.id);
  const daily = addPairings(employees, seed);
  const shifts = Array.from({ length: int(horizon > 14400 ? 150 : horizon > 2880 ? 50 : 35) }, (_, i) => {
    const start = int(horizon);
    const end = start + (chance(0.05) ? 0 : int(720));
    const employee = chance(0.4) ? (chance(0.15) ? "ghost" : `e${int(Math.max(1, employeeCount))}`) : undefined;
    return {
      id: `s${i}`,
      start: iso(start),
      end: iso(end),
      requiredSkills: [...pick(skills), ...(chance(0.05) ? ["unheld"] : [])],
      ...(chance(0.2) ? { requiredSkillsMatchKind: "MATCH_ANY" as const } : {}),
      ...(chance(0.2) ? { requiredSkillsExpression: expression(() => ({ skillId: skills[int(4)] })) as never } : {}),
      ...(chance(0.3) ? { preferredSkills: pick(skills, 0.5) } : {}),
      ...(chance(0.15) ? { preferredSkillsExpression: expression(() => ({ skillId: skills[int(4)] })) as never } : {}),
      ...(chance(0.5) ? { tags: pick(tagPool, 0.4) } : {}),
      ...(chance(0.3) ? { riskFactors: pick(["r1", "r2", "r3"], 0.5) } : {}),
      ...(chance(0.2) ? { prohibitedEmployees: pick(employeeIds, 0.4) } : {}),
      ...(chance(0.3) ? { preferredEmployees: pick([...employeeIds, "ghost"], 0.4) } : {}),
      ...(chance(0.3) ? { unpreferredEmployees: pick(employeeIds, 0.4) } : {}),
      ...(chance(0.2) && end > start + 2 ? { breaks: [{ start: iso(start + 1), end: iso(start + 1 + int(end - start - 1)) }] } : {}),
      ...(chance(0.8) ? { priority: String(1 + int(10)) as "1" } : {}),
      ...(chance(0.2) ? { pinned: true } : {}),
      ...(employee && (employee === "ghost" || employees.length) ? { employee } : {}),
    };
  });
  return {
    employees,
    shifts,
    tagTypes: [{ id: "T" }],
    tags: [{ id: "t1", tagType: "T" }, { id: "t2", tagType: "T" }, ...(daily ? [{ id: "senior", tagType: "Grade" }, { id: "junior", tagType: "Grade" }] : [])],
    ...(daily ? { tagTypes: [{ id: "T" }, { id: "Grade" }] } : {}),
    contracts: [{ id: "flex", fteConfiguration: { fixedFte: 0.333 }, allowOverlappingShiftsRules: [{ id: "o", includeShiftTags: ["x"] }], ...(daily ? { dailyShiftPairingRules: daily } : {}) }, ...(withContracts ? randomContracts(random) : [])],
    ...(withContracts && chance(0.5)
      ? { scheduleParameterization: { weekStart: chance(0.5) ? ("SUNDAY" as const) : ("WEDNESDAY" as const), periods: [{ id: "half", dateSpans: [{ start: "2027-02-01", end: "2027-02-04" }, { start: "2027-02-05", end: "2027-02-12" }] }] } }
      : {}),
    ...(chance(0.3) ? { planningWindow: { start: iso(int(1500)), end: iso(5000) } } : {}),
    globalRules: {
      ...(chance(0.7)
        ? {
            shiftTagMatchRules: [
              ...(chance(0.7) ? [{ id: "req", ...(chance(0.3) ? { tagTypeMatchMultipliers: { T: 1 } } : {}) }] : []),
              ...(chance(0.7) ? [{ id: "pref", satisfiability: "PREFERRED" as const, tagTypeMatchMultipliers: { T: 1 + int(4) } }] : []),
            ],
          }
        : {}),
      ...(chance(0.4)
        ? { unassignedShiftRule: { id: "u", priorityWeights: [{ priority: "1", weight: 7 }, { priority: "3", weight: 2, assignment: "OPTIONAL" }, { priority: "10", weight: 1, assignment: "OPTIONAL" }] } }
        : {}),
      ...(chance(0.4) ? { disruptionRules: [{ id: "d", start: "2027-02-01", end: "2027-02-05", multiplier: 1 + int(5), ...(chance(0.3) ? { includeShiftTags: ["t1"] } : {}) }] } : {}),
      balanceTimeWorkedRules: chance(0.6)
        ? [{ id: "bt", ...(chance(0.5) ? { excludeEmployeeTags: ["junior"] } : {}), employeeToPublishedMinutesWorked: { e0: int(900), e1: int(300) } }]
        : [],
      balanceShiftCountRules: chance(0.6)
        ? [{ id: "bc", ...(chance(0.5) ? { includeShiftTags: ["t1"] } : {}), employeeToPublishedShiftCount: { e2: int(4) } }, { id: "bc2" }]
        : [],
      ...randomDemand(seed, horizon),
    },
  };
}

/**
 * Hourly demand rules (ids 70-72), from their own generator so the rest of the input does not change with them:
 * REQUIRED and PREFERRED, intervals of 30 minutes to 3 hours (sometimes without an end: one hour), small min/max so
 * both sides are violated, shift and employee tag filters, sometimes shift generation from templates.
 */
function randomDemand(seed: number, horizon: number): Record<string, unknown> {
  const random = rng(seed * 104_729 + 17);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  if (!chance(0.7)) return {};
  const rule = (id: string) => ({
    id,
    ...(chance(0.5) ? { satisfiability: chance(0.5) ? ("PREFERRED" as const) : ("REQUIRED" as const) } : {}),
    ...(chance(0.3) ? { includeShiftTags: ["t1"] } : chance(0.2) ? { excludeShiftTags: ["x"], shiftTagMatches: "ANY" as const } : {}),
    ...(chance(0.3) ? { includeEmployeeTags: ["senior"] } : chance(0.2) ? { excludeEmployeeTags: ["junior"], employeeTagMatches: "ANY" as const } : {}),
    demandDetails: Array.from({ length: 1 + int(12) }, () => {
      const start = 30 * int(horizon / 30);
      return {
        startDateTime: iso(start),
        ...(chance(0.6) ? { endDateTime: iso(start + 30 * (1 + int(6))) } : {}),
        ...(chance(0.3) ? { minDemand: int(3) } : {}),
        ...(chance(0.8) ? { maxDemand: int(3) } : {}),
      };
    }),
    ...(chance(0.25) ? { shiftGeneration: { templates: [{ id: "t", baseStartTime: `${String(int(24)).padStart(2, "0")}:00`, baseDuration: `PT${1 + int(8)}H` }] } } : {}),
  });
  return { minimumMaximumShiftsPerHourlyDemand: [rule("hd1"), ...(chance(0.5) ? [rule("hd2")] : [])] };
}

type Contract = NonNullable<ModelInput["contracts"]>[number];
type Employee = ModelInput["employees"][number];
type DailyRule = NonNullable<Contract["dailyShiftPairingRules"]>[number];

/**
 * Employee pairings of every kind (by id, by employee tags, filtered by shift tags, with a common tag type and a
 * group) on about half the employees, and daily shift pairing rules of every satisfiability for the "flex"
 * contract, from a random stream of their own (the other parts of the input stay as they were). Returns the
 * daily rules, or undefined for the inputs left without pairings (a third).
 */
function addPairings(employees: Employee[], seed: number): DailyRule[] | undefined {
  const random = rng(seed * 104729 + 3);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  if (chance(0.33)) return undefined;
  const kinds = ["requiredPairings", "preferredPairings", "unpreferredPairings", "prohibitedPairings"] as const;
  for (const e of employees) {
    if (!chance(0.6)) continue;
    for (let n = 1 + int(2); n > 0; n--) {
      const kind = kinds[int(4)];
      const pairing = {
        ...(chance(0.5) ? { pairedEmployee: chance(0.1) ? "ghost" : `e${int(employees.length)}` } : { includeEmployeeWithTags: chance(0.5) ? ["senior"] : ["junior"] }),
        ...(chance(0.3) ? { onlyForShiftTags: chance(0.5) ? ["t1"] : ["t2", "x"] } : {}),
        ...(chance(0.35) ? { commonTagType: "T" } : {}),
        ...(chance(0.2) ? { groupByEmployeeTag: "Grade" } : {}),
      };
      (e[kind] ??= []).push(pairing);
    }
  }
  const tagPool = ["t1", "t2", "x"];
  const sats = ["REQUIRED", "PREFERRED", "UNPREFERRED", "PROHIBITED"] as const;
  return Array.from({ length: 1 + int(3) }, (_, i) => ({
    id: `dp${i}`,
    satisfiability: sats[int(4)],
    ...(chance(0.8) ? { shiftTags: tagPool.filter(() => chance(0.4)) } : {}),
    ...(chance(0.8) ? { pairedShiftTags: tagPool.filter(() => chance(0.4)) } : {}),
    ...(chance(0.6) ? { dayOffset: int(3) - 1 } : {}),
    ...(chance(0.4) ? { shiftTagMatches: chance(0.5) ? ("ANY" as const) : ("ALL" as const) } : {}),
  }));
}

/**
 * Contracts exercising every contract rule family with small limits (so rules are violated often): period rules
 * over every period kind, rolling windows, sequences, rest, gaps; REQUIRED and PREFERRED; tag filters and conditions.
 */
function randomContracts(random: () => number): Contract[] {
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const sat = () => (chance(0.5) ? ("REQUIRED" as const) : ("PREFERRED" as const));
  const tags = () => (chance(0.3) ? { includeShiftTags: [["t1", "t2", "x"][int(3)]] } : chance(0.2) ? { excludeShiftTags: ["t1"] } : {});
  const period = () => ["DAY", "WEEK", "MONTH", "YEAR", "SCHEDULE", "half"][int(6)];
  const overlap = () => (chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {});
  const window = () => ({ type: (["DAILY", "WEEKLY", "MONTHLY"] as const)[int(3)], size: 1 + int(3) });
  const condition = () => (chance(0.3) ? { condition: { type: chance(0.5) ? ("MIN_SHIFTS_WORKED" as const) : ("MIN_MINUTES_WORKED" as const), triggerLimit: 1 + int(3), ...(chance(0.5) ? { includeShiftTags: ["t1"] } : {}) } } : {});
  const make = (id: string): Contract => ({
    id,
    ...(chance(0.3) ? { weekendConfiguration: { weekendDays: chance(0.5) ? (["FRIDAY", "SATURDAY"] as const) : (["SUNDAY", "MONDAY"] as const) } } : {}),
    periodRules: [
      { id: `${id}-min`, period: period(), satisfiability: sat(), ...tags(), ...overlap(), minutesWorkedLimit: { minutesWorkedMax: 300 + int(900), ...(chance(0.3) ? { minutesWorkedMin: int(600) } : {}), ...(chance(0.3) ? { countOnlyBetween: { start: "22:00", end: "06:00" } } : {}) } },
      { id: `${id}-dep`, period: period(), satisfiability: sat(), ...(chance(0.5) ? { minutesWorkedMax: 600 } : { minutesWorkedMin: 120 }), ...(chance(0.2) ? { ruleValidityDateTimeSpan: { start: "2027-02-02T00:00:00", end: "2027-02-06T00:00:00" } } : {}) },
      { id: `${id}-counts`, period: period(), satisfiability: sat(), ...tags(), ...overlap(), shiftsWorkedMax: 1 + int(3), ...(chance(0.3) ? { shiftsWorkedMin: 1 } : {}), daysWorkedMax: 1 + int(3), ...(chance(0.3) ? { daysWorkedMin: 1 } : {}) },
      { id: `${id}-off`, period: chance(0.5) ? "WEEK" : "SCHEDULE", satisfiability: sat(), daysOffLimit: { daysOffMin: 1 + int(3), ...(chance(0.5) ? { daysOffMax: 4 } : {}), ...(chance(0.3) ? { includeDays: ["SATURDAY", "SUNDAY", "MONDAY"] as const } : {}) } },
      { id: `${id}-we`, period: chance(0.5) ? "MONTH" : "SCHEDULE", satisfiability: sat(), weekendsLimit: { weekendsWorkedMax: int(2), weekendMinutesWorkedMax: int(600) }, consecutiveWeekendsLimit: { consecutiveWeekendsWorkedMax: int(2) }, consecutiveWeekendsOffLimit: { consecutiveWeekendsOffMin: 2 } },
    ],
    rollingWindowRules: [
      { id: `${id}-rw1`, rollingWindow: window(), satisfiability: sat(), ...tags(), ...overlap(), ...condition(), minutesWorkedLimit: { minutesWorkedMax: 400 + int(800), ...(chance(0.3) ? { countOnlyBetween: { start: "08:00", end: "12:00" } } : {}) }, ...(chance(0.3) ? { absenceMode: "ABSENCE_AWARE" as const } : {}) },
      { id: `${id}-rw2`, rollingWindow: window(), satisfiability: sat(), ...overlap(), ...condition(), shiftsWorkedLimit: { shiftsWorkedMax: 1 + int(3) }, daysWorkedLimit: { daysWorkedMax: 1 + int(2) }, weekendsLimit: { weekendsWorkedMax: int(2), ...(chance(0.5) ? { weekendsWorkedMin: 1 } : {}) } },
      { id: `${id}-rw3`, rollingWindow: { type: "DAILY", size: 1 + int(3) }, satisfiability: sat(), ...tags(), consecutiveMinutesOffLimit: chance(0.5) ? { consecutiveMinutesOffMin: 600 + int(900) } : { consecutiveMinutesOffMinIntervals: [{ consecutiveMinutesOffMin: 480, count: 2 }, { consecutiveMinutesOffMin: 720, count: 1 }], totalConsecutiveMinutesOffMin: 1800 } },
    ],
    consecutiveDaysWorkedRules: [{ id: `${id}-cdw`, satisfiability: sat(), maximum: 1 + int(2), ...(chance(0.4) ? { minimum: 2 } : {}), ...tags(), ...(chance(0.3) ? { overlapKind: "START_AND_END" as const } : {}) }],
    consecutiveShiftsWorkedRules: [
      {
        id: `${id}-csw`, satisfiability: sat(), maximum: 1 + int(2), ...tags(),
        ...(chance(0.5) ? { sequenceDefinition: { type: chance(0.5) ? ("MAX_MINUTES_BETWEEN_SHIFTS_STARTS" as const) : ("MAX_MINUTES_BETWEEN_SHIFT_END_AND_NEXT_START" as const), triggerLimit: 200 + int(1500) } } : {}),
        ...(chance(0.4) ? { condition: { type: chance(0.5) ? ("MIN_SHIFTS_WORKED" as const) : ("MIN_SHIFTS_WORKED_CONSECUTIVELY" as const), triggerLimit: 1 + int(2), includeShiftTags: ["t1"] } } : {}),
        ...(chance(0.6) ? { timeOffAfterSequenceLimit: { minTimeOffAfterSequence: "PT36H" } } : {}),
      },
    ],
    minutesBetweenShiftsRules: [
      {
        id: `${id}-mbs`, satisfiability: sat(), minimumMinutesBetweenShifts: 300 + int(600),
        ...(chance(0.3) ? { includePreviousShiftTags: ["t1"] } : {}), ...(chance(0.2) ? { requiredAfterShiftTags: ["t2"] } : {}),
        ...(chance(0.2) ? { excludeNextShiftTags: ["x"], shiftTagMatches: "ANY" as const } : {}), ...(chance(0.2) ? { minConsecutivePreviousShifts: 2 } : {}),
      },
    ],
    minimizeGapsBetweenShiftsRules: [{ id: `${id}-gaps`, maximumMinutesBetweenSplitShifts: 60 + int(600), ...(chance(0.3) ? { includeNextShiftTags: ["t2"] } : {}) }],
    disruptionRules: [
      { id: `${id}-dis`, satisfiability: "PREFERRED", disruptionWeight: 1 + int(4), ...tags(), ...(chance(0.3) ? { validityDateTimeSpan: { start: "2027-02-02T00:00:00", end: "2027-02-08T00:00:00" } } : {}) },
      // Scoped disruption: REQUIRED or PREFERRED, START_AND_END or OVERLAP.
      {
        id: `${id}-scoped`,
        ...(chance(0.5) ? { satisfiability: "REQUIRED" as const } : { satisfiability: "PREFERRED" as const, disruptionWeight: 1 + int(3) }),
        ...(chance(0.3) ? tags() : {}),
        scope: chance(0.5) ? { scopeType: "START_AND_END" as const, startScopeInMinutes: int(240), endScopeInMinutes: int(240) } : { scopeType: "OVERLAP" as const },
      },
    ],
  });
  // Part-timers: "Balance time worked" balances minutes per FTE (an employee with "flex" too has two FTE contracts).
  return ["full", "part", "night"].map(make).map((c) => (c.id === "part" ? { ...c, fteConfiguration: { fixedFte: 0.5 } } : c));
}

/**
 * Multi-day shift sequence patterns in most contracts (their own random stream, so the rest of the input stays as it
 * was): every satisfiability, ON and OFF elements with tag filters and both shiftMatches, 1-4 elements, weights 1-3.
 */
function withPatterns(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 11 + 5);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const satisfiabilities = ["REQUIRED", "PROHIBITED", "PREFERRED", "UNPREFERRED"] as const;
  const element = () => ({
    ...(chance(0.4) ? { type: "OFF" as const } : chance(0.5) ? { type: "ON" as const } : {}),
    ...(chance(0.4) ? { includeShiftTags: [["t1", "t2", "x"][int(3)]] } : chance(0.2) ? { excludeShiftTags: ["t1"] } : {}),
    ...(chance(0.3) ? { shiftTagMatches: "ANY" as const } : {}),
    ...(chance(0.4) ? { shiftMatches: chance(0.5) ? ("ANY" as const) : ("ALL" as const) } : {}),
  });
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.7)) return c;
    const rules = Array.from({ length: 1 + int(2) }, (_, i) => ({
      id: `${c.id}-mdp${i}`,
      ...(chance(0.8) ? { satisfiability: satisfiabilities[int(4)] } : {}),
      ...(chance(0.5) ? { weight: 1 + int(3) } : {}),
      pattern: Array.from({ length: 1 + int(4) }, element),
    }));
    return { ...c, multiDayShiftSequencePatternRules: rules };
  });
  return { ...input, contracts };
}

/**
 * The period limits, consecutive days off in rolling windows and HOURLY rolling windows in most contracts, with shift locations and logged
 * times (their own random stream, so the rest of the input stays as it was): every period kind, REQUIRED and
 * PREFERRED, tag filters, START_AND_END.
 */
function withPeriodLimits(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 13 + 9);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  if (chance(0.2)) return input;
  const places: [number, number][] = [[50.85, 4.35], [51.2, 4.4], [50.45, 3.95]];
  // Tagged breaks (an hour after the start, 30 minutes) on shifts of 3 hours or more without breaks of their own.
  const breakOf = (s: ModelInput["shifts"][number]) => {
    const start = Date.parse(s.start), end = Date.parse(s.end);
    if (s.breaks?.length || end - start < 3 * 3_600_000 || !chance(0.5)) return {};
    const tags = [["lunch"], ["paid"], ["lunch", "paid"], []][int(4)];
    return { breaks: [{ start: new Date(start + 3_600_000).toISOString(), end: new Date(start + 5_400_000).toISOString(), tags }] };
  };
  const shifts = input.shifts.map((s) => ({
    ...s,
    ...(chance(0.7) ? { location: places[int(3)] } : {}),
    ...(chance(0.4) ? { loggedTime: `PT${30 + int(600)}M` } : {}),
    ...breakOf(s),
  }));
  const unlogged = () => (chance(0.5) ? { unloggedBreakTags: chance(0.5) ? ["lunch"] : ["lunch", "paid"], ...(chance(0.5) ? { breakTagMatches: "ANY" as const } : {}) } : {});
  const custom = (input.scheduleParameterization?.periods ?? []).length > 0;
  const periods = ["DAY", "WEEK", "MONTH", "SCHEDULE", ...(custom ? ["half"] : [])];
  const sat = () => (chance(0.5) ? ("REQUIRED" as const) : ("PREFERRED" as const));
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.8)) return c;
    const limits = {
      id: `${c.id}-limits`, period: periods[int(periods.length)], satisfiability: sat(),
      ...(chance(0.3) ? { includeShiftTags: ["t1"] } : {}), ...(chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {}),
      ...(chance(0.6) ? { consecutiveDaysOffLimit: { consecutiveDaysOffMin: 1 + int(3) } } : {}),
      ...(chance(0.6) ? { uniqueTagsLimit: { tagsMax: 1, includeTagTypes: ["T"] } } : {}),
      ...(chance(0.6) ? { locationsWorkedMax: int(3) } : {}),
      ...(chance(0.6) ? { shiftTypesTagCategories: ["t1", "t2"], shiftTypesWorkedMax: 1 + int(3), ...(chance(0.4) ? { shiftTypesWorkedMin: 1 } : {}) } : {}),
      ...(chance(0.6) ? { shiftStartTimeDifferenceInMinutesMax: int(600) } : {}),
      ...(chance(0.6) ? { minutesLoggedMax: 200 + int(1500), ...(chance(0.4) ? { minutesLoggedMin: int(600) } : {}) } : {}),
      ...(chance(0.5) ? { minutesWorkedLimit: { minutesWorkedMax: 200 + int(1500), ...(chance(0.3) ? { countOnlyBetween: { start: "06:00", end: "14:00" } } : {}), ...unlogged() } } : {}),
      ...(chance(0.4) ? { weekendsLimit: { weekendMinutesWorkedMax: int(600), ...unlogged() } } : {}),
    };
    const daysOff = {
      id: `${c.id}-rwoff`, rollingWindow: { type: (["DAILY", "WEEKLY", "MONTHLY"] as const)[int(3)], size: 1 + int(3) }, satisfiability: sat(),
      ...(chance(0.3) ? { excludeShiftTags: ["t2"] } : {}), ...(chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {}),
      consecutiveDaysOffLimit: { consecutiveDaysOffMin: 1 + int(3) },
    };
    const hourly = {
      id: `${c.id}-rwh`, rollingWindow: { type: "HOURLY" as const, size: 4 + int(40) }, satisfiability: sat(),
      ...(chance(0.3) ? { includeShiftTags: ["t1"] } : {}), ...(chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {}),
      ...(chance(0.6) ? { minutesWorkedLimit: { minutesWorkedMax: 200 + int(600), ...unlogged() } } : {}),
      ...(chance(0.6) ? { shiftsWorkedLimit: { shiftsWorkedMax: 1 + int(2) } } : {}),
      ...(chance(0.4) ? { daysWorkedLimit: { daysWorkedMax: 1 } } : {}),
      ...(chance(0.4) ? { consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 120 + int(600) } } : {}),
      ...(chance(0.3) ? { consecutiveDaysOffLimit: { consecutiveDaysOffMin: 1 } } : {}),
    };
    // HOURLY windows are scored over the whole list on every move: in half of the contracts, to keep the run short.
    const rolling = [...(c.rollingWindowRules ?? []), daysOff, ...(chance(0.5) ? [hourly] : [])];
    return { ...c, periodRules: [...(c.periodRules ?? []), limits], rollingWindowRules: rolling };
  });
  return { ...input, shifts, contracts };
}

/**
 * Consecutive days worked rules with `shiftTypeTagCategories` (and compact sequences, start days, the time between
 * sequences) and ABSENCE_AWARE (their own random stream), added to
 * most contracts, and whole days unavailable.
 */
function withDayRunOptions(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 19 + 11);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.7)) return c;
    const rule = {
      id: `${c.id}-day-runs`,
      ...(chance(0.5) ? { satisfiability: "PREFERRED" as const } : {}),
      maximum: 1 + int(3),
      ...(chance(0.4) ? { minimum: 1 + int(3), satisfiability: "PREFERRED" as const } : {}),
      ...(chance(0.6) ? {
        shiftTypeTagCategories: chance(0.5) ? ["t1", "t2"] : ["t2"], ...(chance(0.6) ? { rewardCompactSequences: true } : {}),
        ...(chance(0.5) ? { allowedSequenceStartDays: chance(0.5) ? ["MONDAY" as const] : ["TUESDAY" as const, "FRIDAY" as const] } : {}),
        ...(chance(0.5) ? (chance(0.5) ? { minDurationBetweenDifferentSequences: `PT${1 + int(40)}H` } : {
          minDelayBetweenDifferentSequences: { minStartDateAdjuster: (["SAME_DAY", "NEXT_DAY", "NEXT_MONTH", "NEXT_WEDNESDAY"] as const)[int(4)], minStartTime: "06:30" },
        }) : {}),
      } : {}),
      ...(chance(0.5) ? { absenceMode: "ABSENCE_AWARE" as const } : {}),
      ...(chance(0.3) ? { overlapKind: "START_AND_END" as const } : {}),
    };
    return { ...c, consecutiveDaysWorkedRules: [...(c.consecutiveDaysWorkedRules ?? []), rule] };
  });
  // Whole days unavailable (ABSENCE_AWARE runs bridge them) for some employees.
  const employees = input.employees.map((e) => chance(0.5)
    ? { ...e, unavailableTimeSpans: [...(e.unavailableTimeSpans ?? []), { start: iso(1440 * int(2)), end: iso(1440 * (1 + int(2)) + 1440) }] }
    : e);
  return { ...input, contracts, employees };
}

/**
 * Rest limits beyond the minimum (their own random stream): minutes between shifts rules with a maximum, a scope or
 * ABSENCE_AWARE (against the employees' unavailable spans), alone or with a minimum, added to most contracts.
 */
function withRestLimits(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 17 + 3);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.7)) return c;
    const rule = {
      id: `${c.id}-rest-limits`,
      ...(chance(0.5) ? { satisfiability: "PREFERRED" as const } : {}),
      ...(chance(0.5) ? { minimumMinutesBetweenShifts: 200 + int(600) } : {}),
      maximumMinutesBetweenShifts: int(900),
      ...(chance(0.6) ? { scope: { duration: `PT${4 + int(30)}H` } } : {}),
      ...(chance(0.5) ? { absenceMode: "ABSENCE_AWARE" as const } : {}),
      ...(chance(0.3) ? { includePreviousShiftTags: ["t1"] } : {}), ...(chance(0.3) ? { includeNextShiftTags: ["t2"] } : {}),
      ...(chance(0.2) ? { minConsecutivePreviousShifts: 2 } : {}),
    };
    return { ...c, minutesBetweenShiftsRules: [...(c.minutesBetweenShiftsRules ?? []), rule] };
  });
  return { ...input, contracts };
}

/**
 * Single-day shift sequence patterns in most contracts (their own random stream): every satisfiability, ordered and
 * unordered, elements with tag filters (some matching every shift), 1-3 elements, weights 1-3.
 */
function withSingleDayPatterns(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 13 + 7);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const satisfiabilities = ["REQUIRED", "PROHIBITED", "PREFERRED", "UNPREFERRED"] as const;
  const element = () => ({
    ...(chance(0.5) ? { includeShiftTags: [["t1", "t2", "x"][int(3)]] } : chance(0.2) ? { excludeShiftTags: ["t1"] } : {}),
    ...(chance(0.3) ? { shiftTagMatches: "ANY" as const } : {}),
  });
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.7)) return c;
    const rules = Array.from({ length: 1 + int(2) }, (_, i) => ({
      id: `${c.id}-sdp${i}`,
      ...(chance(0.8) ? { satisfiability: satisfiabilities[int(4)] } : {}),
      ...(chance(0.5) ? { weight: 1 + int(3) } : {}),
      ...(chance(0.4) ? { ordered: chance(0.3) } : {}),
      pattern: Array.from({ length: 1 + int(3) }, element),
    }));
    return { ...c, singleDayShiftSequencePatternRules: rules };
  });
  return { ...input, contracts };
}

/**
 * Contract-level rules of README "Contract rules" scored outside the compiled rules (their own random stream, so the
 * rest of the input stays as it was): avoidShiftCloseToDayOffRequestRules of both satisfiabilities and shift rotation
 * rules (WEEKLY, CUSTOM with every limit) and travel configurations (some with a minimum time between shifts in
 * different locations) in most contracts, locations on most employees and shifts, sometimes the global travel
 * configuration, and whole days off (one to three days, from a UTC midnight) for most employees.
 */
function withMisc(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 13 + 7);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  const tags = () => [["t1"], ["t2"], ["t1", "t2"], ["x"]][int(4)];
  const contracts = (input.contracts ?? []).map((c) => {
    if (!chance(0.6)) return c;
    const rules = Array.from({ length: 1 + int(2) }, (_, i) => ({
      id: `${c.id}-near${i}`,
      ...(chance(0.8) ? { avoidPriorShiftTags: tags() } : {}),
      ...(chance(0.8) ? { avoidAfterShiftTags: tags() } : {}),
      ...(chance(0.4) ? { shiftTagMatches: chance(0.5) ? ("ANY" as const) : ("ALL" as const) } : {}),
      ...(chance(0.7) ? { satisfiability: chance(0.5) ? ("PROHIBITED" as const) : ("UNPREFERRED" as const) } : {}),
    }));
    return { ...c, avoidShiftCloseToDayOffRequestRules: rules };
  }).map((c) => {
    if (!chance(0.6)) return c;
    const rotationGroups = [{ id: "g1", includeShiftTags: ["t1"] }, { id: "g2", includeShiftTags: tags(), ...(chance(0.5) ? { shiftTagMatches: "ANY" as const } : {}) }, ...(chance(0.3) ? [{ id: "g3", includeShiftTags: ["x"] }] : [])];
    const custom = () => ({
      type: "CUSTOM" as const,
      ...(chance(0.6) ? { requiredRotationPeriodMaxSizeInDays: 1 + int(4) } : {}),
      ...(chance(0.6) ? { preferredRotationPeriodMaxSizeInDays: 2 + int(4) } : {}),
      ...(chance(0.6) ? { preferredRotationPeriodMinSizeInDays: 1 + int(3) } : {}),
    });
    const rules = Array.from({ length: 1 + int(2) }, (_, i) => ({
      id: `${c.id}-rot${i}`,
      rotationGroups,
      ...(chance(0.5) ? { rotationPeriod: chance(0.5) ? { type: "WEEKLY" as const } : custom() } : { builtInRotationPeriod: { type: "WEEKLY" as const } }),
      ...(chance(0.5) ? { satisfiability: chance(0.5) ? ("REQUIRED" as const) : ("PREFERRED" as const) } : {}),
    }));
    return { ...c, shiftRotationRules: rules };
  }).map((c) => {
    if (!chance(0.5)) return c;
    const configs = Array.from({ length: 1 + int(2) }, (_, i) => ({
      id: `${c.id}-travel${i}`,
      ...(chance(0.7) ? { maxEmployeeToShiftTravelDistanceInMeters: int(150_000) } : {}),
      ...(chance(0.3) ? { includeShiftTags: tags() } : {}),
      ...(chance(0.2) ? { excludeMatchingShiftTagTypes: ["T"] } : {}),
      ...(chance(0.3) ? { validityDateTimeSpan: { start: `2027-02-0${1 + int(5)}T00:00:00` } } : {}),
      ...(chance(0.5) ? { minMinutesBetweenShiftsInDifferentLocations: int(720) } : {}),
    }));
    return { ...c, travelConfigurations: configs };
  });
  const place = () => [50 + random(), 4 + random()];
  const employees = input.employees.map((e) => {
    if (!chance(0.7)) return e;
    const days = Array.from({ length: 1 + int(3) }, () => {
      const day = int(40), length = 1 + int(3);
      return { start: iso(day * 1440), end: iso((day + length) * 1440) };
    });
    return { ...e, unavailableTimeSpans: [...(e.unavailableTimeSpans ?? []), ...days] };
  }).map((e) => (chance(0.8) ? { ...e, location: place() } : e));
  const shifts = input.shifts.map((s) => (chance(0.8) ? { ...s, location: place() } : s));
  return {
    ...input, contracts, employees, shifts,
    ...(chance(0.3) ? { scheduleParameterization: { ...input.scheduleParameterization, travelConfiguration: { maxEmployeeToShiftTravelDistanceInMeters: int(100_000), minMinutesBetweenShiftsInDifferentLocations: int(480) } } } : {}),
  };
}

/**
 * Cost features on most inputs (their own random stream, so the rest of the input stays as it was): employee and
 * shift cost groups, activation ratio groups, costs rules with small limits over every period kind and zone offset,
 * and a cost definition with overtime tiers in every contract.
 */
function withCosts(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 7 + 3);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  if (chance(0.2)) return input;
  const groups = ["staff", "agency", "temp"];
  const shiftGroups = ["day", "night"];
  const employees = input.employees.map((e) => (chance(0.8) ? { ...e, costGroup: groups[int(3)] } : e));
  const shifts = input.shifts.map((s) => (chance(0.7) ? { ...s, costGroup: shiftGroups[int(2)] } : s));
  const custom = (input.scheduleParameterization?.periods ?? []).length > 0;
  const periods = ["DAY", "WEEK", "MONTH", "SCHEDULE", ...(custom ? ["half"] : [])];
  const detail = () => ({
    ...(chance(0.7) ? { employeeCostGroup: groups[int(3)] } : {}),
    ...(chance(0.6) ? { shiftCostGroup: shiftGroups[int(2)] } : {}),
    cost: 10 + int(90) + (chance(0.3) ? 0.125 : 0),
  });
  const costsRules = Array.from({ length: 1 + int(2) }, (_, i) => ({
    id: `cost${i}`,
    period: periods[int(periods.length)],
    ...(chance(0.4) ? { zoneOffset: chance(0.5) ? "+02:00" : "-05:00" } : {}),
    satisfiability: chance(0.5) ? ("REQUIRED" as const) : ("PREFERRED" as const),
    ...(chance(0.3) ? { includeShiftTags: ["t1"] } : {}),
    ...(chance(0.3) ? { excludeEmployeeTags: ["junior"] } : {}),
    ...(chance(0.3) ? { costsRuleShiftOverlapKind: "START_AND_END" as const } : {}),
    employeeShiftCostDetails: Array.from({ length: 1 + int(4) }, detail),
    ...(chance(0.7) ? { totalCostsMax: 50 + int(400) } : {}),
    ...(chance(0.4) ? { totalCostsMin: 100 + int(400) } : {}),
  }));
  const employeeCostGroups = groups.map((id) => ({
    id,
    ...(chance(0.8) ? { employeeActivationRatioWeight: 1 + int(3) } : {}),
    ...(chance(0.5) ? { employeeActivationCost: int(200) } : {}),
    ...(chance(0.5) ? { activationShiftInclude: chance(0.5) ? ("MANDATORY_SHIFTS" as const) : ("MANDATORY_AND_OPTIONAL_SHIFTS" as const) } : {}),
  }));
  const costDefinition = () => ({
    baseHourlyCost: 10 + int(30) + (chance(0.3) ? 0.5 : 0),
    ...(chance(0.7)
      ? {
          baseMinutesLimit: 120 + int(600),
          overtimeCostDetails: chance(0.5)
            ? [{ overtimeMinutesLimit: 60 + int(240), overtimeHourlyCost: 30 + int(20) }, { overtimeHourlyCost: 60 }]
            : [{ overtimeHourlyCost: 45 }],
        }
      : {}),
  });
  const contracts = (input.contracts ?? []).map((c) =>
    chance(0.8)
      ? {
          ...c,
          periodRules: [
            ...(c.periodRules ?? []),
            {
              id: `${c.id}-pay`, period: periods[int(periods.length)], satisfiability: "PREFERRED" as const, costDefinition: costDefinition(),
              ...(chance(0.3) ? { includeShiftTags: ["t2"] } : {}), ...(chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {}),
            },
          ],
        }
      : c,
  );
  return { ...input, employees, shifts, contracts, employeeCostGroups, globalRules: { ...input.globalRules, costsRules } };
}

/** Random weights: sometimes 0 (disabled), sometimes large. */
export function randomWeights(seed: number): Record<string, number> {
  const random = rng(seed * 31 + 7);
  const weights: Record<string, number> = {};
  for (const c of CONSTRAINTS) {
    const r = random();
    if (r < 0.1) weights[c.override ?? c.name] = 0;
    else if (r < 0.2) weights[c.override ?? c.name] = 1 + Math.floor(random() * 1000);
  }
  return weights;
}


/**
 * Global shift counts (ids GLOBAL_COUNT_CONSTRAINT + 0..3), from their own generator: shifts worked per period rules
 * (DAY, WEEK, SCHEDULE or a custom period; REQUIRED or PREFERRED; fixed or written offsets; START_AND_END; tag
 * filters; small limits so both sides are violated), a concurrent shifts rule (small maximum, tag filter, validity
 * span in a zone) and shift groups of 2-4 shifts under SINGLE_SHIFT rules (by group tag or every group).
 */
function withGlobalCounts(input: ModelInput, seed: number): ModelInput {
  const random = rng(seed * 7_368_787 + 3);
  const int = (n: number) => Math.floor(random() * n);
  const chance = (p: number) => random() < p;
  if (!chance(0.7)) return input;
  const custom = input.scheduleParameterization?.periods?.length ? ["half"] : [];
  const periods = ["DAY", "DAY", "WEEK", "SCHEDULE", ...custom];
  const periodRule = (id: string) => ({
    id,
    period: periods[int(periods.length)],
    ...(chance(0.5) ? { satisfiability: chance(0.5) ? ("PREFERRED" as const) : ("REQUIRED" as const) } : {}),
    ...(chance(0.3) ? { zoneOffset: chance(0.5) ? "+05:30" : "-03:00" } : {}),
    ...(chance(0.3) ? { periodShiftOverlapKind: "START_AND_END" as const } : {}),
    ...(chance(0.3) ? { includeShiftTags: ["t1"] } : chance(0.2) ? { excludeShiftTags: ["x"], shiftTagMatches: "ANY" as const } : {}),
    ...(chance(0.3) ? { includeEmployeeTags: ["senior"] } : chance(0.2) ? { excludeEmployeeTags: ["junior"], employeeTagMatches: "ANY" as const } : {}),
    ...(chance(0.4) ? { shiftsWorkedMin: int(3) } : {}),
    ...(chance(0.8) ? { shiftsWorkedMax: 1 + int(3) } : {}),
  });
  const minimumMaximumShiftsPerPeriod = chance(0.8) ? [periodRule("gp1"), ...(chance(0.4) ? [periodRule("gp2")] : [])] : [];
  const concurrentShiftsRules = chance(0.6)
    ? [{
        id: "cc",
        concurrentShiftsMax: int(3),
        ...(chance(0.3) ? { includeShiftTags: ["t2"] } : {}),
        ...(chance(0.3) ? { ruleValidityDateTimeSpan: { start: "2027-02-01T12:00:00", end: "2027-02-03T00:00:00" }, timeZoneId: chance(0.5) ? "Europe/Brussels" : "+02:00" } : {}),
      }]
    : [];
  const ids = input.shifts.map((s) => s.id);
  const shiftGroups = chance(0.6)
    ? Array.from({ length: 1 + int(4) }, (_, g) => ({
        id: `g${g}`,
        ...(chance(0.6) ? { tags: [chance(0.5) ? "alt" : "other"] } : {}),
        shifts: Array.from({ length: 2 + int(3) }, () => ids[int(ids.length)]).filter((id) => id !== undefined),
      }))
    : [];
  const shiftGroupRules = shiftGroups.length ? [chance(0.5) ? { id: "sg", includeShiftGroupTags: ["alt"], assignmentMode: { type: "SINGLE_SHIFT" as const } } : { id: "sg" }] : [];
  // groupShiftsPerDayLimit on a pairing grouped by employee tag with a common tag type (when the input has them).
  const kinds = ["requiredPairings", "preferredPairings", "unpreferredPairings", "prohibitedPairings"] as const;
  const employees = input.employees.map((e) => {
    const out = { ...e };
    for (const kind of kinds) {
      if (!e[kind]) continue;
      out[kind] = e[kind].map((p) => (p.groupByEmployeeTag && p.commonTagType && chance(0.8) ? { ...p, groupShiftsPerDayLimit: { groupShiftsPerDayMax: 1 + int(2) } } : p));
    }
    return out;
  });
  // And one more such pairing on an employee with a grade, so the distinct count is exercised often.
  const graded = employees.find((e) => (e.tags ?? []).length > 0);
  const withGrade = graded && chance(0.8);
  if (withGrade) {
    graded.unpreferredPairings = [...(graded.unpreferredPairings ?? []), { includeEmployeeWithTags: [graded.tags![0]], groupByEmployeeTag: "Grade", commonTagType: "T", groupShiftsPerDayLimit: { groupShiftsPerDayMax: 1 } }];
  }
  const gradeTags = [{ id: "senior", tagType: "Grade" }, { id: "junior", tagType: "Grade" }].filter((t) => !(input.tags ?? []).some((u) => u.id === t.id));
  const gradeType = (input.tagTypes ?? []).some((t) => t.id === "Grade") ? [] : [{ id: "Grade" }];
  return {
    ...input,
    employees,
    ...(withGrade ? { tags: [...(input.tags ?? []), ...gradeTags], tagTypes: [...(input.tagTypes ?? []), ...gradeType] } : {}),
    ...(shiftGroups.length ? { shiftGroups } : {}),
    globalRules: { ...input.globalRules, minimumMaximumShiftsPerPeriod, concurrentShiftsRules, shiftGroupRules },
  };
}
