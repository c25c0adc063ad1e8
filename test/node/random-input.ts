/** Random inputs for the fuzz and explanation tests: rough on purpose, and exercising every constraint. */
import type { ModelInput } from "../../schemas/model-input";
import { rng } from "../../bench/generate";
import { CONSTRAINTS } from "../../solver/constraints";

const BASE = Date.parse("2027-02-01T00:00:00Z");
const iso = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

/**
 * Deliberately rough inputs that exercise every constraint: zero-length shifts, overlapping weighted and tag-filtered
 * spans, unknown employees and skills, skill expressions and validity spans, tags with match rules, risk factors,
 * shift employee lists, breaks, balance rules with history, allow-overlap contracts, optional priorities and a
 * planning window with historic shifts.
 */
export function randomInput(seed: number): ModelInput {
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
    ...(chance(0.3) ? { contracts: ["flex"] } : {}),
  }));
  const employeeIds = employees.map((e) => e.id);
  const shifts = Array.from({ length: int(35) }, (_, i) => {
    const start = int(2880);
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
    tags: [{ id: "t1", tagType: "T" }, { id: "t2", tagType: "T" }],
    contracts: [{ id: "flex", allowOverlappingShiftsRules: [{ id: "o", includeShiftTags: ["x"] }] }],
    ...(chance(0.3) ? { planningWindow: { start: iso(int(1500)), end: iso(5000) } } : {}),
    globalRules: {
      ...(chance(0.7)
        ? {
            shiftTagMatchRules: [
              ...(chance(0.7) ? [{ id: "req", ...(chance(0.3) ? { tagTypeMatchMultipliers: { T: 1 } } : {}) }] : []),
              ...(chance(0.7) ? [{ id: "pref", satisfiability: "PREFERRED", tagTypeMatchMultipliers: { T: 1 + int(4) } }] : []),
            ],
          }
        : {}),
      ...(chance(0.4)
        ? { unassignedShiftRule: { id: "u", priorityWeights: [{ priority: "1", weight: 7 }, { priority: "3", weight: 2, assignment: "OPTIONAL" }, { priority: "10", weight: 1, assignment: "OPTIONAL" }] } }
        : {}),
      balanceTimeWorkedRules: chance(0.6)
        ? [{ id: "bt", ...(chance(0.5) ? { excludeEmployeeTags: ["junior"] } : {}), employeeToPublishedMinutesWorked: { e0: int(900), e1: int(300) } }]
        : [],
      balanceShiftCountRules: chance(0.6)
        ? [{ id: "bc", ...(chance(0.5) ? { includeShiftTags: ["t1"] } : {}), employeeToPublishedShiftCount: { e2: int(4) } }, { id: "bc2" }]
        : [],
    },
  };
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

