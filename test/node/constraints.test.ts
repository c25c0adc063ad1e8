/**
 * Verifier table: each constraint in isolation on hand-made inputs with a known score, keyed by the constraint's
 * stable id (the name is checked too, so a copy-paste slip between rows cannot pass).
 */
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../schemas/model-input";
import { encodeProblem, formatScore, SolverSession } from "../../solver/index";
import { debugModule, shift } from "./helpers";
import { CONTRACT_CASES } from "./contract-cases";
import { COST_CASES } from "./cost-cases";
import { DEMAND_CASES } from "./demand-cases";
import { GLOBAL_CASES } from "./global-cases";
import { PAIRING_CASES } from "./pairing-cases";
import { MISC_CASES } from "./misc-cases";
import { CONSTRAINTS } from "../../solver/constraints";

interface Case {
  title: string;
  input: ModelInput;
  /** Employee index per shift; omitted = the input's own employees. */
  assignment?: number[];
  /** This constraint's score. */
  score: string;
  matches: number;
  /** The total score when other constraints also score (default: equal to `score`). */
  total?: string;
}

const alice = { id: "alice" };
const bob = { id: "bob", skills: [{ id: "nurse" }] };
const at = (hhmm: string) => `2027-02-01T${hhmm}:00Z`;
const requiredRule = { shiftTagMatchRules: [{ id: "req" }] };
const departments = {
  tagTypes: [{ id: "Department" }, { id: "Country" }],
  tags: [
    { id: "dept-a", tagType: "Department" },
    { id: "dept-b", tagType: "Department" },
    { id: "be", tagType: "Country" },
  ],
};

const VERIFIER: Record<number, { name: string; cases: Case[] }> = {
  0: {
    name: "Required skill missing",
    cases: [
      {
        title: "two required skills the employee lacks",
        input: { employees: [alice], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], employee: "alice" })] },
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "one of two skills held",
        input: { employees: [bob], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], employee: "bob" })] },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "skill held",
        input: { employees: [bob], shifts: [shift("s", "08:00", "16:00", { requiredSkills: ["nurse"], employee: "bob" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "MATCH_ANY: one held skill is enough, none costs 1",
        input: {
          employees: [bob, alice],
          shifts: [
            shift("a", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], requiredSkillsMatchKind: "MATCH_ANY", employee: "bob" }),
            shift("b", "08:00", "16:00", { requiredSkills: ["nurse", "driver"], requiredSkillsMatchKind: "MATCH_ANY", employee: "alice" }),
          ],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "expression (nurse OR doctor) AND driver: the cheapest way costs 1",
        input: {
          employees: [bob],
          shifts: [
            shift("s", "08:00", "16:00", {
              employee: "bob",
              requiredSkillsExpression: {
                type: "NODE",
                operator: "AND",
                operands: [
                  { type: "NODE", operator: "OR", operands: [{ type: "LEAF", skillId: "nurse" }, { type: "LEAF", skillId: "doctor" }] },
                  { type: "LEAF", skillId: "driver" },
                ],
              },
            }),
          ],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a skill counts only inside its validity spans",
        input: {
          employees: [
            { id: "carol", skills: [{ id: "nurse", validityDateTimeSpans: [{ start: at("00:00"), end: at("12:00") }] }] },
          ],
          shifts: [
            shift("early", "06:00", "10:00", { requiredSkills: ["nurse"], employee: "carol" }),
            shift("late", "11:00", "13:00", { requiredSkills: ["nurse"], employee: "carol" }),
          ],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  1: {
    name: "Overlapping shift",
    cases: [
      {
        title: "two shifts overlapping 60 minutes",
        input: { employees: [alice], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "11:00", "15:00", { employee: "alice" })] },
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "back to back shifts do not overlap",
        input: { employees: [alice], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "12:00", "15:00", { employee: "alice" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "a long shift containing two others",
        input: {
          employees: [alice],
          shifts: [
            shift("long", "06:00", "18:00", { employee: "alice" }),
            shift("x", "07:00", "08:00", { employee: "alice" }),
            shift("y", "16:00", "20:00", { employee: "alice" }),
          ],
        },
        score: "-180hard/0medium/0soft",
        matches: 2,
      },
      {
        title: "same times on different employees",
        input: { employees: [alice, bob], shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "08:00", "12:00", { employee: "bob" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "allowOverlappingShiftsRules exempt pairs with a matching shift",
        input: {
          contracts: [{ id: "flex", allowOverlappingShiftsRules: [{ id: "on-call", includeShiftTags: ["on-call"] }] }],
          employees: [{ id: "dan", contracts: ["flex"] }, { id: "eve" }],
          shifts: [
            shift("a", "08:00", "12:00", { employee: "dan" }),
            shift("b", "11:00", "15:00", { employee: "dan", tags: ["on-call"] }),
            shift("c", "08:00", "12:00", { employee: "eve" }),
            shift("d", "11:00", "15:00", { employee: "eve", tags: ["on-call"] }),
          ],
        },
        score: "-60hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "planning window: a pair of historic shifts is skipped, historic with planned is not",
        input: {
          planningWindow: { start: at("14:00"), end: "2027-02-08T00:00:00Z" },
          employees: [alice],
          shifts: [
            shift("h1", "08:00", "12:00", { employee: "alice" }),
            shift("h2", "11:00", "13:30", { employee: "alice" }),
            shift("p", "13:00", "18:00", { employee: "alice" }),
          ],
        },
        score: "-30hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  2: {
    name: "Employee works during unavailable time",
    cases: [
      {
        title: "90 minutes inside an unavailable span",
        input: {
          employees: [{ id: "alice", unavailableTimeSpans: [{ start: at("06:00"), end: at("09:30") }] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "-90hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "overlapping spans count each minute once; offsets respected",
        input: {
          employees: [
            {
              id: "alice",
              unavailableTimeSpans: [
                { start: "2027-02-01T09:00:00+01:00", end: "2027-02-01T10:00:00+01:00" },
                { start: "2027-02-01T08:30:00Z", end: "2027-02-01T09:30:00Z" },
                { start: "2027-02-01T15:00:00Z", end: "2027-02-01T18:00:00Z" },
              ],
            },
          ],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "-150hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a span with includeShiftTags only applies to shifts carrying them",
        input: {
          employees: [{ id: "alice", unavailableTimeSpans: [{ start: at("00:00"), end: at("23:00"), includeShiftTags: ["night"] }] }],
          shifts: [shift("day", "08:00", "10:00", { employee: "alice" }), shift("night", "20:00", "23:30", { employee: "alice", tags: ["night"] })],
        },
        score: "-180hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  3: {
    name: "Employee does not work during available time",
    cases: [
      {
        title: "minutes outside the union of the available spans",
        input: {
          employees: [
            {
              id: "alice",
              availableTimeSpans: [
                { start: at("06:00"), end: at("10:00") },
                { start: at("09:00"), end: at("12:00") },
              ],
            },
          ],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "-240hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "no available spans: available any time",
        input: { employees: [alice], shifts: [shift("s", "08:00", "16:00", { employee: "alice" })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  4: {
    name: "Prohibited employee assigned",
    cases: [
      {
        title: "a prohibited employee works the shift",
        input: { employees: [alice, bob], shifts: [shift("s", "08:00", "16:00", { employee: "alice", prohibitedEmployees: ["alice", "ghost"] }), shift("t", "08:00", "16:00", { employee: "bob", prohibitedEmployees: ["alice"] })] },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  5: {
    name: "Employee has prohibited risk factor associated with shift",
    cases: [
      {
        title: "two prohibited risk factors",
        input: {
          employees: [{ id: "alice", prohibitedRiskFactors: ["covid", "heights", "noise"] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", riskFactors: ["covid", "heights", "cold"] })],
        },
        score: "-2hard/0medium/0soft",
        matches: 1,
      },
    ],
  },
  6: {
    name: "Employee works shift with non matching required shift tags",
    cases: [
      {
        title: "a required department tag the shift lacks",
        input: {
          ...departments,
          globalRules: requiredRule,
          employees: [{ id: "alice", requiredShiftTags: ["dept-a"] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", tags: ["dept-b"] }), shift("t", "18:00", "20:00", { employee: "alice", tags: ["dept-a"] })],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "OR within a tag type, AND across types",
        input: {
          ...departments,
          globalRules: requiredRule,
          employees: [{ id: "alice", requiredShiftTags: ["dept-a", "dept-b", "be"] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", tags: ["dept-b"] }), shift("t", "18:00", "20:00", { employee: "alice", tags: ["dept-a", "be"] })],
        },
        score: "-1hard/0medium/0soft",
        matches: 1,
      },
      {
        title: "a rule covering only Country ignores department tags",
        input: {
          ...departments,
          globalRules: { shiftTagMatchRules: [{ id: "country", tagTypeMatchMultipliers: { Country: 1 } }] },
          employees: [{ id: "alice", requiredShiftTags: ["dept-a", "be"] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", tags: ["dept-b", "be"] })],
        },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "without a REQUIRED rule the tags are ignored",
        input: { ...departments, employees: [{ id: "alice", requiredShiftTags: ["dept-a"] }], shifts: [shift("s", "08:00", "16:00", { employee: "alice", tags: ["dept-b"] })] },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
    ],
  },
  7: {
    name: "Unassigned shift",
    cases: [
      {
        title: 'priority "1" costs 10',
        input: { employees: [], shifts: [shift("s", "08:00", "16:00", { priority: "1" })] },
        score: "0hard/-10medium/0soft",
        matches: 1,
      },
      {
        title: 'priority "10" costs 1',
        input: { employees: [], shifts: [shift("s", "08:00", "16:00", { priority: "10" })] },
        score: "0hard/-1medium/0soft",
        matches: 1,
      },
      {
        title: 'missing priority counts as "1"; unknown employee reads as unassigned',
        input: { employees: [alice], shifts: [shift("a", "08:00", "16:00"), shift("b", "08:00", "16:00", { employee: "ghost", pinned: true, priority: "6" })] },
        score: "0hard/-15medium/0soft",
        matches: 2,
      },
      {
        title: "unassignedShiftRule weights; an OPTIONAL priority is not medium; historic shifts are skipped",
        input: {
          planningWindow: { start: at("06:00"), end: "2027-02-08T00:00:00Z" },
          globalRules: {
            unassignedShiftRule: {
              id: "u",
              priorityWeights: [
                { priority: "1", weight: 100 },
                { priority: "5", weight: 3, assignment: "OPTIONAL" },
              ],
            },
          },
          employees: [],
          shifts: [shift("a", "08:00", "16:00"), shift("b", "08:00", "16:00", { priority: "5" }), shift("old", "01:00", "05:00")],
        },
        score: "0hard/-100medium/0soft",
        matches: 1,
        total: "0hard/-100medium/-3soft",
      },
    ],
  },
  8: {
    name: "Unassigned optional shift",
    cases: [
      {
        title: "an unassigned OPTIONAL shift costs its priority weight, soft",
        input: {
          globalRules: { unassignedShiftRule: { id: "u", priorityWeights: [{ priority: "5", weight: 3, assignment: "OPTIONAL" }] } },
          employees: [],
          shifts: [shift("b", "08:00", "16:00", { priority: "5" }), shift("c", "08:00", "16:00", { priority: "5" })],
        },
        score: "0hard/0medium/-6soft",
        matches: 2,
      },
    ],
  },
  9: {
    name: "Employee works during unpreferred time",
    cases: [
      {
        title: "minutes × span weight × employee priority multiplier (priority 1 -> 10)",
        input: {
          employees: [{ id: "alice", priority: "1", unpreferredTimeSpans: [{ start: at("06:00"), end: at("09:30"), weight: 2 }] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" })],
        },
        score: "0hard/0medium/-1800soft",
        matches: 1,
      },
      {
        title: "deprecated priority HIGH counts as 4 (multiplier 7); no priority as 10 (multiplier 1)",
        input: {
          employees: [
            { id: "alice", priority: "HIGH", unpreferredTimeSpans: [{ start: at("06:00"), end: at("09:00") }] },
            { id: "bob", unpreferredTimeSpans: [{ start: at("06:00"), end: at("09:00") }] },
          ],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" }), shift("t", "08:00", "16:00", { employee: "bob" })],
        },
        score: "0hard/0medium/-480soft",
        matches: 2,
      },
      {
        title: "contracts[].priority applies to employees without their own: alice (no priority; contracts priority 3 and 8) counts as 3 (multiplier 8), bob's own 10 wins over his contract's 3 (multiplier 1): 60 × 8 + 60 × 1 = 540",
        input: {
          contracts: [{ id: "senior", priority: "3" }, { id: "night", priority: "8" }],
          employees: [
            { id: "alice", contracts: ["night", "senior"], unpreferredTimeSpans: [{ start: at("06:00"), end: at("09:00") }] },
            { id: "bob", priority: "10", contracts: ["senior"], unpreferredTimeSpans: [{ start: at("06:00"), end: at("09:00") }] },
          ],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice" }), shift("t", "08:00", "16:00", { employee: "bob" })],
        },
        score: "0hard/0medium/-540soft",
        matches: 2,
      },
    ],
  },
  10: {
    name: "Employee works during preferred time",
    cases: [
      {
        title: "a reward of the minutes inside the span",
        input: { employees: [{ id: "alice", preferredTimeSpans: [{ start: at("07:00"), end: at("10:00") }] }], shifts: [shift("s", "08:00", "16:00", { employee: "alice" })] },
        score: "0hard/0medium/120soft",
        matches: 1,
      },
    ],
  },
  11: {
    name: "Preferred skill missing",
    cases: [
      {
        title: "one of two preferred skills missing",
        input: { employees: [bob], shifts: [shift("s", "08:00", "16:00", { employee: "bob", preferredSkills: ["nurse", "driver"] })] },
        score: "0hard/0medium/-1soft",
        matches: 1,
      },
    ],
  },
  12: {
    name: "Unpreferred employee assigned",
    cases: [
      {
        title: "penalty of the minutes worked (breaks excluded)",
        input: {
          employees: [alice],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", unpreferredEmployees: ["alice"], breaks: [{ start: at("12:00"), end: at("12:30") }] })],
        },
        score: "0hard/0medium/-450soft",
        matches: 1,
      },
    ],
  },
  13: {
    name: "Preferred employee assigned",
    cases: [
      {
        title: "reward of the minutes worked",
        input: { employees: [alice, bob], shifts: [shift("s", "08:00", "16:00", { employee: "alice", preferredEmployees: ["alice"] }), shift("t", "08:00", "16:00", { employee: "bob", preferredEmployees: ["alice"] })] },
        score: "0hard/0medium/480soft",
        matches: 1,
      },
    ],
  },
  14: {
    name: "Employee works shift with preferred shift tags",
    cases: [
      {
        title: "minutes × tag type multiplier under a PREFERRED rule",
        input: {
          ...departments,
          globalRules: { shiftTagMatchRules: [{ id: "pref", satisfiability: "PREFERRED", tagTypeMatchMultipliers: { Department: 3 } }] },
          employees: [{ id: "alice", preferredShiftTags: ["dept-a", "be"] }],
          shifts: [shift("s", "08:00", "16:00", { employee: "alice", tags: ["dept-a", "be"] }), shift("t", "18:00", "20:00", { employee: "alice", tags: ["dept-b"] })],
        },
        score: "0hard/0medium/1920soft",
        matches: 1,
      },
    ],
  },
  15: {
    name: "Balance time worked",
    cases: [
      {
        title: "loads 840 (breaks excluded) and 0 minutes: sqrt(2 × 420²) = 594",
        input: {
          globalRules: { balanceTimeWorkedRules: [{ id: "fair" }] },
          employees: [alice, bob],
          shifts: [shift("a", "08:00", "16:00", { employee: "alice" }), shift("b", "17:00", "23:59", { employee: "alice", breaks: [{ start: at("23:00"), end: at("23:59") }] })],
        },
        score: "0hard/0medium/-594soft",
        matches: 1,
      },
      {
        title: "published history and employee tag filters count: loads 780 and 960, sqrt(2 × 90²) = 127",
        input: {
          globalRules: { balanceTimeWorkedRules: [{ id: "fair", excludeEmployeeTags: ["contractor"], employeeToPublishedMinutesWorked: { bob: 960 } }] },
          employees: [alice, bob, { id: "carl", tags: ["contractor"] }],
          shifts: [shift("a", "08:00", "16:00", { employee: "alice" }), shift("b", "17:00", "23:00", { employee: "alice", breaks: [{ start: at("22:00"), end: at("23:00") }] }), shift("c", "08:00", "16:00", { employee: "carl" })],
        },
        score: "0hard/0medium/-127soft",
        matches: 1,
      },
      {
        title: "minutes per FTE: alice (0.5 FTE) 480 min counts 960 = bob's 960 min (full time): balanced, 0",
        input: {
          globalRules: { balanceTimeWorkedRules: [{ id: "fair" }] },
          contracts: [{ id: "half", fteConfiguration: { fixedFte: 0.5 } }],
          employees: [{ ...alice, contracts: ["half"] }, bob],
          shifts: [shift("a", "08:00", "16:00", { employee: "alice" }), shift("b", "08:00", "16:00", { employee: "bob" }), shift("c", "00:00", "08:00", { employee: "bob" })],
        },
        score: "0hard/0medium/0soft",
        matches: 0,
      },
      {
        title: "minutes per FTE with history: alice (0.3 FTE, first FTE contract) 480 + published 100 min -> round(1600) + round(333.3) = 1933; bob 480: sqrt(2 × 726.5²) = 1027",
        input: {
          globalRules: { balanceTimeWorkedRules: [{ id: "fair", employeeToPublishedMinutesWorked: { alice: 100 } }] },
          contracts: [{ id: "part", fteConfiguration: { fixedFte: 0.3 } }, { id: "other", fteConfiguration: { fixedFte: 0.9 } }],
          employees: [{ ...alice, contracts: ["part", "other"] }, bob],
          shifts: [shift("a", "08:00", "16:00", { employee: "alice" }), shift("b", "08:00", "16:00", { employee: "bob" })],
        },
        score: "0hard/0medium/-1027soft",
        matches: 1,
      },
    ],
  },
  16: {
    name: "Balance shift count",
    cases: [
      {
        title: "3, 0 and 0 shifts: sqrt(4 + 1 + 1) = 2; shift tag filters count",
        input: {
          globalRules: { balanceShiftCountRules: [{ id: "nights", includeShiftTags: ["night"] }] },
          employees: [alice, bob, { id: "carl" }],
          shifts: [
            shift("a", "01:00", "02:00", { employee: "alice", tags: ["night"] }),
            shift("b", "03:00", "04:00", { employee: "alice", tags: ["night"] }),
            shift("c", "05:00", "06:00", { employee: "alice", tags: ["night"] }),
            shift("d", "07:00", "08:00", { employee: "bob" }),
          ],
        },
        score: "0hard/0medium/-2soft",
        matches: 1,
      },
    ],
  },
};

Object.assign(VERIFIER, CONTRACT_CASES, COST_CASES, DEMAND_CASES, PAIRING_CASES, GLOBAL_CASES, MISC_CASES);

describe("constraint verifier", () => {
  it("covers every constraint the core reports", async () => {
    const session = await SolverSession.create(debugModule(), encodeProblem({ employees: [], shifts: [] }));
    const reported = session.constraintScores().map((c) => [c.id, c.name]);
    expect(reported).toEqual(Object.entries(VERIFIER).map(([id, v]) => [Number(id), v.name]));
    expect(reported).toEqual(CONSTRAINTS.map((c) => [c.id, c.name]));
  });

  for (const [idText, { name, cases }] of Object.entries(VERIFIER)) {
    const id = Number(idText);
    describe(`${id}: ${name}`, () => {
      for (const c of cases) {
        it(c.title, async () => {
          const problem = encodeProblem(c.input);
          // Zero budget: score the given solution (the start drops hard-breaking warm starts, so apply it as given).
          const session = await SolverSession.create(debugModule(), problem);
          session.applyAssignment(c.assignment ? Int32Array.from(c.assignment) : problem.shiftEmployee);
          const row = session.constraintScores().find((s) => s.id === id)!;
          expect(row.name).toBe(name);
          expect(formatScore(row.score)).toBe(c.score);
          expect(row.matchCount).toBe(c.matches);
          expect(session.constraintScoresFromScratch()[id]).toEqual(row.score);
          // Unless the case says otherwise, the constraint under test is the only one scoring.
          expect(formatScore(session.currentScore())).toBe(c.total ?? c.score);
          expect(session.scoreFromScratch()).toEqual(session.currentScore());
        });
      }
    });
  }

  it("a weight multiplies a constraint and 0 disables it", async () => {
    const input: ModelInput = {
      employees: [alice],
      shifts: [shift("a", "08:00", "12:00", { employee: "alice" }), shift("b", "11:00", "15:00", { employee: "alice" }), shift("c", "08:00", "09:00", { priority: "5" })],
    };
    const problem = encodeProblem(input);
    const tripled = await SolverSession.create(debugModule(), problem, { weights: { "Overlapping shift": 3, "Unassigned shift": 0 } });
    tripled.applyAssignment(problem.shiftEmployee);
    expect(formatScore(tripled.currentScore())).toBe("-180hard/0medium/0soft");
    const byName = Object.fromEntries(tripled.constraintScores().map((c) => [c.name, c]));
    expect(byName["Unassigned shift"].matchCount).toBe(0);
  });

  it("loosely validated rule objects with odd members encode and load without throwing", async () => {
    const input = {
      employees: [{ id: "a", contracts: ["c", "missing"], requiredShiftTagsExpression: { type: "NODE", operator: "OR", operands: "x" } }],
      shifts: [shift("s", "08:00", "16:00", { requiredSkillsExpression: { type: "NODE", operator: "AND", operands: [{ type: "LEAF" }, 3] } })],
      contracts: [{ id: "c", allowOverlappingShiftsRules: [{ id: "o", includeShiftTags: "x" }, 5] }],
      globalRules: {
        shiftTagMatchRules: "none",
        unassignedShiftRule: { id: "u", priorityWeights: [{ priority: "1", weight: "heavy" }] },
        balanceTimeWorkedRules: [{ id: "b", includeEmployeeTags: "x", employeeToPublishedMinutesWorked: null }],
      },
    } as unknown as ModelInput;
    const session = await SolverSession.create(debugModule(), encodeProblem(input));
    session.runSlice(100);
    expect(session.scoreFromScratch()).toEqual(session.currentScore());
  });

  it("accepts the reference override names, ignores unknown ones, and keeps 10^12 weights exact", async () => {
    const input: ModelInput = {
      employees: [{ id: "alice", unpreferredTimeSpans: [{ start: at("06:00"), end: at("16:00") }] }],
      shifts: [shift("a", "08:00", "16:00", { employee: "alice" })],
    };
    const session = await SolverSession.create(debugModule(), encodeProblem(input), {
      weights: { employeeWorksDuringUnpreferredTimeWeight: 1_000_000_000_000, someFutureWeight: 5 },
    });
    session.applyAssignment(encodeProblem(input).shiftEmployee);
    // 480 minutes × 10^12 = 4.8e14 (exact in a double); and beyond 2^53 the exact score stays exact.
    expect(formatScore(session.currentScore())).toBe("0hard/0medium/-480000000000000soft");
    const bigProblem = encodeProblem({ ...input, shifts: [...input.shifts, shift("b", "08:00", "16:00", { employee: "alice" })] });
    const big = await SolverSession.create(debugModule(), bigProblem, {
      weights: { employeeWorksDuringUnpreferredTimeWeight: 1_000_000_000_000, "Overlapping shift": 1_000_000_000_000 },
    });
    big.applyAssignment(bigProblem.shiftEmployee);
    expect(formatScore(big.currentScoreExact())).toBe("-480000000000000hard/0medium/-960000000000000soft");
    const row = big.constraintScores().find((c) => c.name === "Employee works during unpreferred time")!;
    expect(row.weight).toBe(1e12);
  });
});
