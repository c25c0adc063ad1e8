/**
 * Shift rotation rules (reference `shiftRotationRules`; core: assembly/constraints/rotation.ts): WEEKLY rules by
 * satisfiability, CUSTOM rules' limits on a rotation group's block of days.
 */
import {
  RW_CONSTRAINT, RW_MIN, RW_MAX, RW_P2, RW_P4, RW_AUX, RW_AUX_COUNT, K_ROTATION, ROTATION_CONSTRAINT, ROTATION_WEEKLY,
  ROTATION_CUSTOM_MAX, ROTATION_CUSTOM_RANGE,
} from "../../layout";
import type { EncodedProblem } from "../../encode";
import { limit, present } from "../../encode-contracts";
import type { Justification } from "../../explain-context";
import type { ContractMatch } from "../../session";
import { isoDate } from "../../time";
import type { ContractRuleKind } from "./kind";

/**
 * A shift rotation match (constraints/rotation.ts records): WEEKLY [shift1, shift2] in one week but different groups
 * (`*ShiftRotationNotMetForEmployeeJustification`); custom [first day, last day, group, above the maximum] of one block
 * (`CustomRotationDuration*Justification`, one `CustomRotationViolation`).
 */
function rotationJustification(problem: EncodedProblem, m: ContractMatch): Justification {
  const rule = problem.contractRules[m.rule];
  const employee = problem.employeeIds[m.employee];
  const where = `rule '${rule.ruleId}' of contract '${rule.contractId}'`;
  if (rule.constraintId < ROTATION_CONSTRAINT + 2) {
    const shift1 = problem.shiftIds[m.a], shift2 = problem.shiftIds[m.b];
    return {
      employee, shiftRotationRule: rule.ruleId, shift1, shift2,
      description: `Employee '${employee}' works shifts '${shift1}' and '${shift2}' of different rotation groups in one week (${where}).`,
    };
  }
  const group = rule.rotationGroups?.[m.c] ?? "";
  const violation = { rotationGroup: group, dateSpan: { start: isoDate(m.a), end: isoDate(m.b) }, violationSizeInDays: m.penalty };
  const length = m.b - m.a + 1;
  const bound = m.d === 1 ? `above the ${rule.constraintId === ROTATION_CONSTRAINT + 2 ? "required" : "preferred"} maximum of ${rule.max}` : `below the preferred minimum of ${rule.min}`;
  return {
    employee,
    ...(m.d === 1 ? { maximumDaysViolations: [violation] } : { minimumDaysViolations: [violation] }),
    description: `Employee '${employee}' works rotation group '${group}' for ${length} days from ${isoDate(m.a)} to ${isoDate(m.b)}, ${bound} (${where}).`,
  };
}

export const shiftRotationRules: ContractRuleKind = {
  lists: ["shiftRotationRules"],
  constraints: [
    { id: ROTATION_CONSTRAINT, justification: "RequiredShiftRotationNotMetForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 1, override: "preferredShiftRotationNotMetForEmployeeWeight", justification: "PreferredShiftRotationNotMetForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 2, justification: "CustomRotationDurationInDaysNotExceedsRequiredMaximumForEmployeeJustification" },
    { id: ROTATION_CONSTRAINT + 3, override: "customRotationDurationInDaysNotInPreferredRangeForEmployeeWeight", justification: "CustomRotationDurationInDaysNotInPreferredRangeForEmployeeJustification" },
  ],
  constraintOf: { [K_ROTATION]: [ROTATION_CONSTRAINT, ROTATION_CONSTRAINT + 1] },
  compile({ contract, filterOf, add, aux, weekStart }) {
    for (const rule of contract.shiftRotationRules ?? []) {
      // rotationPeriod, else the deprecated builtInRotationPeriod (a rule with neither scores nothing: a warning).
      const period = (rule.rotationPeriod ?? rule.builtInRotationPeriod) as { type?: string; requiredRotationPeriodMaxSizeInDays?: number | null; preferredRotationPeriodMaxSizeInDays?: number | null; preferredRotationPeriodMinSizeInDays?: number | null } | undefined;
      const groups = (w: Int32Array) => {
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = rule.rotationGroups.length;
        for (const group of rule.rotationGroups) aux.push(filterOf({ includeShiftTags: group.includeShiftTags, shiftTagMatches: group.shiftTagMatches ?? "ALL" }), 0);
      };
      const rotationGroups = rule.rotationGroups.map((group) => group.id);
      if (period?.type === "WEEKLY") {
        add(K_ROTATION, rule.satisfiability, rule.id, "shiftRotationRules", (w) => {
          w[RW_P2] = ROTATION_WEEKLY;
          w[RW_P4] = weekStart;
          groups(w);
        }, { rotationGroups });
      } else if (period?.type === "CUSTOM") {
        const requiredMax = period.requiredRotationPeriodMaxSizeInDays, preferredMax = period.preferredRotationPeriodMaxSizeInDays, preferredMin = period.preferredRotationPeriodMinSizeInDays;
        if (present(requiredMax)) {
          add(K_ROTATION, "REQUIRED", rule.id, "shiftRotationRules", (w) => {
            w[RW_CONSTRAINT] = ROTATION_CONSTRAINT + 2;
            w[RW_P2] = ROTATION_CUSTOM_MAX;
            w[RW_MAX] = limit(requiredMax);
            groups(w);
          }, { rotationGroups, max: limit(requiredMax) });
        }
        if (present(preferredMax) || present(preferredMin)) {
          add(K_ROTATION, "PREFERRED", rule.id, "shiftRotationRules", (w) => {
            w[RW_CONSTRAINT] = ROTATION_CONSTRAINT + 3;
            w[RW_P2] = ROTATION_CUSTOM_RANGE;
            w[RW_MIN] = present(preferredMin) ? limit(preferredMin) : -1;
            w[RW_MAX] = present(preferredMax) ? limit(preferredMax) : -1;
            groups(w);
          }, { rotationGroups, min: present(preferredMin) ? limit(preferredMin) : null, max: present(preferredMax) ? limit(preferredMax) : null });
        }
      }
    }
  },
  explain: (problem, [m]) => rotationJustification(problem, m),
};
