/**
 * Disruption rules with a scope (reference `disruptionRules` with `scope`; core: assembly/constraints/scoped-disruption.ts).
 * Those without a scope feed the LOCAL disruption units (encode-contracts.ts encodeDisruption).
 */
import {
  RW_FILTER, RW_VALID_FROM, RW_VALID_TO, RW_P1, RW_P2, RW_P3, RW_P4, K_SCOPED_DISRUPTION, SCOPE_START_AND_END, SCOPE_OVERLAP,
  SCOPED_DISRUPTION_CONSTRAINT,
} from "../../layout";
import { CORE_CONSTRAINTS } from "../../catalog.generated";
import type { EncodedProblem } from "../../encode";
import { I32_MIN, I32_MAX, clampI32, limit } from "../../encode-contracts";
import { list, type Justification } from "../../explain-context";
import type { ContractMatch } from "../../session";
import { localMinutesOf } from "../../time";
import type { ContractRuleKind } from "./kind";

/**
 * Scoped disruption: a REQUIRED rule's match groups an employee's outgoing shifts that are not wholly covered
 * (reference `RequiredScopedDisruptionPerEmployeeJustification`); a PREFERRED rule's match is one outgoing shift and
 * its uncovered minutes (`MinimizePreferredScopedDisruptionPerEmployeeJustification`). Core records: [shift, minutes].
 */
export function scopedDisruptionJustification(problem: EncodedProblem, group: ContractMatch[]): Justification {
  const rule = problem.contractRules[group[0].rule];
  const employee = problem.employeeIds[group[0].employee];
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}' (scope ${rule.scope})`;
  const shifts = group.map((m) => problem.shiftIds[m.a] ?? "");
  if (CORE_CONSTRAINTS[rule.constraintId].level === "HARD") {
    return {
      employee, disruptionRule: rule.ruleId, numberOfShiftsDisrupted: shifts.length, disruptedShifts: shifts,
      description: `Employee '${employee}' lost ${shifts.length} submitted shift(s) ${list(shifts)} without a replacement in scope; ${where} requires one.`,
    };
  }
  const m = group[0];
  return {
    employee, disruptionRule: rule.ruleId, outgoingShift: shifts[0], minutesNotCovered: m.b,
    description: `Employee '${employee}' lost submitted shift '${shifts[0]}'; incoming shifts leave ${m.b} of its minutes uncovered (${where}).`,
  };
}

export const scopedDisruptionRules: ContractRuleKind = {
  lists: ["disruptionRules"],
  constraints: [
    { id: SCOPED_DISRUPTION_CONSTRAINT, justification: "RequiredScopedDisruptionPerEmployeeJustification" },
    { id: SCOPED_DISRUPTION_CONSTRAINT + 1, override: "minimizePreferredScopedDisruptionForEmployeeWeight", justification: "MinimizePreferredScopedDisruptionPerEmployeeJustification" },
  ],
  constraintOf: { [K_SCOPED_DISRUPTION]: [SCOPED_DISRUPTION_CONSTRAINT, SCOPED_DISRUPTION_CONSTRAINT + 1] },
  compile({ contract, filterOf, add }) {
    // Disruption rules with a scope (scoped disruption); those without feed the LOCAL disruption units (encodeDisruption).
    for (const rule of contract.disruptionRules ?? []) {
      const scope = rule.scope;
      if (!scope) continue;
      // The reference's default satisfiability of disruption rules is PREFERRED.
      add(K_SCOPED_DISRUPTION, rule.satisfiability ?? "PREFERRED", rule.id, "disruptionRules", (w) => {
        w[RW_FILTER] = filterOf(rule);
        const v = rule.validityDateTimeSpan;
        if (v?.start) w[RW_VALID_FROM] = clampI32(localMinutesOf(v.start), I32_MIN);
        if (v?.end) w[RW_VALID_TO] = clampI32(localMinutesOf(v.end), I32_MAX);
        if (scope.scopeType === "START_AND_END") {
          w[RW_P1] = SCOPE_START_AND_END;
          w[RW_P2] = limit(scope.startScopeInMinutes);
          w[RW_P3] = limit(scope.endScopeInMinutes);
        } else {
          w[RW_P1] = SCOPE_OVERLAP;
        }
        w[RW_P4] = Math.max(1, limit(rule.disruptionWeight ?? 1));
      }, { scope: scope.scopeType });
    }
  },
  explain: (problem, group) => scopedDisruptionJustification(problem, group),
};
