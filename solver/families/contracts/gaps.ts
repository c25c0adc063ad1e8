/**
 * Minimize gaps between shifts rules (reference `minimizeGapsBetweenShiftsRules`, soft only; core:
 * assembly/constraints/sequence-rules.ts): gaps between split shifts up to a maximum.
 */
import { RW_FILTER2, RW_FILTER3, RW_P1, K_GAPS, GAPS_CONSTRAINT } from "../../layout";
import { limit, nextShiftFilter, present, previousShiftFilter } from "../../encode-contracts";
import { type ContractRuleKind, matchContext } from "./kind";

export const minimizeGapsBetweenShiftsRules: ContractRuleKind = {
  lists: ["minimizeGapsBetweenShiftsRules"],
  constraints: [
    { id: GAPS_CONSTRAINT, override: "minimizeGapsBetweenShiftsForEmployeeWeight", justification: "MinimizeGapsBetweenShiftsForEmployeeJustification" },
  ],
  constraintOf: { [K_GAPS]: [GAPS_CONSTRAINT, GAPS_CONSTRAINT] },
  compile({ contract, filterOf, add }) {
    for (const rule of contract.minimizeGapsBetweenShiftsRules ?? []) {
      add(K_GAPS, "PREFERRED", rule.id, "minimizeGapsBetweenShiftsRules", (w) => {
        w[RW_P1] = present(rule.maximumMinutesBetweenSplitShifts) ? limit(rule.maximumMinutesBetweenSplitShifts) : 120;
        w[RW_FILTER2] = filterOf(previousShiftFilter(rule));
        w[RW_FILTER3] = filterOf(nextShiftFilter(rule));
      });
    }
  },
  explain(problem, [m]) {
    const { rule, employee, shift, where } = matchContext(problem, m);
    return {
      employee, shift1: shift(m.a), shift2: shift(m.b), minimizeGapsBetweenShiftsRule: rule.ruleId, minutesBetweenShifts: m.c,
      description: `Employee '${employee}' has a gap of ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}' (${where}).`,
    };
  },
};
