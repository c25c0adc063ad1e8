/**
 * Consecutive shifts worked rules (reference `consecutiveShiftsWorkedRules`; core: assembly/constraints/sequence-rules.ts):
 * sequences of shifts against a maximum, and the time off after a sequence.
 */
import {
  RW_FILTER, RW_FILTER2, RW_MIN, RW_MAX, RW_P1, RW_P2, RW_P3, RW_P4, K_CONSECUTIVE_SHIFTS, K_TIME_OFF_AFTER_SEQUENCE,
  SEQUENCE_BETWEEN_STARTS, SEQUENCE_END_TO_START, CONDITION_MIN_SHIFTS, CONDITION_MIN_SHIFTS_CONSECUTIVELY,
  SEQUENCE_RULE_CONSTRAINT,
} from "../../layout";
import { I32_MAX, durationMinutes, limit, present } from "../../encode-contracts";
import { type ContractRuleKind, matchContext, pair } from "./kind";

export const consecutiveShiftsWorkedRules: ContractRuleKind = {
  lists: ["consecutiveShiftsWorkedRules"],
  constraints: [
    ...pair(SEQUENCE_RULE_CONSTRAINT + 4, "consecutiveShiftsWorkedNotInPreferredRangeForEmployee", "ConsecutiveShiftsWorkedNotIn{}RangeForEmployee"),
    ...pair(SEQUENCE_RULE_CONSTRAINT + 6, "timeOffAfterConsecutiveShiftsWorkedNotInPreferredRangeForEmployee", "TimeOffAfterConsecutiveShiftsWorkedNotIn{}RangeForEmployee"),
  ],
  constraintOf: {
    [K_CONSECUTIVE_SHIFTS]: [SEQUENCE_RULE_CONSTRAINT + 4, SEQUENCE_RULE_CONSTRAINT + 5],
    [K_TIME_OFF_AFTER_SEQUENCE]: [SEQUENCE_RULE_CONSTRAINT + 6, SEQUENCE_RULE_CONSTRAINT + 7],
  },
  compile({ contract, filterOf, add }) {
    for (const rule of contract.consecutiveShiftsWorkedRules ?? []) {
      const sequence = (w: Int32Array) => {
        w[RW_FILTER] = filterOf(rule);
        const def = rule.sequenceDefinition;
        // Default: shifts starting within 36 hours of each other (the reference's documented example).
        w[RW_P1] = def?.type === "MAX_MINUTES_BETWEEN_SHIFT_END_AND_NEXT_START" ? SEQUENCE_END_TO_START : SEQUENCE_BETWEEN_STARTS;
        w[RW_P2] = def ? limit(def.triggerLimit) : 2160;
        const c = rule.condition;
        if (c) {
          w[RW_P3] = c.type === "MIN_SHIFTS_WORKED_CONSECUTIVELY" ? CONDITION_MIN_SHIFTS_CONSECUTIVELY : CONDITION_MIN_SHIFTS;
          w[RW_P4] = limit(c.triggerLimit);
          w[RW_FILTER2] = filterOf({ includeShiftTags: c.includeShiftTags });
        }
      };
      if (present(rule.maximum)) {
        add(K_CONSECUTIVE_SHIFTS, rule.satisfiability, rule.id, "consecutiveShiftsWorkedRules", (w) => {
          sequence(w);
          w[RW_MAX] = limit(rule.maximum);
        });
      }
      const off = rule.timeOffAfterSequenceLimit ? durationMinutes(rule.timeOffAfterSequenceLimit.minTimeOffAfterSequence) : 0;
      if (off > 0) {
        add(K_TIME_OFF_AFTER_SEQUENCE, rule.satisfiability, rule.id, "consecutiveShiftsWorkedRules", (w) => {
          sequence(w);
          w[RW_MIN] = Math.min(I32_MAX, off);
        });
      }
    }
  },
  explain(problem, [m]) {
    const { rule, employee, shift, where } = matchContext(problem, m);
    if (rule.kind === K_CONSECUTIVE_SHIFTS) {
      return {
        employeeId: employee, ruleId: rule.ruleId, sequenceStart: problem.input.shifts[m.a]?.start, consecutiveShiftCount: m.c,
        description: `Employee '${employee}' works ${m.c} consecutive shifts from '${shift(m.a)}' to '${shift(m.b)}'; ${where} allows at most ${rule.max}.`,
      };
    }
    return {
      employee, rule: rule.ruleId, sequenceStart: problem.input.shifts[m.a]?.start, consecutiveShiftCount: m.c, timeOff: `PT${m.d}M`,
      description: `Employee '${employee}' rests ${m.d} minutes after ${m.c} consecutive shift(s) ending with '${shift(m.b)}'; ${where} requires ${rule.min}.`,
    };
  },
};
