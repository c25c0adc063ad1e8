/**
 * Minutes between shifts rules (reference `minutesBetweenShiftsRules`; core: assembly/constraints/sequence-rules.ts):
 * the rest between a shift and the next, one compiled rule per limit.
 */
import {
  RW_FILTER2, RW_FILTER3, RW_MIN, RW_MAX, RW_FLAGS, RW_P1, RW_P2, RF_ABSENCE_AWARE, K_MINUTES_BETWEEN, SEQUENCE_RULE_CONSTRAINT,
} from "../../layout";
import { durationMinutes, limit, nextShiftFilter, present, previousShiftFilter } from "../../encode-contracts";
import { type ContractRuleKind, matchContext, pair } from "./kind";

export const minutesBetweenShiftsRules: ContractRuleKind = {
  lists: ["minutesBetweenShiftsRules"],
  constraints: [
    ...pair(SEQUENCE_RULE_CONSTRAINT, "minutesBetweenShiftsNotInPreferredRangeForEmployee", "MinutesBetweenShiftsNotIn{}RangeForEmployee"),
  ],
  constraintOf: { [K_MINUTES_BETWEEN]: [SEQUENCE_RULE_CONSTRAINT, SEQUENCE_RULE_CONSTRAINT + 1] },
  compile({ contract, filterOf, add }) {
    for (const rule of contract.minutesBetweenShiftsRules ?? []) {
      // One compiled rule per limit; a scope (reference `DurationScope`) bounds the pairs of both.
      const rest = (w: Int32Array) => {
        w[RW_FILTER2] = filterOf(previousShiftFilter(rule));
        w[RW_FILTER3] = filterOf(nextShiftFilter(rule));
        w[RW_P1] = Math.max(1, limit(rule.minConsecutivePreviousShifts ?? rule.minimumConsecutivePriorShifts ?? 1));
        w[RW_P2] = rule.scope ? Math.max(0, durationMinutes(rule.scope.duration)) : -1;
        if (rule.absenceMode === "ABSENCE_AWARE") w[RW_FLAGS] |= RF_ABSENCE_AWARE;
      };
      if (present(rule.minimumMinutesBetweenShifts)) {
        add(K_MINUTES_BETWEEN, rule.satisfiability, rule.id, "minutesBetweenShiftsRules", (w) => {
          rest(w);
          w[RW_MIN] = limit(rule.minimumMinutesBetweenShifts);
        });
      }
      if (present(rule.maximumMinutesBetweenShifts)) {
        add(K_MINUTES_BETWEEN, rule.satisfiability, rule.id, "minutesBetweenShiftsRules", (w) => {
          rest(w);
          w[RW_MAX] = limit(rule.maximumMinutesBetweenShifts);
        });
      }
    }
  },
  explain(problem, [m]) {
    const { rule, employee, shift, required, where } = matchContext(problem, m);
    // Record d: 0 for a minimum's pair, 1 for a maximum's (assembly/constraints/sequence-rules.ts).
    return {
      employee, shift1: shift(m.a), shift2: shift(m.b), minutesBetweenShiftsRule: rule.ruleId, violationInMinutes: m.penalty,
      description: `Employee '${employee}' rests ${m.c} minutes between shifts '${shift(m.a)}' and '${shift(m.b)}'; ${where} ${m.d === 1 ? `allows at most ${rule.max}` : `requires ${rule.min}`} (${required}).`,
    };
  },
};
