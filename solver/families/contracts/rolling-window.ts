/**
 * Rolling window rules (reference `rollingWindowRules`; core: assembly/constraints/rolling-window.ts): one compiled
 * rule per limit of a rule, scored per window of the given size.
 */
import type { RollingWindowRule } from "../../../schemas/contract-rules";
import {
  RW_FILTER, RW_FILTER2, RW_MIN, RW_MAX, RW_FLAGS, RW_P1, RW_P2, RW_P3, RW_P4, RW_AUX, RW_AUX_COUNT, RF_START_AND_END,
  RF_ABSENCE_AWARE, RF_WEEKDAY_SHIFT, K_ROLLING_MINUTES, K_ROLLING_SHIFTS, K_ROLLING_DAYS, K_ROLLING_WEEKENDS,
  K_ROLLING_MINUTES_OFF, K_ROLLING_DAYS_OFF_RUN, WINDOW_DAILY, WINDOW_WEEKLY, WINDOW_MONTHLY, WINDOW_HOURLY,
  CONDITION_NONE, CONDITION_MIN_SHIFTS, CONDITION_MIN_MINUTES, ROLLING_RULE_CONSTRAINT, PERIOD_LIMIT_CONSTRAINT,
} from "../../layout";
import { type CompileContext, limit, minutesOf, present } from "../../encode-contracts";
import { isoDate } from "../../time";
import { type ContractRuleKind, matchContext, pair } from "./kind";

function compileRollingRule(rule: RollingWindowRule, c: CompileContext): void {
  const { weekend, filterOf, aux, add, values } = c;
  const window = rule.rollingWindow;
  const type = window.type === "DAILY" ? WINDOW_DAILY : window.type === "WEEKLY" ? WINDOW_WEEKLY : window.type === "MONTHLY" ? WINDOW_MONTHLY : window.type === "HOURLY" ? WINDOW_HOURLY : -1;
  if (type < 0) return;
  const id = rule.id ?? "";
  const scope = { scope: `${window.size} ${window.type}` };
  const common = (w: Int32Array) => {
    w[RW_FILTER] = filterOf(rule);
    w[RW_P1] = type;
    w[RW_P2] = Math.max(1, limit(window.size));
    if (rule.periodShiftOverlapKind === "START_AND_END") w[RW_FLAGS] |= RF_START_AND_END;
    const c = rule.condition;
    if (c) {
      w[RW_P3] = c.type === "MIN_MINUTES_WORKED" ? CONDITION_MIN_MINUTES : CONDITION_MIN_SHIFTS;
      w[RW_P4] = limit(c.triggerLimit);
      w[RW_FILTER2] = filterOf({ includeShiftTags: c.includeShiftTags });
    } else {
      w[RW_P3] = CONDITION_NONE;
    }
  };
  const sat = rule.satisfiability;
  const m = rule.minutesWorkedLimit;
  if (m && present(m.minutesWorkedMax)) {
    add(K_ROLLING_MINUTES, sat, id, "rollingWindowRules", (w) => {
      common(w);
      w[RW_MAX] = limit(m.minutesWorkedMax);
      if (rule.absenceMode === "ABSENCE_AWARE") w[RW_FLAGS] |= RF_ABSENCE_AWARE;
    }, scope, minutesOf(m.countOnlyBetween, values.workedWith(m)));
  }
  if (present(rule.shiftsWorkedLimit?.shiftsWorkedMax)) {
    add(K_ROLLING_SHIFTS, sat, id, "rollingWindowRules", (w) => {
      common(w);
      w[RW_MAX] = limit(rule.shiftsWorkedLimit!.shiftsWorkedMax);
    }, scope);
  }
  if (present(rule.daysWorkedLimit?.daysWorkedMax)) {
    add(K_ROLLING_DAYS, sat, id, "rollingWindowRules", (w) => {
      common(w);
      w[RW_MAX] = limit(rule.daysWorkedLimit!.daysWorkedMax);
    }, scope);
  }
  const wl = rule.weekendsLimit;
  if (wl && (present(wl.weekendsWorkedMin) || present(wl.weekendsWorkedMax))) {
    add(K_ROLLING_WEEKENDS, sat, id, "rollingWindowRules", (w) => {
      common(w);
      w[RW_MIN] = limit(wl.weekendsWorkedMin);
      w[RW_MAX] = limit(wl.weekendsWorkedMax);
      w[RW_FLAGS] |= weekend.mask << RF_WEEKDAY_SHIFT;
    }, scope);
  }
  if (present(rule.consecutiveDaysOffLimit?.consecutiveDaysOffMin) && rule.consecutiveDaysOffLimit!.consecutiveDaysOffMin! > 0) {
    add(K_ROLLING_DAYS_OFF_RUN, sat, id, "rollingWindowRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.consecutiveDaysOffLimit!.consecutiveDaysOffMin);
    }, scope);
  }
  const off = rule.consecutiveMinutesOffLimit;
  if (off) {
    const intervals = (off.consecutiveMinutesOffMinIntervals ?? [])
      .map((i) => [limit(i.consecutiveMinutesOffMin), Math.min(1000, limit(i.count))] as const)
      .filter(([minutes, count]) => minutes > 0 && count > 0)
      .sort((a, b) => b[0] - a[0]);
    const single = limit(off.consecutiveMinutesOffMin);
    if (single > 0 || intervals.length > 0) {
      add(K_ROLLING_MINUTES_OFF, sat, id, "rollingWindowRules", (w) => {
        common(w);
        w[RW_MIN] = single > 0 ? single : -1;
        w[RW_MAX] = intervals.length > 0 ? limit(off.totalConsecutiveMinutesOffMin) : -1;
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = intervals.length;
        for (const [minutes, count] of intervals) aux.push(minutes, count);
      }, scope);
    }
  }
}


const ROLLING_VALUE: Record<number, string> = {
  [K_ROLLING_MINUTES]: "minutesWorked",
  [K_ROLLING_SHIFTS]: "shiftsWorked",
  [K_ROLLING_DAYS]: "daysWorked",
  [K_ROLLING_WEEKENDS]: "weekendsWorked",
};

export const rollingWindowRules: ContractRuleKind = {
  lists: ["rollingWindowRules"],
  constraints: [
    ...pair(ROLLING_RULE_CONSTRAINT, "minutesWorkedInRollingWindowNotInPreferredRangeForEmployee", "MinutesWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(ROLLING_RULE_CONSTRAINT + 2, "shiftsWorkedInRollingWindowNotInPreferredRangeForEmployee", "ShiftsWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(ROLLING_RULE_CONSTRAINT + 4, "daysWorkedInRollingWindowNotInPreferredRangeForEmployee", "DaysWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(ROLLING_RULE_CONSTRAINT + 6, "weekendsWorkedInRollingWindowNotInPreferredRangeForEmployee", "WeekendsWorkedInRollingWindowNotIn{}RangeForEmployee"),
    ...pair(ROLLING_RULE_CONSTRAINT + 8, "consecutiveMinutesOffInRollingWindowNotInPreferredRangeForEmployee", "ConsecutiveMinutesOffInRollingWindowNotIn{}RangeForEmployee"),
    // Consecutive days off in rolling windows (the last pair of the period limits' ids).
    ...pair(PERIOD_LIMIT_CONSTRAINT + 12, "consecutiveDaysOffInRollingWindowNotInPreferredRangeForEmployee", "ConsecutiveDaysOffInRollingWindowNotIn{}RangeForEmployee"),
  ],
  constraintOf: {
    [K_ROLLING_MINUTES]: [ROLLING_RULE_CONSTRAINT, ROLLING_RULE_CONSTRAINT + 1],
    [K_ROLLING_SHIFTS]: [ROLLING_RULE_CONSTRAINT + 2, ROLLING_RULE_CONSTRAINT + 3],
    [K_ROLLING_DAYS]: [ROLLING_RULE_CONSTRAINT + 4, ROLLING_RULE_CONSTRAINT + 5],
    [K_ROLLING_WEEKENDS]: [ROLLING_RULE_CONSTRAINT + 6, ROLLING_RULE_CONSTRAINT + 7],
    [K_ROLLING_MINUTES_OFF]: [ROLLING_RULE_CONSTRAINT + 8, ROLLING_RULE_CONSTRAINT + 9],
    [K_ROLLING_DAYS_OFF_RUN]: [PERIOD_LIMIT_CONSTRAINT + 12, PERIOD_LIMIT_CONSTRAINT + 13],
  },
  compile(c) {
    for (const rule of c.contract.rollingWindowRules ?? []) compileRollingRule(rule, c);
  },
  explain(problem, [m]) {
    const { rule, employee, where } = matchContext(problem, m);
    const field = ROLLING_VALUE[rule.kind];
    const daysOff = rule.kind === K_ROLLING_DAYS_OFF_RUN;
    return {
      employee, rollingWindowRule: rule.ruleId, dateTimeSpan: { start: `${isoDate(m.a)}T00:00:00`, end: `${isoDate(m.b + 1)}T00:00:00` },
      ...(daysOff ? { maxConsecutiveDaysOff: m.c } : field ? {} : { minutesMissing: m.penalty }),
      description: `Employee '${employee}' is ${m.penalty} outside the limits of ${where} in the window ${isoDate(m.a)} to ${isoDate(m.b)} (${rule.scope}).`,
    };
  },
};
