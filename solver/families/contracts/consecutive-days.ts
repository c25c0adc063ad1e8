/**
 * Consecutive days worked rules (reference `consecutiveDaysWorkedRules`; core: assembly/constraints/sequence-rules.ts):
 * runs of days worked against a minimum and maximum, and the other compilations of the same rule (RW_P1): compact
 * sequences, sequence start days, sequences ending on an allowed start day, the time between different sequences.
 */
import type { Contract } from "../../../schemas/contract-rules";
import {
  RW_CONSTRAINT, RW_FILTER, RW_MIN, RW_MAX, RW_FLAGS, RW_P1, RW_P2, RW_P3, RW_P4, RW_AUX, RW_AUX_COUNT, RF_START_AND_END,
  RF_ABSENCE_AWARE, K_CONSECUTIVE_DAYS, SEQUENCE_RULE_CONSTRAINT, COMPACT_SEQUENCE_CONSTRAINT, SEQUENCE_START_CONSTRAINT,
  SEQUENCE_END_ON_START_DAY_CONSTRAINT, RUNS_COMPACT, RUNS_START_DAYS, RUNS_BETWEEN, DELAY_NONE, DELAY_SAME_DAY,
  DELAY_NEXT_DAY, DELAY_NEXT_MONTH, DELAY_NEXT_MONDAY,
} from "../../layout";
import { DAYS, I32_MAX, durationMinutes, limit, present } from "../../encode-contracts";
import { limits } from "../../explain-context";
import { isoDate, timeOfDayMinutes } from "../../time";
import { type ContractRuleKind, matchContext, pair } from "./kind";

/**
 * The time between different sequences of a consecutive days worked rule (RUNS_BETWEEN words): a duration in minutes
 * (`minDurationBetweenDifferentSequences`), or a date adjuster with its increment and the minute of the day
 * (`minDelayBetweenDifferentSequences`, reference `DelayTo`); null when there is nothing to score.
 */
function betweenSequences(rule: NonNullable<Contract["consecutiveDaysWorkedRules"]>[number]):
  { minutes: number; adjuster: number; times: number } | null {
  const delay = rule.minDelayBetweenDifferentSequences;
  if (delay) {
    const spec = delay.minStartDateAdjuster;
    const adjuster = spec === "SAME_DAY" ? DELAY_SAME_DAY : spec === "NEXT_DAY" ? DELAY_NEXT_DAY : spec === "NEXT_MONTH"
      ? DELAY_NEXT_MONTH : DELAY_NEXT_MONDAY + DAYS.indexOf(spec.slice("NEXT_".length) as typeof DAYS[number]);
    return { minutes: timeOfDayMinutes(delay.minStartTime ?? "00:00"), adjuster, times: delay.minStartDateAdjusterIncrement ?? 1 };
  }
  const duration = rule.minDurationBetweenDifferentSequences;
  const minutes = duration ? Math.min(I32_MAX, durationMinutes(duration)) : 0;
  return minutes > 0 ? { minutes, adjuster: DELAY_NONE, times: 1 } : null;
}

export const consecutiveDaysWorkedRules: ContractRuleKind = {
  lists: ["consecutiveDaysWorkedRules"],
  constraints: [
    ...pair(SEQUENCE_RULE_CONSTRAINT + 2, "consecutiveDaysWorkedNotInPreferredRangeForEmployee", "ConsecutiveDaysWorkedNotIn{}RangeForEmployee"),
    // Consecutive days worked rules with rewardCompactSequences (a reward).
    { id: COMPACT_SEQUENCE_CONSTRAINT, override: "employeeWorksCompactSequenceWeight", justification: "EmployeeWorksCompactSequenceJustification" },
    // allowedSequenceStartDays (REQUIRED hard, PREFERRED a reward) and the time between different sequences (soft
    // whatever the satisfiability: the reference names only a preferred weight; it has no justification schema, so
    // its matches take the compact sequence shape with the minutes).
    { id: SEQUENCE_START_CONSTRAINT, justification: "RequiredSequenceStartDayNotMetForEmployeeJustification" },
    { id: SEQUENCE_START_CONSTRAINT + 1, override: "preferredSequenceStartDayMetForEmployeeWeight", justification: "PreferredSequenceStartDayMetForEmployeeJustification" },
    { id: SEQUENCE_START_CONSTRAINT + 2, override: "preferredMinimumTimeBetweenDifferentSequencesNotMetForEmployeeWeight", justification: "EmployeeWorksCompactSequenceJustification" },
    // Sequences ending on an allowed start day (soft; no justification schema in the reference: the preferred start
    // day's shape with the sequence's end date).
    { id: SEQUENCE_END_ON_START_DAY_CONSTRAINT, override: "sequenceEndsOnAllowedSequenceStartDayForEmployeeWeight", justification: "PreferredSequenceStartDayMetForEmployeeJustification" },
  ],
  constraintOf: { [K_CONSECUTIVE_DAYS]: [SEQUENCE_RULE_CONSTRAINT + 2, SEQUENCE_RULE_CONSTRAINT + 3] },
  compile({ contract, filterOf, add, aux }) {
    for (const rule of contract.consecutiveDaysWorkedRules ?? []) {
      const categories = [...new Set(rule.shiftTypeTagCategories ?? [])];
      const runs = (w: Int32Array) => {
        w[RW_FILTER] = filterOf(rule);
        if (rule.overlapKind === "START_AND_END") w[RW_FLAGS] |= RF_START_AND_END;
        if (rule.absenceMode === "ABSENCE_AWARE") w[RW_FLAGS] |= RF_ABSENCE_AWARE;
        // Sequences per category: [filter of the tag, 0] per category (assembly/constraints/sequence-rules.ts).
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = categories.length;
        for (const tag of categories) aux.push(filterOf({ includeShiftTags: [tag] }), 0);
      };
      const extra = categories.length > 0 ? { categories } : {};
      if (present(rule.minimum) || present(rule.maximum)) {
        add(K_CONSECUTIVE_DAYS, rule.satisfiability, rule.id, "consecutiveDaysWorkedRules", (w) => {
          runs(w);
          w[RW_MIN] = limit(rule.minimum);
          w[RW_MAX] = limit(rule.maximum);
        }, extra);
      }
      // Compact sequences need categories (else CONSECUTIVE_DAYS_WORKED_RULE_REWARD_COMPACT_WITHOUT_CATEGORIES).
      if (rule.rewardCompactSequences === true && categories.length > 0) {
        add(K_CONSECUTIVE_DAYS, "PREFERRED", rule.id, "consecutiveDaysWorkedRules", (w) => {
          runs(w);
          w[RW_CONSTRAINT] = COMPACT_SEQUENCE_CONSTRAINT;
          w[RW_P1] = RUNS_COMPACT;
        }, extra);
      }
      // Start days and the time between sequences need categories too (else the *_WITHOUT_CATEGORIES warnings).
      const startDays = rule.allowedSequenceStartDays ?? [];
      if (startDays.length > 0 && categories.length > 0) {
        const required = (rule.satisfiability ?? "REQUIRED") === "REQUIRED";
        add(K_CONSECUTIVE_DAYS, rule.satisfiability, rule.id, "consecutiveDaysWorkedRules", (w) => {
          runs(w);
          w[RW_CONSTRAINT] = SEQUENCE_START_CONSTRAINT + (required ? 0 : 1);
          w[RW_P1] = RUNS_START_DAYS;
          w[RW_P2] = startDays.reduce((mask, day) => mask | (1 << DAYS.indexOf(day)), 0);
        }, extra);
        // Sequences ending on an allowed start day (soft whatever the satisfiability, README "Contract rules").
        add(K_CONSECUTIVE_DAYS, "PREFERRED", rule.id, "consecutiveDaysWorkedRules", (w) => {
          runs(w);
          w[RW_CONSTRAINT] = SEQUENCE_END_ON_START_DAY_CONSTRAINT;
          w[RW_P1] = RUNS_START_DAYS;
          w[RW_P2] = startDays.reduce((mask, day) => mask | (1 << DAYS.indexOf(day)), 0);
        }, extra);
      }
      const between = betweenSequences(rule);
      if (between && categories.length > 0) {
        add(K_CONSECUTIVE_DAYS, "PREFERRED", rule.id, "consecutiveDaysWorkedRules", (w) => {
          runs(w);
          w[RW_CONSTRAINT] = SEQUENCE_START_CONSTRAINT + 2;
          w[RW_P1] = RUNS_BETWEEN;
          w[RW_P2] = between.minutes;
          w[RW_P3] = between.adjuster;
          w[RW_P4] = between.times;
        }, extra);
      }
    }
  },
  explain(problem, [m]) {
    const { rule, employee, shift, required, where } = matchContext(problem, m);
    // Compact sequences (record [shift 1, shift 2, 0, category + 1]): reference `EmployeeWorksCompactSequenceJustification`.
    if (rule.constraintId === COMPACT_SEQUENCE_CONSTRAINT) {
      const category = rule.categories?.[m.d - 1];
      return {
        employee, rule: rule.ruleId, sequenceCategory: category, shift1: shift(m.a), shift2: shift(m.b),
        description: `Employee '${employee}' works '${shift(m.b)}' the day after '${shift(m.a)}' in one '${category}' sequence (${where}).`,
      };
    }
    // Start days: required [previous run's last day (i32 min = none), first day, 0, category + 1], reference
    // `RequiredSequenceStartDayNotMetForEmployeeJustification`; preferred [first day, last day, 0, category + 1],
    // `PreferredSequenceStartDayMetForEmployeeJustification`.
    if (rule.constraintId === SEQUENCE_START_CONSTRAINT) {
      const category = rule.categories?.[m.d - 1];
      return {
        employee, rule: rule.ruleId, sequenceCategory: category,
        ...(m.a !== -2147483648 ? { previousSequenceEndDate: isoDate(m.a) } : {}), sequenceStartDate: isoDate(m.b),
        description: `Employee '${employee}' starts a '${category}' sequence on ${isoDate(m.b)}, a day ${where} does not allow (${required}).`,
      };
    }
    if (rule.constraintId === SEQUENCE_START_CONSTRAINT + 1) {
      const category = rule.categories?.[m.d - 1];
      return {
        employee, rule: rule.ruleId, sequenceCategory: category, sequenceStartDate: isoDate(m.a),
        description: `Employee '${employee}' starts a '${category}' sequence on ${isoDate(m.a)}, a day ${where} prefers.`,
      };
    }
    // Sequences ending on an allowed start day [first day, last day, 0, category + 1] (the reference defines no
    // justification schema for it): the preferred start day's shape with `sequenceEndDate`.
    if (rule.constraintId === SEQUENCE_END_ON_START_DAY_CONSTRAINT) {
      const category = rule.categories?.[m.d - 1];
      return {
        employee, rule: rule.ruleId, sequenceCategory: category, sequenceStartDate: isoDate(m.a), sequenceEndDate: isoDate(m.b),
        description: `Employee '${employee}' ends a '${category}' sequence on ${isoDate(m.b)}, a day ${where} allows sequences to start on.`,
      };
    }
    // The time between sequences [last shift of the run before, first shift of the run, minutes between, category + 1]
    // (the reference defines no justification schema for it).
    if (rule.constraintId === SEQUENCE_START_CONSTRAINT + 2) {
      const category = rule.categories?.[m.d - 1];
      return {
        employee, rule: rule.ruleId, sequenceCategory: category, shift1: shift(m.a), shift2: shift(m.b),
        minutesBetweenSequences: m.c, violationInMinutes: m.penalty,
        description: `Employee '${employee}' starts a '${category}' sequence with '${shift(m.b)}' ${m.c} minutes after the sequence ending with '${shift(m.a)}', ${m.penalty} minutes too early for ${where}.`,
      };
    }
    return {
      employee, consecutiveDaysWorkedRule: rule.ruleId, ...(m.d > 0 ? { shiftTypeTagCategory: rule.categories?.[m.d - 1] } : {}),
      sequenceStartDate: isoDate(m.a), sequenceEndDate: isoDate(m.b),
      description: `Employee '${employee}' works ${m.c} consecutive days from ${isoDate(m.a)} to ${isoDate(m.b)}; ${where} allows ${limits(rule.min, rule.max)} (${required}).`,
    };
  },
};
