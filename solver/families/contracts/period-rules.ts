/**
 * Period rules (reference `periodRules`; core: assembly/constraints/period-rules.ts with period-limits.ts): one compiled
 * rule per limit of a rule, per period of the schedule; cost definitions of period rules (encode-cost.ts, core:
 * cost.ts `tieredCost`) are compiled here too.
 */
import type { PeriodRule } from "../../../schemas/contract-rules";
import {
  RW_FILTER, RW_PERIOD, RW_PERIOD_PARAM, RW_MIN, RW_MAX, RW_FLAGS, RW_VALID_FROM, RW_VALID_TO, RW_P1, RW_AUX,
  RW_AUX_COUNT, RF_START_AND_END, RF_WEEKDAY_SHIFT, K_PERIOD_MINUTES, K_PERIOD_SHIFTS, K_PERIOD_DAYS, K_PERIOD_DAYS_OFF,
  K_PERIOD_WEEKENDS, K_PERIOD_WEEKEND_MINUTES, K_PERIOD_CONSECUTIVE_WEEKENDS, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF,
  K_PERIOD_COST, K_PERIOD_DAYS_OFF_RUN, K_PERIOD_UNIQUE_TAGS, K_PERIOD_LOCATIONS, K_PERIOD_SHIFT_TYPES,
  K_PERIOD_START_DIFFERENCE, K_PERIOD_MINUTES_LOGGED, PERIOD_DAY, PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR,
  PERIOD_SCHEDULE, PERIOD_CUSTOM, PERIOD_RULE_CONSTRAINT, PERIOD_LIMIT_CONSTRAINT, COST_DEFINITION_CONSTRAINT,
} from "../../layout";
import { type CompileContext, I32_MIN, I32_MAX, clampI32, dayMask, limit, minutesOf, present } from "../../encode-contracts";
import { compileCostDefinition } from "../../encode-cost";
import { costDefinitionJustification } from "../../explain-cost";
import { limits } from "../../explain-context";
import { localMinutesOf, isoDate } from "../../time";
import { type ContractRuleKind, matchContext, pair } from "./kind";

function periodOf(name: string, weekStart: number, custom: ReadonlyMap<string, number>): [number, number] | undefined {
  switch (name) {
    case "DAY": return [PERIOD_DAY, 0];
    case "WEEK": return [PERIOD_WEEK, weekStart];
    case "MONTH": return [PERIOD_MONTH, 0];
    case "YEAR": return [PERIOD_YEAR, 0];
    case "SCHEDULE": return [PERIOD_SCHEDULE, 0];
  }
  const i = custom.get(name);
  return i === undefined ? undefined : [PERIOD_CUSTOM, i];
}

function compilePeriodRule(rule: PeriodRule, c: CompileContext): void {
  const { weekStart, customIndex: custom, weekend, filterOf, add, aux, values } = c;
  const period = periodOf(rule.period, weekStart, custom);
  // An unknown period is reported by the validation (PERIOD_RULE_INVALID_PERIOD) and not scored.
  if (!period) return;
  const common = (w: Int32Array) => {
    w[RW_FILTER] = filterOf(rule);
    w[RW_PERIOD] = period[0];
    w[RW_PERIOD_PARAM] = period[1];
    if (rule.periodShiftOverlapKind === "START_AND_END") w[RW_FLAGS] |= RF_START_AND_END;
    const validity = rule.ruleValidityDateTimeSpan;
    if (validity?.start) w[RW_VALID_FROM] = clampI32(localMinutesOf(validity.start), I32_MIN);
    if (validity?.end) w[RW_VALID_TO] = clampI32(localMinutesOf(validity.end), I32_MAX);
  };
  const scope = { scope: rule.period };
  compileCostDefinition(rule, common, aux, add);
  const sat = rule.satisfiability;
  const minutes = rule.minutesWorkedLimit;
  const minutesMin = minutes ? minutes.minutesWorkedMin : rule.minutesWorkedMin;
  const minutesMax = minutes ? minutes.minutesWorkedMax : rule.minutesWorkedMax;
  if (present(minutesMin) || present(minutesMax)) {
    add(K_PERIOD_MINUTES, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(minutesMin);
      w[RW_MAX] = limit(minutesMax);
    }, scope, minutesOf(minutes?.countOnlyBetween, values.workedWith(minutes)));
  }
  if (present(rule.shiftsWorkedMin) || present(rule.shiftsWorkedMax)) {
    add(K_PERIOD_SHIFTS, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.shiftsWorkedMin);
      w[RW_MAX] = limit(rule.shiftsWorkedMax);
    }, scope);
  }
  if (present(rule.daysWorkedMin) || present(rule.daysWorkedMax)) {
    add(K_PERIOD_DAYS, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.daysWorkedMin);
      w[RW_MAX] = limit(rule.daysWorkedMax);
    }, scope);
  }
  const off = rule.daysOffLimit;
  if (off && (present(off.daysOffMin) || present(off.daysOffMax))) {
    add(K_PERIOD_DAYS_OFF, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(off.daysOffMin);
      w[RW_MAX] = limit(off.daysOffMax);
      w[RW_FLAGS] |= (dayMask(off.includeDays) || 127) << RF_WEEKDAY_SHIFT;
    }, scope);
  }
  const weekends = rule.weekendsLimit;
  const weekendWords = (w: Int32Array) => {
    common(w);
    w[RW_FLAGS] |= weekend.mask << RF_WEEKDAY_SHIFT;
    w[RW_P1] = weekend.first;
  };
  if (weekends && present(weekends.weekendsWorkedMax)) {
    add(K_PERIOD_WEEKENDS, sat, rule.id, "periodRules", (w) => {
      weekendWords(w);
      w[RW_MAX] = limit(weekends.weekendsWorkedMax);
    }, scope);
  }
  if (weekends && present(weekends.weekendMinutesWorkedMax)) {
    add(K_PERIOD_WEEKEND_MINUTES, sat, rule.id, "periodRules", (w) => {
      weekendWords(w);
      w[RW_MAX] = limit(weekends.weekendMinutesWorkedMax);
    }, scope, values.workedWith(weekends));
  }
  if (present(rule.consecutiveWeekendsLimit?.consecutiveWeekendsWorkedMax)) {
    add(K_PERIOD_CONSECUTIVE_WEEKENDS, sat, rule.id, "periodRules", (w) => {
      weekendWords(w);
      w[RW_MAX] = limit(rule.consecutiveWeekendsLimit!.consecutiveWeekendsWorkedMax);
    }, scope);
  }
  if (present(rule.consecutiveWeekendsOffLimit?.consecutiveWeekendsOffMin)) {
    add(K_PERIOD_CONSECUTIVE_WEEKENDS_OFF, sat, rule.id, "periodRules", (w) => {
      weekendWords(w);
      w[RW_MIN] = limit(rule.consecutiveWeekendsOffLimit!.consecutiveWeekendsOffMin);
    }, scope);
  }
  // The period limits of constraints/period-limits.ts (and consecutive days off, minutes logged in period-rules.ts).
  if (present(rule.consecutiveDaysOffLimit?.consecutiveDaysOffMin)) {
    add(K_PERIOD_DAYS_OFF_RUN, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.consecutiveDaysOffLimit!.consecutiveDaysOffMin);
    }, scope);
  }
  const unique = rule.uniqueTagsLimit;
  if (unique && present(unique.tagsMax)) {
    add(K_PERIOD_UNIQUE_TAGS, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MAX] = limit(unique.tagsMax);
      const tags = values.tagsOfTypes(unique.includeTagTypes ?? []);
      w[RW_AUX] = aux.length;
      w[RW_AUX_COUNT] = tags.length;
      for (const t of tags) aux.push(t, 0);
    }, scope);
  }
  if (present(rule.locationsWorkedMax)) {
    add(K_PERIOD_LOCATIONS, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MAX] = limit(rule.locationsWorkedMax);
    }, scope, values.locations());
  }
  const categories = rule.shiftTypesTagCategories ?? [];
  if (categories.length > 0 && (present(rule.shiftTypesWorkedMin) || present(rule.shiftTypesWorkedMax))) {
    add(K_PERIOD_SHIFT_TYPES, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.shiftTypesWorkedMin);
      w[RW_MAX] = limit(rule.shiftTypesWorkedMax);
      w[RW_P1] = categories.length;
    }, scope, values.categories(categories));
  }
  if (present(rule.shiftStartTimeDifferenceInMinutesMax)) {
    add(K_PERIOD_START_DIFFERENCE, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MAX] = limit(rule.shiftStartTimeDifferenceInMinutesMax);
    }, scope);
  }
  if (present(rule.minutesLoggedMin) || present(rule.minutesLoggedMax)) {
    add(K_PERIOD_MINUTES_LOGGED, sat, rule.id, "periodRules", (w) => {
      common(w);
      w[RW_MIN] = limit(rule.minutesLoggedMin);
      w[RW_MAX] = limit(rule.minutesLoggedMax);
    }, scope, values.logged());
  }
}


/** Per period rule kind: the justification's value field and its unit in texts. */
const PERIOD_VALUE: Record<number, [string, string]> = {
  [K_PERIOD_MINUTES]: ["minutesWorked", "minutes worked"],
  [K_PERIOD_SHIFTS]: ["shiftsWorked", "shifts worked"],
  [K_PERIOD_DAYS]: ["daysWorked", "days worked"],
  [K_PERIOD_DAYS_OFF]: ["daysOff", "days off"],
  [K_PERIOD_WEEKENDS]: ["weekendsWorked", "weekends worked"],
  [K_PERIOD_WEEKEND_MINUTES]: ["weekendMinutesWorked", "weekend minutes worked"],
  [K_PERIOD_CONSECUTIVE_WEEKENDS]: ["consecutiveWeekendsWorkedOverLimit", "consecutive weekends worked beyond the limit"],
  [K_PERIOD_CONSECUTIVE_WEEKENDS_OFF]: ["consecutiveWeekendsOff", "consecutive weekends off at most"],
  [K_PERIOD_DAYS_OFF_RUN]: ["consecutiveDaysOff", "consecutive days off at most"],
  [K_PERIOD_UNIQUE_TAGS]: ["uniqueTagsAmount", "unique tags"],
  [K_PERIOD_LOCATIONS]: ["locationsWorked", "locations worked"],
  [K_PERIOD_SHIFT_TYPES]: ["shiftTypesWorked", "shifts of its most out-of-range shift type"],
  [K_PERIOD_START_DIFFERENCE]: ["shiftStartTimeDifference", "minutes between its earliest and latest shift start time"],
  [K_PERIOD_MINUTES_LOGGED]: ["minutesLogged", "minutes logged"],
};
export const periodRules: ContractRuleKind = {
  lists: ["periodRules"],
  constraints: [
    ...pair(PERIOD_RULE_CONSTRAINT, "minutesWorkedPerPeriodNotInPreferredRangeForEmployee", "MinutesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 2, "shiftsWorkedPerPeriodNotInPreferredRangeForEmployee", "ShiftsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 4, "daysWorkedPerPeriodNotInPreferredRangeForEmployee", "DaysWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 6, "daysOffPerPeriodNotInPreferredRangeForEmployee", "DaysOffPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 8, "weekendsWorkedPerPeriodNotInPreferredRangeForEmployee", "WeekendsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 10, "weekendMinutesWorkedPerPeriodNotInPreferredRangeForEmployee", "WeekendMinutesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 12, "consecutiveWeekendsWorkedPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveWeekendsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_RULE_CONSTRAINT + 14, "consecutiveWeekendsOffPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveWeekendsOffPerPeriodNotIn{}RangeForEmployee"),
    // Cost definitions of period rules (encode-cost.ts), scored by compiled rules too.
    { id: COST_DEFINITION_CONSTRAINT, override: "minimizeCostPerPeriodWeight", justification: "MinimizeCostPerPeriodJustification" },
    // Period limits (constraints/period-limits.ts).
    ...pair(PERIOD_LIMIT_CONSTRAINT, "consecutiveDaysOffPerPeriodNotInPreferredRangeForEmployee", "ConsecutiveDaysOffPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 2, "uniqueTagsPerPeriodNotInPreferredRangeForEmployee", "UniqueTagsPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 4, "locationsWorkedPerPeriodNotInPreferredRangeForEmployee", "LocationsWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 6, "shiftTypesWorkedPerPeriodNotInPreferredRangeForEmployee", "ShiftTypesWorkedPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 8, "shiftStartTimeDifferenceInMinutesPerPeriodNotInPreferredRangeForEmployee", "ShiftStartTimeDifferenceInMinutesPerPeriodNotIn{}RangeForEmployee"),
    ...pair(PERIOD_LIMIT_CONSTRAINT + 10, "minutesLoggedPerPeriodNotInPreferredRangeForEmployee", "MinutesLoggedPerPeriodNotIn{}RangeForEmployee"),
  ],
  constraintOf: {
    [K_PERIOD_MINUTES]: [PERIOD_RULE_CONSTRAINT, PERIOD_RULE_CONSTRAINT + 1],
    [K_PERIOD_SHIFTS]: [PERIOD_RULE_CONSTRAINT + 2, PERIOD_RULE_CONSTRAINT + 3],
    [K_PERIOD_DAYS]: [PERIOD_RULE_CONSTRAINT + 4, PERIOD_RULE_CONSTRAINT + 5],
    [K_PERIOD_DAYS_OFF]: [PERIOD_RULE_CONSTRAINT + 6, PERIOD_RULE_CONSTRAINT + 7],
    [K_PERIOD_WEEKENDS]: [PERIOD_RULE_CONSTRAINT + 8, PERIOD_RULE_CONSTRAINT + 9],
    [K_PERIOD_WEEKEND_MINUTES]: [PERIOD_RULE_CONSTRAINT + 10, PERIOD_RULE_CONSTRAINT + 11],
    [K_PERIOD_CONSECUTIVE_WEEKENDS]: [PERIOD_RULE_CONSTRAINT + 12, PERIOD_RULE_CONSTRAINT + 13],
    [K_PERIOD_CONSECUTIVE_WEEKENDS_OFF]: [PERIOD_RULE_CONSTRAINT + 14, PERIOD_RULE_CONSTRAINT + 15],
    [K_PERIOD_COST]: [COST_DEFINITION_CONSTRAINT, COST_DEFINITION_CONSTRAINT],
    [K_PERIOD_DAYS_OFF_RUN]: [PERIOD_LIMIT_CONSTRAINT, PERIOD_LIMIT_CONSTRAINT + 1],
    [K_PERIOD_UNIQUE_TAGS]: [PERIOD_LIMIT_CONSTRAINT + 2, PERIOD_LIMIT_CONSTRAINT + 3],
    [K_PERIOD_LOCATIONS]: [PERIOD_LIMIT_CONSTRAINT + 4, PERIOD_LIMIT_CONSTRAINT + 5],
    [K_PERIOD_SHIFT_TYPES]: [PERIOD_LIMIT_CONSTRAINT + 6, PERIOD_LIMIT_CONSTRAINT + 7],
    [K_PERIOD_START_DIFFERENCE]: [PERIOD_LIMIT_CONSTRAINT + 8, PERIOD_LIMIT_CONSTRAINT + 9],
    [K_PERIOD_MINUTES_LOGGED]: [PERIOD_LIMIT_CONSTRAINT + 10, PERIOD_LIMIT_CONSTRAINT + 11],
  },
  compile(c) {
    for (const rule of c.contract.periodRules ?? []) compilePeriodRule(rule, c);
  },
  explain(problem, [m]) {
    const { rule, employee, required, where } = matchContext(problem, m);
    if (rule.kind === K_PERIOD_COST) return costDefinitionJustification(problem, m);
    const [field, unit] = PERIOD_VALUE[rule.kind];
    return {
      employee, periodRule: rule.ruleId, dateSpan: { start: isoDate(m.a), end: isoDate(m.b) }, [field]: m.c,
      description: `Employee '${employee}' has ${m.c} ${unit} in the ${rule.scope ?? "period"} ${isoDate(m.a)} to ${isoDate(m.b)}; ${where} allows ${limits(rule.min, rule.max)} (${required}).`,
    };
  },
};
