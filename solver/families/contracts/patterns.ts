/**
 * Shift sequence patterns (reference `multiDayShiftSequencePatternRules`, `singleDayShiftSequencePatternRules`; core:
 * assembly/constraints/shift-patterns.ts), four constraints per kind by satisfiability: REQUIRED, PROHIBITED (hard),
 * PREFERRED (a reward), UNPREFERRED.
 */
import {
  RW_CONSTRAINT, RW_P1, RW_P2, RW_P3, RW_AUX, RW_AUX_COUNT, TZ_WORDS, K_MULTI_DAY_PATTERN, K_SINGLE_DAY_PATTERN,
  MULTI_DAY_PATTERN_CONSTRAINT, SINGLE_DAY_PATTERN_CONSTRAINT, PE_OFF, PE_ANY, PATTERN_MATCH, PATTERN_REQUIRED,
  PATTERN_UNORDERED,
} from "../../layout";
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import type { EncodedProblem } from "../../encode";
import { type CompiledRule, I32_MAX } from "../../encode-contracts";
import type { Justification } from "../../explain-context";
import type { ContractMatch } from "../../session";
import { isoDate } from "../../time";
import type { ContractRuleKind } from "./kind";

/** Constraint of a shift sequence pattern rule per satisfiability (reference default REQUIRED), from its kind's first id. */
const PATTERN_OFFSET = { REQUIRED: 0, PROHIBITED: 1, PREFERRED: 2, UNPREFERRED: 3 } as const;
const FIRST_ID: Record<number, number> = { [K_MULTI_DAY_PATTERN]: MULTI_DAY_PATTERN_CONSTRAINT, [K_SINGLE_DAY_PATTERN]: SINGLE_DAY_PATTERN_CONSTRAINT };

/**
 * A multi-day shift sequence pattern match (reference `*MultiDayShiftSequencePatternJustification`): core record
 * [first day, last day, elements satisfied in a row from the first]. One match sequence: per element up to the
 * first one not satisfied (a REQUIRED pattern's break), its day's shifts of the employee (or no shift, on a day
 * without one), MATCH, or NO_MATCH for the breaking element.
 */
export function patternJustification(problem: EncodedProblem, m: ContractMatch, assignment: Int32Array): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const g = problem.sections.employeeTz[m.employee];
  const S = problem.shiftIds.length;
  const byDay = new Map<number, string[]>();
  for (let s = 0; s < S; s++) {
    if (assignment[s] !== m.employee) continue;
    const day = problem.sections.tzShift[(g * S + s) * TZ_WORDS];
    if (day < m.a || day > m.b) continue;
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(problem.shiftIds[s]);
  }
  const matchElements: Array<{ shift?: string; matchType: "MATCH" | "NO_MATCH" }> = [];
  for (let i = 0; i <= Math.min(m.c, m.b - m.a); i++) {
    const matchType = i < m.c ? "MATCH" : "NO_MATCH";
    const shifts = byDay.get(m.a + i) ?? [];
    if (shifts.length === 0) matchElements.push({ matchType });
    for (const shift of shifts) matchElements.push({ shift, matchType });
  }
  const hard = CORE_CONSTRAINTS[rule.constraintId].level === "HARD";
  const what = rule.constraintId === MULTI_DAY_PATTERN_CONSTRAINT ? "starts and does not complete" : "works";
  return {
    employee, patternRule: rule.ruleId, matchSequences: [{ matchElements }],
    description: `Employee '${employee}' ${what} the pattern ${(rule.pattern ?? []).join(", ")} from ${isoDate(m.a)} to ${isoDate(m.b)} (rule '${rule.ruleId}' of contract '${rule.contractId}'${hard ? ", hard" : ""}).`,
  };
}

/**
 * A single-day shift sequence pattern match (reference `*SingleDayShiftSequencePatternJustification`): core record
 * [day, day, elements held, bit i set when the day's shift i holds an element]. The match sequence lists the day's
 * shifts of the employee in start order that hold an element (MATCH); a REQUIRED pattern's break adds one NO_MATCH
 * element (the first element no shift holds).
 */
export function singleDayPatternJustification(problem: EncodedProblem, m: ContractMatch, assignment: Int32Array): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const g = problem.sections.employeeTz[m.employee];
  const S = problem.shiftIds.length;
  const day: number[] = [];
  for (let s = 0; s < S; s++) {
    if (assignment[s] === m.employee && problem.sections.tzShift[(g * S + s) * TZ_WORDS] === m.a) day.push(s);
  }
  day.sort((x, y) => problem.shiftStart[x] - problem.shiftStart[y] || x - y);
  const matchElements: Array<{ shift?: string; matchType: "MATCH" | "NO_MATCH" }> = [];
  day.forEach((s, i) => {
    if (i < 31 && (m.d >> i) & 1) matchElements.push({ shift: problem.shiftIds[s], matchType: "MATCH" });
  });
  const k = rule.pattern?.length ?? 0;
  if (m.c < k) matchElements.push({ matchType: "NO_MATCH" });
  const hard = CORE_CONSTRAINTS[rule.constraintId].level === "HARD";
  const what = rule.constraintId === SINGLE_DAY_PATTERN_CONSTRAINT ? `starts (${m.c} of ${k} elements) and does not complete` : "works";
  return {
    employee, patternRule: rule.ruleId, matchSequence: { matchElements },
    description: `Employee '${employee}' ${what} the ${rule.ordered === false ? "unordered " : ""}single day pattern of ${k} shift(s) on ${isoDate(m.a)} (rule '${rule.ruleId}' of contract '${rule.contractId}'${hard ? ", hard" : ""}).`,
  };
}

/** The rows of a pattern kind's four constraints from `base`; `kind` as in the reference's names ("MultiDay"). */
const rows = (base: number, kind: string) => [
  { id: base, justification: `EmployeeDoesNotWorkRequired${kind}ShiftSequencePatternJustification` },
  { id: base + 1, justification: `EmployeeWorksProhibited${kind}ShiftSequencePatternJustification` },
  { id: base + 2, override: `employeeWorksPreferred${kind}ShiftSequencePatternWeight`, justification: `EmployeeWorksPreferred${kind}ShiftSequencePatternJustification` },
  { id: base + 3, override: `employeeWorksUnpreferred${kind}ShiftSequencePatternWeight`, justification: `EmployeeWorksUnpreferred${kind}ShiftSequencePatternJustification` },
];

export const shiftSequencePatternRules: ContractRuleKind = {
  lists: ["multiDayShiftSequencePatternRules", "singleDayShiftSequencePatternRules"],
  constraints: [...rows(MULTI_DAY_PATTERN_CONSTRAINT, "MultiDay"), ...rows(SINGLE_DAY_PATTERN_CONSTRAINT, "SingleDay")],
  constraintOf: {
    [K_MULTI_DAY_PATTERN]: [MULTI_DAY_PATTERN_CONSTRAINT, MULTI_DAY_PATTERN_CONSTRAINT + 2],
    [K_SINGLE_DAY_PATTERN]: [SINGLE_DAY_PATTERN_CONSTRAINT, SINGLE_DAY_PATTERN_CONSTRAINT + 2],
  },
  compile({ contract, filterOf, add, aux }) {
    /** A shift sequence pattern rule (constraints/shift-patterns.ts): `elements` pushes its aux words. */
    const addPattern = (
      kind: number,
      rule: { id: string; satisfiability?: keyof typeof PATTERN_OFFSET | null; weight?: number | null; pattern: unknown[] },
      family: string,
      elements: (w: Int32Array) => void,
      extra: Partial<CompiledRule>,
    ) => {
      const satisfiability = rule.satisfiability ?? "REQUIRED";
      add(kind, satisfiability, rule.id, family, (w) => {
        w[RW_CONSTRAINT] = FIRST_ID[kind] + PATTERN_OFFSET[satisfiability];
        w[RW_P1] = Math.max(1, Math.min(I32_MAX, Math.floor(rule.weight ?? 1)));
        w[RW_P2] = satisfiability === "REQUIRED" ? PATTERN_REQUIRED : PATTERN_MATCH;
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = rule.pattern.length;
        elements(w);
      }, extra);
    };

    for (const rule of contract.multiDayShiftSequencePatternRules ?? []) {
      addPattern(K_MULTI_DAY_PATTERN, rule, "multiDayShiftSequencePatternRules", (w) => {
        for (const element of rule.pattern) {
          const filter = filterOf({ ...element, shiftTagMatches: element.shiftTagMatches ?? "ALL" });
          aux.push(filter, (element.type === "OFF" ? PE_OFF : 0) | (element.shiftMatches === "ANY" ? PE_ANY : 0));
        }
      }, { pattern: rule.pattern.map((e) => e.type ?? "ON") });
    }
    for (const rule of contract.singleDayShiftSequencePatternRules ?? []) {
      addPattern(K_SINGLE_DAY_PATTERN, rule, "singleDayShiftSequencePatternRules", (w) => {
        if (rule.ordered === false) w[RW_P3] = PATTERN_UNORDERED;
        for (const element of rule.pattern) aux.push(filterOf({ ...element, shiftTagMatches: element.shiftTagMatches ?? "ALL" }), 0);
      }, { pattern: rule.pattern.map(() => "ON"), ordered: rule.ordered !== false });
    }
  },
  explain: (problem, [m], assignment) => problem.contractRules[m.rule].kind === K_MULTI_DAY_PATTERN
    ? patternJustification(problem, m, assignment())
    : singleDayPatternJustification(problem, m, assignment()),
};
