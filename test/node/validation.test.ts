/** Every validation issue type (spec §2.4, §7), one row each, keyed by code so no row can test another code. */
import { describe, expect, it } from "vitest";
import { ISSUE_TYPES, MAX_SHIFTS, summarize, validateModelInput, validateWithShiftFacts, type ValidationIssue } from "../../model/validation";
import { ShiftFacts } from "../../model/shift-facts";
import type { UnscoredField } from "../../model/unscored-fields";
import type { ModelInput } from "../../schemas/model-input";

const T = (h: number) => `2027-05-03T${String(h).padStart(2, "0")}:00:00Z`;

function valid(): ModelInput {
  return {
    employees: [{ id: "Ann", skills: [{ id: "Nurse" }] }, { id: "Bob" }],
    shifts: [{ id: "s1", start: T(8), end: T(16), requiredSkills: ["Nurse"] }],
  };
}

const manyShifts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, start: T(8), end: T(9) }));

type Contract = NonNullable<ModelInput["contracts"]>[number];
type PeriodRule = NonNullable<Contract["periodRules"]>[number];
type RollingRule = NonNullable<Contract["rollingWindowRules"]>[number];
type RestRule = NonNullable<Contract["minutesBetweenShiftsRules"]>[number];
type GapsRule = NonNullable<Contract["minimizeGapsBetweenShiftsRules"]>[number];
/** The base input with Ann under one contract. */
const contract = (c: Omit<Contract, "id">) => (i: ModelInput): ModelInput => ({
  ...i,
  contracts: [{ id: "c", ...c }],
  employees: [{ ...i.employees[0], contracts: ["c"] }, i.employees[1]],
});
const period = (r: Omit<PeriodRule, "id" | "period"> & { period?: string }) => contract({ periodRules: [{ id: "p", period: "WEEK", ...r }] });
const rolling = (r: Omit<RollingRule, "id" | "rollingWindow"> & { rollingWindow?: RollingRule["rollingWindow"] }) =>
  contract({ rollingWindowRules: [{ id: "r", rollingWindow: { type: "WEEKLY", size: 1 }, ...r }] });
const rest = (r: Omit<RestRule, "id">) => contract({ minutesBetweenShiftsRules: [{ id: "m", minimumMinutesBetweenShifts: 600, ...r }] });
const gaps = (r: Omit<GapsRule, "id">) => contract({ minimizeGapsBetweenShiftsRules: [{ id: "g", ...r }] });
const PREFERRED = "PREFERRED" as const;
type CostsRule = NonNullable<NonNullable<ModelInput["globalRules"]>["costsRules"]>[number];
const costsRule = (r: Partial<CostsRule>) => (i: ModelInput): ModelInput => ({ ...i, globalRules: { costsRules: [{ id: "c", period: "WEEK", totalCostsMax: 100, ...r }] } });
const costDefinition = (def: NonNullable<PeriodRule["costDefinition"]>, satisfiability: "REQUIRED" | "PREFERRED" = PREFERRED) => period({ satisfiability, costDefinition: def });
const COST_ROWS: Record<string, (input: ModelInput) => ModelInput> = {
  COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: costsRule({ includeEmployeeTags: ["a"], excludeEmployeeTags: ["b"] }),
  COSTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: costsRule({ includeShiftTags: ["a"], excludeShiftTags: ["b"] }),
  COSTS_RULE_MIN_GREATER_THAN_MAX: costsRule({ satisfiability: PREFERRED, totalCostsMin: 500, totalCostsMax: 100 }),
  COSTS_RULE_NEITHER_MIN_NOR_MAX_DEFINED: costsRule({ totalCostsMax: null }),
  COSTS_RULE_TOTAL_COSTS_MAX_ZERO: costsRule({ totalCostsMax: 0 }),
  COSTS_RULE_TOTAL_COSTS_MIN_DEPRECATED: costsRule({ totalCostsMin: 50 }),
  PERIOD_RULE_COST_DEFINITION_OVERTIME_DETAIL_MISSING_LIMIT: costDefinition({ baseMinutesLimit: 480, baseHourlyCost: 20, overtimeCostDetails: [{ overtimeHourlyCost: 30 }, { overtimeHourlyCost: 40 }] }),
  PERIOD_RULE_COST_DEFINITION_OVERTIME_WITHOUT_BASE_MINUTES_LIMIT: costDefinition({ baseHourlyCost: 20, overtimeCostDetails: [{ overtimeHourlyCost: 30 }] }),
  PERIOD_RULE_COST_DEFINITION_REQUIRED_SATISFIABILITY: costDefinition({ baseHourlyCost: 20 }, "REQUIRED"),
};
/** The base input with one hourly demand rule (09:00 on the shift's day, max 1) overridden by `r`. */
const demandRule = (r: Record<string, unknown>) => (i: ModelInput): ModelInput => ({
  ...i,
  globalRules: { minimumMaximumShiftsPerHourlyDemand: [{ id: "hd", demandDetails: [{ startDateTime: T(9), maxDemand: 1 }], ...r } as never] },
});
const template = (t: Record<string, unknown> = {}) => ({ id: "day", baseStartTime: "08:00", baseDuration: "PT8H", ...t });
/** A generating demand rule (template `t`) with a planning window; `r` overrides rule fields. */
const generating = (t: Record<string, unknown>, r: Record<string, unknown> = {}) => (i: ModelInput): ModelInput => ({
  ...demandRule({ demandDetails: [{ startDateTime: T(8), endDateTime: T(10), maxDemand: 1 }], shiftGeneration: { templates: [template(t)] }, ...r })(i),
  planningWindow: { start: "2027-05-03T00:00:00Z", end: "2027-05-04T00:00:00Z" },
});
type Pairing = NonNullable<ModelInput["employees"][number]["requiredPairings"]>[number];
/** The base input with one pairing on Ann (Bob carries the tag 'senior'). */
const pairing = (p: Pairing, extra: Partial<ModelInput> = {}, field: "requiredPairings" | "preferredPairings" | "unpreferredPairings" | "prohibitedPairings" = "requiredPairings") => (i: ModelInput): ModelInput => ({
  ...i,
  ...extra,
  employees: [{ ...i.employees[0], [field]: [p] }, { id: "Bob", tags: ["senior"] }],
});

const ROWS: Record<string, (input: ModelInput) => ModelInput> = {
  EMPTY_EMPLOYEES_LIST: (i) => ({ ...i, employees: [] }),
  EMPTY_SHIFTS_LIST: (i) => ({ ...i, shifts: [] }),
  DUPLICATE_ID: (i) => ({ ...i, employees: [...i.employees, { id: "Ann" }] }),
  SHIFT_START_NOT_BEFORE_END: (i) => ({ ...i, shifts: [{ id: "s1", start: T(9), end: T(9) }] }),
  SHIFT_BREAK_BEFORE_SHIFT_START: (i) => ({ ...i, shifts: [{ ...i.shifts[0], breaks: [{ start: T(7), end: T(9) }] }] }),
  SHIFT_BREAK_AFTER_SHIFT_END: (i) => ({ ...i, shifts: [{ ...i.shifts[0], breaks: [{ start: T(15), end: T(17) }] }] }),
  EMPLOYEE_UNAVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", unavailableTimeSpans: [{ start: T(10), end: T(9) }] }] }),
  EMPLOYEE_AVAILABLE_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", availableTimeSpans: [{ start: T(10), end: T(9) }] }] }),
  EMPLOYEE_PREFERRED_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", preferredTimeSpans: [{ start: T(10), end: T(10) }] }] }),
  EMPLOYEE_UNPREFERRED_TIME_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, employees: [{ id: "Ann", unpreferredTimeSpans: [{ start: T(11), end: T(10) }] }] }),
  PLANNING_WINDOW_START_NOT_BEFORE_END: (i) => ({ ...i, planningWindow: { start: T(12), end: T(8) } }),
  EMPLOYEE_UNKNOWN_CONTRACT: (i) => ({ ...i, employees: [{ id: "Ann", contracts: ["full-time"] }] }),
  UNDECLARED_TAG_TYPE_BY_TAG: (i) => ({ ...i, tags: [{ id: "icu", tagType: "ward" }] }),
  UNDECLARED_TAG_IN_EMPLOYEE_REQUIRED_TAGS: (i) => ({ ...i, employees: [{ id: "Ann", requiredShiftTags: ["icu"] }], globalRules: { shiftTagMatchRules: [{ id: "r" }] } }),
  UNDECLARED_TAG_IN_EMPLOYEE_PREFERRED_TAGS: (i) => ({ ...i, employees: [{ id: "Ann", preferredShiftTags: ["icu"] }], globalRules: { shiftTagMatchRules: [{ id: "r" }] } }),
  SHIFT_UNKNOWN_SKILL: (i) => ({ ...i, shifts: [{ ...i.shifts[0], requiredSkills: ["Surgeon"] }] }),
  SHIFT_UNKNOWN_EMPLOYEE: (i) => ({ ...i, shifts: [{ ...i.shifts[0], employee: "Zed" }] }),
  EMPLOYEE_REQUIRED_TAGS_IGNORED: (i) => ({ ...i, employees: [{ id: "Ann", requiredShiftTags: ["icu"] }], shifts: [{ ...i.shifts[0], tags: ["icu"] }] }),
  EMPLOYEE_LEGACY_PRIORITY: (i) => ({ ...i, employees: [{ id: "Ann", priority: "HIGH" }] }),
  TOO_MANY_SHIFTS: (i) => ({ ...i, shifts: manyShifts(MAX_SHIFTS + 1) }),
  TOO_MANY_SHIFTS_SOFT_WARNING: (i) => ({ ...i, shifts: manyShifts(Math.floor(MAX_SHIFTS * 0.8) + 1) }),
  PERIOD_RULE_INVALID_PERIOD: period({ period: "FORTNIGHT", shiftsWorkedMax: 3 }),
  PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: period({ includeShiftTags: ["a"], excludeShiftTags: ["b"], shiftsWorkedMax: 3 }),
  PERIOD_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: period({ ruleValidityDateTimeSpan: { start: "2027-05-04T00:00", end: "2027-05-03T00:00" }, shiftsWorkedMax: 3 }),
  PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MIN: period({ satisfiability: PREFERRED, minutesWorkedMin: 60 }),
  PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MAX: period({ minutesWorkedMax: 600 }),
  PERIOD_RULE_MINUTES_WORKED_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, minutesWorkedMin: 600, minutesWorkedMax: 60 }),
  PERIOD_RULE_MINUTES_WORKED_MAX_ZERO: period({ minutesWorkedMax: 0 }),
  PERIOD_RULE_MINUTES_WORKED_MIN_DEPRECATED_REQUIRED: period({ minutesWorkedMin: 60 }),
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, minutesWorkedLimit: { minutesWorkedMin: 600, minutesWorkedMax: 60 } }),
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MAX_ZERO: period({ minutesWorkedLimit: { minutesWorkedMax: 0 } }),
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_REQUIRED_SATISFIABILITY: period({ minutesWorkedLimit: { minutesWorkedMin: 60 } }),
  PERIOD_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END: period({ minutesWorkedLimit: { minutesWorkedMax: 60, countOnlyBetween: { start: "22:00", end: "22:00" } } }),
  PERIOD_RULE_SHIFTS_WORKED_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, shiftsWorkedMin: 5, shiftsWorkedMax: 2 }),
  PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO: period({ shiftsWorkedMax: 0 }),
  PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED_REQUIRED: period({ shiftsWorkedMin: 1 }),
  PERIOD_RULE_DAYS_WORKED_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, daysWorkedMin: 5, daysWorkedMax: 2 }),
  PERIOD_RULE_DAYS_WORKED_MAX_ZERO: period({ daysWorkedMax: 0 }),
  PERIOD_RULE_DAYS_WORKED_MIN_DEPRECATED_REQUIRED: period({ daysWorkedMin: 1 }),
  PERIOD_RULE_DAYS_OFF_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, daysOffLimit: { daysOffMin: 3, daysOffMax: 2 } }),
  PERIOD_RULE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD: period({ period: "DAY", daysOffLimit: { daysOffMin: 1 } }),
  PERIOD_RULE_DAYS_OFF_MAX_REQUIRED_SATISFIABILITY: period({ daysOffLimit: { daysOffMax: 2 } }),
  PERIOD_RULE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH: period({ daysOffLimit: { daysOffMin: 8 } }),
  PERIOD_RULE_WEEKENDS_LIMIT_SHORT_PERIOD: period({ period: "DAY", weekendsLimit: { weekendsWorkedMax: 1 } }),
  PERIOD_RULE_CONSECUTIVE_WEEKENDS_OFF_LIMIT_INVALID_PERIOD: period({ consecutiveWeekendsOffLimit: { consecutiveWeekendsOffMin: 2 } }),
  PERIOD_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD: period({ period: "DAY", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 1 } }),
  PERIOD_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH: period({ consecutiveDaysOffLimit: { consecutiveDaysOffMin: 8 } }),
  PERIOD_RULE_LOCATIONS_WORKED_MAX_ZERO: period({ locationsWorkedMax: 0 }),
  PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_GREATER_THAN_MAX: period({ satisfiability: PREFERRED, shiftTypesTagCategories: ["a", "b"], shiftTypesWorkedMin: 3, shiftTypesWorkedMax: 2 }),
  PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_DEPRECATED_REQUIRED: period({ shiftTypesTagCategories: ["a", "b"], shiftTypesWorkedMin: 1 }),
  PERIOD_RULE_MINUTES_LOGGED_MIN_DEPRECATED_REQUIRED: period({ minutesLoggedMin: 60 }),
  CUSTOM_PERIOD_DATE_SPAN_START_AFTER_END: (i) => ({ ...i, scheduleParameterization: { periods: [{ id: "x", dateSpans: [{ start: "2027-05-10", end: "2027-05-03" }] }] } }),
  CONTRACT_NON_CONSECUTIVE_WEEKEND_DAYS: contract({ weekendConfiguration: { weekendDays: ["SATURDAY", "MONDAY"] } }),
  ROLLING_WINDOW_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: rolling({ includeShiftTags: ["a"], excludeShiftTags: ["b"], shiftsWorkedLimit: { shiftsWorkedMax: 5 } }),
  ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_ZERO: rolling({ minutesWorkedLimit: { minutesWorkedMax: 0 } }),
  ROLLING_WINDOW_RULE_SHIFTS_WORKED_MAX_ZERO: rolling({ shiftsWorkedLimit: { shiftsWorkedMax: 0 } }),
  ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_ZERO: rolling({ daysWorkedLimit: { daysWorkedMax: 0 } }),
  ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_EXCEEDS_WINDOW: rolling({ rollingWindow: { type: "DAILY", size: 1 }, minutesWorkedLimit: { minutesWorkedMax: 2000 } }),
  ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_EXCEEDS_WINDOW: rolling({ daysWorkedLimit: { daysWorkedMax: 8 } }),
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_GREATER_THAN_MAX: rolling({ satisfiability: PREFERRED, rollingWindow: { type: "WEEKLY", size: 4 }, weekendsLimit: { weekendsWorkedMin: 3, weekendsWorkedMax: 2 } }),
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_REQUIRED_SATISFIABILITY: rolling({ weekendsLimit: { weekendsWorkedMin: 1 } }),
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_EXCEEDS_WINDOW: rolling({ satisfiability: PREFERRED, weekendsLimit: { weekendsWorkedMin: 2 } }),
  ROLLING_WINDOW_RULE_BOTH_CONSECUTIVE_MINUTES_OFF_MIN_AND_INTERVALS: rolling({ consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 600, consecutiveMinutesOffMinIntervals: [{ consecutiveMinutesOffMin: 60, count: 1 }] } }),
  ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_WITHOUT_INTERVALS: rolling({ consecutiveMinutesOffLimit: { totalConsecutiveMinutesOffMin: 600 } }),
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW: rolling({ rollingWindow: { type: "DAILY", size: 1 }, consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 2000 } }),
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_INTERVALS_EXCEEDS_WINDOW: rolling({ rollingWindow: { type: "DAILY", size: 1 }, consecutiveMinutesOffLimit: { consecutiveMinutesOffMinIntervals: [{ consecutiveMinutesOffMin: 1000, count: 2 }] } }),
  ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW: rolling({ rollingWindow: { type: "DAILY", size: 1 }, consecutiveMinutesOffLimit: { consecutiveMinutesOffMinIntervals: [{ consecutiveMinutesOffMin: 60, count: 1 }], totalConsecutiveMinutesOffMin: 2000 } }),
  ROLLING_WINDOW_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END: rolling({ minutesWorkedLimit: { minutesWorkedMax: 600, countOnlyBetween: { start: "06:00", end: "06:00" } } }),
  ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_WINDOW: rolling({ rollingWindow: { type: "DAILY", size: 3 }, consecutiveDaysOffLimit: { consecutiveDaysOffMin: 4 } }),
  ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_WITH_ABSENCE_AWARE: rolling({ absenceMode: "ABSENCE_AWARE", consecutiveDaysOffLimit: { consecutiveDaysOffMin: 2 } }),
  ROLLING_WINDOW_RULE_SHIFTS_WORKED_LIMIT_WITH_ABSENCE_AWARE: rolling({ absenceMode: "ABSENCE_AWARE", shiftsWorkedLimit: { shiftsWorkedMax: 5 } }),
  ROLLING_WINDOW_RULE_DAYS_WORKED_LIMIT_WITH_ABSENCE_AWARE: rolling({ absenceMode: "ABSENCE_AWARE", daysWorkedLimit: { daysWorkedMax: 5 } }),
  ROLLING_WINDOW_RULE_WEEKENDS_LIMIT_WITH_ABSENCE_AWARE: rolling({ absenceMode: "ABSENCE_AWARE", weekendsLimit: { weekendsWorkedMax: 1 } }),
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_LIMIT_WITH_ABSENCE_AWARE: rolling({ absenceMode: "ABSENCE_AWARE", consecutiveMinutesOffLimit: { consecutiveMinutesOffMin: 600 } }),
  CONSECUTIVE_SHIFTS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: contract({ consecutiveShiftsWorkedRules: [{ id: "s", maximum: 5, includeShiftTags: ["a"], excludeShiftTags: ["b"] }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, includeShiftTags: ["a"], excludeShiftTags: ["b"] }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_MIN_GREATER_THAN_MAX: contract({ consecutiveDaysWorkedRules: [{ id: "d", satisfiability: PREFERRED, minimum: 6, maximum: 5 }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_MIN_DEPRECATED: contract({ consecutiveDaysWorkedRules: [{ id: "d", minimum: 2 }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_ALLOWED_START_DAYS_WITHOUT_CATEGORIES: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, allowedSequenceStartDays: ["MONDAY"] }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_DURATION_WITHOUT_CATEGORIES: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, minDurationBetweenDifferentSequences: "P1D" }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_DELAY_WITHOUT_CATEGORIES: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, minDelayBetweenDifferentSequences: { minStartDateAdjuster: "NEXT_DAY" } }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_REWARD_COMPACT_WITHOUT_CATEGORIES: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, rewardCompactSequences: true }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_BOTH_DURATION_AND_DELAY: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, shiftTypeTagCategories: ["a"], minDurationBetweenDifferentSequences: "P1D", minDelayBetweenDifferentSequences: { minStartDateAdjuster: "NEXT_DAY" } }] }),
  CONSECUTIVE_DAYS_WORKED_RULE_SAME_DAY_ADJUSTER_INCREMENT: contract({ consecutiveDaysWorkedRules: [{ id: "d", maximum: 5, shiftTypeTagCategories: ["a"], minDelayBetweenDifferentSequences: { minStartDateAdjuster: "SAME_DAY", minStartDateAdjusterIncrement: 2 } }] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: rest({ includePreviousShiftTags: ["a"], excludePreviousShiftTags: ["b"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS: rest({ includeNextShiftTags: ["a"], excludeNextShiftTags: ["b"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_INCLUDE_PREVIOUS_SHIFT_TAGS: rest({ requiredPriorShiftTags: ["a"], includePreviousShiftTags: ["a"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: rest({ requiredPriorShiftTags: ["a"], excludePreviousShiftTags: ["b"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_INCLUDE_NEXT_SHIFT_TAGS: rest({ requiredAfterShiftTags: ["a"], includeNextShiftTags: ["a"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_EXCLUDE_NEXT_SHIFT_TAGS: rest({ requiredAfterShiftTags: ["a"], excludeNextShiftTags: ["b"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS: rest({ requiredPriorShiftTags: ["night"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS: rest({ requiredAfterShiftTags: ["day"] }),
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS: rest({ includePreviousShiftTags: ["night"], minimumConsecutivePriorShifts: 2 }),
  MINUTES_BETWEEN_SHIFTS_RULE_MIN_CONSECUTIVE_PREVIOUS_SHIFTS_NO_TAGS: rest({ minConsecutivePreviousShifts: 2 }),
  MINUTES_BETWEEN_SHIFTS_RULE_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS_NO_TAGS: rest({ minimumConsecutivePriorShifts: 2 }),
  MINUTES_BETWEEN_SHIFTS_RULE_MIN_GREATER_THAN_MAX: rest({ maximumMinutesBetweenShifts: 60 }),
  MINUTES_BETWEEN_SHIFTS_RULE_SCOPE_WITHOUT_MIN_OR_MAX: contract({ minutesBetweenShiftsRules: [{ id: "r", scope: { duration: "PT8H" } }] }),
  MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: gaps({ includePreviousShiftTags: ["a"], excludePreviousShiftTags: ["b"] }),
  MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS: gaps({ includeNextShiftTags: ["a"], excludeNextShiftTags: ["b"] }),
  MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS: gaps({ requiredPriorShiftTags: ["a"] }),
  MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS: gaps({ requiredAfterShiftTags: ["a"] }),
  GLOBAL_DISRUPTION_RULES_DEPRECATED: (i) => ({ ...i, globalRules: { disruptionRules: [{ id: "g", start: "2027-05-03", end: "2027-05-04" }] } }),
  BOTH_GLOBAL_AND_CONTRACT_DISRUPTION_RULES: (i) => ({ ...contract({ disruptionRules: [{ id: "d", satisfiability: PREFERRED }] })(i), globalRules: { disruptionRules: [{ id: "g", start: "2027-05-03", end: "2027-05-04" }] } }),
  DISRUPTION_RULE_START_AFTER_END: (i) => ({ ...i, globalRules: { disruptionRules: [{ id: "g", start: "2027-05-05", end: "2027-05-04" }] } }),
  DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: (i) => ({ ...i, globalRules: { disruptionRules: [{ id: "g", start: "2027-05-03", end: "2027-05-04", includeShiftTags: ["a"], excludeShiftTags: ["b"] }] } }),
  CONTRACT_DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: contract({ disruptionRules: [{ id: "d", satisfiability: PREFERRED, includeShiftTags: ["a"], excludeShiftTags: ["b"] }] }),
  CONTRACT_DISRUPTION_RULE_REQUIRED_SATISFIABILITY_WITHOUT_SCOPE: contract({ disruptionRules: [{ id: "d" }] }),
  CONTRACT_DISRUPTION_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: contract({ disruptionRules: [{ id: "d", satisfiability: PREFERRED, validityDateTimeSpan: { start: "2027-05-04T00:00", end: "2027-05-03T00:00" } }] }),
  SINGLE_DAY_PATTERN_RULE_DEPRECATED_REQUIRED: contract({ singleDayShiftSequencePatternRules: [{ id: "p", pattern: [{ includeShiftTags: ["a"] }] }] }),
  CONTRACT_DISRUPTION_RULE_WEIGHT_WITH_REQUIRED_SATISFIABILITY: contract({ disruptionRules: [{ id: "d", disruptionWeight: 2, scope: { scopeType: "OVERLAP" } }] }),
  HOURLY_DEMAND_RULE_INTERVAL_TOO_SHORT: demandRule({ demandDetails: [{ startDateTime: T(8), endDateTime: "2027-05-03T08:20:00Z", maxDemand: 1 }] }),
  HOURLY_DEMAND_RULE_START_NOT_BEFORE_END: demandRule({ demandDetails: [{ startDateTime: T(9), endDateTime: T(8), maxDemand: 1 }] }),
  HOURLY_DEMAND_RULE_MIN_GREATER_THAN_MAX: demandRule({ satisfiability: PREFERRED, demandDetails: [{ startDateTime: T(8), minDemand: 3, maxDemand: 2 }] }),
  HOURLY_DEMAND_RULE_OVERLAPPING_DEMAND_DETAILS: demandRule({ demandDetails: [{ startDateTime: T(8), maxDemand: 1 }, { startDateTime: "2027-05-03T08:30:00Z", maxDemand: 1 }] }),
  HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: demandRule({ includeShiftTags: ["a"], excludeShiftTags: ["b"] }),
  HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: demandRule({ includeEmployeeTags: ["a"], excludeEmployeeTags: ["b"] }),
  HOURLY_DEMAND_RULE_NULL_MAX_DEMAND: generating({}, { demandDetails: [{ startDateTime: T(8), minDemand: 1 }] }),
  HOURLY_DEMAND_RULE_INVALID_GRANULARITY: generating({}, { shiftGeneration: { templates: [template()], config: { granularity: "PT15M" } } }),
  HOURLY_DEMAND_RULE_START_DATE_TIME_NOT_ALIGNED: generating({}, { demandDetails: [{ startDateTime: "2027-05-03T08:30:00Z", endDateTime: T(10), maxDemand: 1 }] }),
  HOURLY_DEMAND_RULE_END_DATE_TIME_NOT_ALIGNED: generating({}, { demandDetails: [{ startDateTime: T(8), endDateTime: "2027-05-03T09:30:00Z", maxDemand: 1 }] }),
  HOURLY_DEMAND_RULE_DUPLICATE_TEMPLATE_ID: generating({}, { shiftGeneration: { templates: [template(), template()] } }),
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_NOT_POSITIVE: generating({ baseDuration: "PT0M" }),
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_EXCEEDS_MAX: generating({ baseDuration: "PT25H" }),
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_START_TIME_NOT_ALIGNED: generating({ baseStartTime: "08:15" }),
  HOURLY_DEMAND_RULE_TEMPLATE_DURATION_NOT_ALIGNED: generating({ baseDuration: "PT90M" }),
  HOURLY_DEMAND_RULE_TEMPLATE_DEVIATION_EXCEEDS_MAX: generating({ startDeviationBefore: "PT3H" }),
  HOURLY_DEMAND_RULE_NO_WEEKDAY_OVERLAP: generating({ applicableDaysOfWeek: ["SUNDAY"] }),
  PLANNING_WINDOW_REQUIRED_WITH_DEMAND_SHIFT_GENERATION: (i) => {
    const { planningWindow: _, ...rest } = generating({})(i);
    return rest;
  },
  SHIFT_GENERATION_TOTAL_ESTIMATE_EXCEEDS_LIMIT: generating({}, { demandDetails: [{ startDateTime: T(8), endDateTime: "2027-12-31T08:00:00Z", maxDemand: 100_000 }] }),
  EMPLOYEE_DEPRECATED_ZONE_OFFSET: (i) => ({ ...i, employees: [{ ...i.employees[0], zoneOffset: "+02:00" }, i.employees[1]] }),
  ...COST_ROWS,
  // Employee pairings (model/pairing-validation.ts).
  EMPLOYEE_PAIRING_MISSING_TARGET: pairing({ onlyForShiftTags: ["icu"] }, { shifts: [{ id: "s1", start: T(8), end: T(16), tags: ["icu"] }] }),
  EMPLOYEE_PAIRING_BOTH_EMPLOYEE_AND_TAGS: pairing({ pairedEmployee: "Bob", includeEmployeeWithTags: ["senior"] }),
  SHIFT_ROTATION_RULE_MISSING_PERIOD: contract({ shiftRotationRules: [{ id: "rot", rotationGroups: [{ id: "g" }] }] }),
  SHIFT_ROTATION_RULE_DEPRECATED_PERIOD: contract({ shiftRotationRules: [{ id: "rot", builtInRotationPeriod: { type: "WEEKLY" }, rotationGroups: [{ id: "g" }] }] }),
  SHIFT_ROTATION_RULE_CUSTOM_PERIOD_MIN_GREATER_THAN_MAX: contract({ shiftRotationRules: [{ id: "rot", rotationPeriod: { type: "CUSTOM", preferredRotationPeriodMinSizeInDays: 9, requiredRotationPeriodMaxSizeInDays: 7 }, rotationGroups: [{ id: "g" }] }] }),
  SHIFT_MATCHES_MULTIPLE_ROTATION_GROUPS: contract({ shiftRotationRules: [{ id: "rot", rotationPeriod: { type: "WEEKLY" }, rotationGroups: [{ id: "day" }, { id: "any-shift" }] }] }),
  BOTH_GLOBAL_AND_CONTRACT_TRAVEL_CONFIGURATIONS: (i) => ({ ...contract({ travelConfigurations: [{ id: "t" }] })(i), scheduleParameterization: { travelConfiguration: {} } }),
  EMPLOYEE_MULTIPLE_TRAVEL_CONTRACTS: (i) => ({
    ...i,
    contracts: [{ id: "c1", travelConfigurations: [{ id: "t" }] }, { id: "c2", travelConfigurations: [{ id: "t" }] }],
    employees: [{ ...i.employees[0], contracts: ["c1", "c2"], location: [50.85, 4.35] }, i.employees[1]],
  }),
  EMPLOYEE_MULTIPLE_FTE_CONTRACTS: (i) => ({
    ...i,
    contracts: [{ id: "c1", fteConfiguration: { fixedFte: 0.5 } }, { id: "c2", fteConfiguration: { fixedFte: 0.8 } }],
    employees: [{ ...i.employees[0], contracts: ["c1", "c2"] }, i.employees[1]],
  }),
  EMPLOYEE_TRAVEL_CONTRACT_WITHOUT_LOCATION: contract({ travelConfigurations: [{ id: "t", maxEmployeeToShiftTravelDistanceInMeters: 1000 }] }),
  TRAVEL_CONFIG_START_NOT_BEFORE_END: contract({ travelConfigurations: [{ id: "t", validityDateTimeSpan: { start: "2027-05-04T00:00:00", end: "2027-05-03T00:00:00" } }] }),
  TRAVEL_CONFIGS_OVERLAP: contract({ travelConfigurations: [{ id: "t1" }, { id: "t2", validityDateTimeSpan: { start: "2027-05-03T00:00:00" } }] }),
  PERIODIC_TRAVEL_CONFIG_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: contract({ travelConfigurations: [{ id: "t", includeShiftTags: ["a"], excludeShiftTags: ["b"] }] }),
  TRAVEL_CONFIGURATION_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: (i) => ({ ...i, scheduleParameterization: { travelConfiguration: { includeShiftTags: ["a"], excludeShiftTags: ["b"] } } }),
  EMPLOYEE_PAIRING_SELF_PAIRING: pairing({ pairedEmployee: "Ann" }),
  EMPLOYEE_PAIRING_UNKNOWN_EMPLOYEE: pairing({ pairedEmployee: "Zed" }, {}, "prohibitedPairings"),
  EMPLOYEE_PAIRING_UNKNOWN_TAG: pairing({ includeEmployeeWithTags: ["trainer"] }, {}, "preferredPairings"),
  EMPLOYEE_PAIRING_UNKNOWN_GROUP_BY_TAG: pairing({ pairedEmployee: "Bob", groupByEmployeeTag: "Squad", commonTagType: "Location" }, { tagTypes: [{ id: "Location" }] }),
  EMPLOYEE_PAIRING_GROUP_BY_TAG_WITHOUT_COMMON_TAG_TYPE: pairing({ includeEmployeeWithTags: ["senior"], groupByEmployeeTag: "Team" }, { tagTypes: [{ id: "Team" }] }),
  EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_COMMON_TAG_TYPE: pairing({ pairedEmployee: "Bob", groupShiftsPerDayLimit: { groupShiftsPerDayMax: 2 } }),
  EMPLOYEE_PAIRING_GROUP_SHIFTS_PER_DAY_LIMIT_WITHOUT_GROUP_BY_TAG: pairing({ pairedEmployee: "Bob", commonTagType: "Location", groupShiftsPerDayLimit: { groupShiftsPerDayMax: 2 } }, { tagTypes: [{ id: "Location" }] }),
  UNDECLARED_TAG_TYPE_BY_EMPLOYEE_PAIRING: pairing({ pairedEmployee: "Bob", commonTagType: "Location" }, {}, "unpreferredPairings"),
  EMPLOYEE_CONFLICTING_PAIRINGS: (i) => ({ ...i, employees: [{ id: "Ann", requiredPairings: [{ pairedEmployee: "Bob" }], prohibitedPairings: [{ pairedEmployee: "Bob" }] }, { id: "Bob", tags: ["senior"] }] }),
  // Global shift counts and shift groups (model/global-validation.ts).
  GLOBAL_PERIOD_RULE_INVALID_PERIOD: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "FORTNIGHT", shiftsWorkedMax: 2 }] } }),
  GLOBAL_PERIOD_RULE_MIN_GREATER_THAN_MAX: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "DAY", satisfiability: "PREFERRED", shiftsWorkedMin: 3, shiftsWorkedMax: 2 }] } }),
  GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "DAY", shiftsWorkedMax: 0 }] } }),
  GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "DAY", shiftsWorkedMin: 1 }] } }),
  GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "DAY", shiftsWorkedMax: 2, includeShiftTags: ["a"], excludeShiftTags: ["b"] }] } }),
  GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: (i) => ({ ...i, globalRules: { minimumMaximumShiftsPerPeriod: [{ id: "g", period: "DAY", shiftsWorkedMax: 2, includeEmployeeTags: ["a"], excludeEmployeeTags: ["b"] }] } }),
  CONCURRENT_SHIFTS_RULE_MAX_ZERO: (i) => ({ ...i, globalRules: { concurrentShiftsRules: [{ id: "c", concurrentShiftsMax: 0 }] } }),
  CONCURRENT_SHIFTS_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: (i) => ({ ...i, globalRules: { concurrentShiftsRules: [{ id: "c", concurrentShiftsMax: 1, ruleValidityDateTimeSpan: { start: "2027-02-02T00:00:00", end: "2027-02-01T00:00:00" } }] } }),
  SHIFT_BELONGS_TO_MULTIPLE_SHIFT_GROUPS: (i) => ({ ...i, shiftGroups: [{ id: "g1", shifts: [i.shifts[0].id] }, { id: "g2", shifts: [i.shifts[0].id] }] }),
  SHIFT_GROUP_MATCHES_MULTIPLE_RULES: (i) => ({ ...i, shiftGroups: [{ id: "g1", tags: ["alt"], shifts: [i.shifts[0].id] }], globalRules: { shiftGroupRules: [{ id: "r1", includeShiftGroupTags: ["alt"] }, { id: "r2" }] } }),
  // Accepted, not scored: the list (model/unscored-fields.ts) is empty, so this row validates with a list of its own.
  UNSCORED_FIELD: contract({ priority: "5" }),
};
/** Rows whose issue only a list of unscored fields other than the real (empty) one produces. */
const UNSCORED_LIST: Record<string, UnscoredField[]> = { UNSCORED_FIELD: [{ path: "contracts[].priority", except: ["10"] }] };

function validateRow(code: string): ValidationIssue[] {
  const input = ROWS[code](valid());
  if (!(code in UNSCORED_LIST)) return validateModelInput(input);
  const facts = new ShiftFacts(new Set(input.employees.map((e) => e.id)), UNSCORED_LIST[code]);
  const { shifts, ...rest } = input;
  shifts.forEach((s) => facts.add(s));
  return validateWithShiftFacts(rest, facts);
}

describe("validation issues", () => {
  it("the valid base input has no issue", () => {
    expect(validateModelInput(valid())).toEqual([]);
    expect(summarize([]).summary).toBe("OK");
  });

  it("every issue type has a row", () => {
    expect(Object.keys(ROWS).sort()).toEqual(ISSUE_TYPES.map((t) => t.code).sort());
  });

  it.each(ISSUE_TYPES.map((t) => [t.code, t.severity] as const))("%s (%s)", (code, severity) => {
    const issues = validateRow(code);
    const matching = issues.filter((i) => i.code === code);
    expect(matching.length, JSON.stringify(issues.map((i) => i.code))).toBeGreaterThan(0);
    expect(matching[0].severity).toBe(severity);
    expect(matching[0].message.length).toBeGreaterThan(10);
    expect(summarize(issues).summary).toBe(issues.some((i) => i.severity === "ERROR") ? "ERRORS" : "WARNINGS");
  });

  it("issue ids number the issues of one dataset from 1", () => {
    const issues = validateModelInput({ employees: [], shifts: [{ id: "a", start: T(9), end: T(8) }, { id: "a", start: T(8), end: T(9) }] });
    expect(issues.map((i) => i.id)).toEqual(issues.map((_, k) => k + 1));
    expect(issues.map((i) => i.code).sort()).toEqual(["DUPLICATE_ID", "EMPTY_EMPLOYEES_LIST", "SHIFT_START_NOT_BEFORE_END"]);
  });
});

describe("rule schemas", () => {
  it("a misspelt contract rule field is rejected with its path; a valid rule passes", async () => {
    const { ModelInputSchema } = await import("../../schemas/model-input");
    const base = valid();
    const typo = { ...base, contracts: [{ id: "c", periodRules: [{ id: "p", period: "WEEK", minutesWorkedLimit: { minutesWorkedMaxx: 600 } }] }] };
    const result = ModelInputSchema.safeParse(typo);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path).toEqual(["contracts", 0, "periodRules", 0, "minutesWorkedLimit"]);
    expect(result.error!.issues[0].message).toMatch(/minutesWorkedMaxx/);
    const enumTypo = { ...base, contracts: [{ id: "c", rollingWindowRules: [{ id: "r", rollingWindow: { type: "WEEKY", size: 1 } }] }] };
    expect(ModelInputSchema.safeParse(enumTypo).error!.issues[0].path).toEqual(["contracts", 0, "rollingWindowRules", 0, "rollingWindow", "type"]);
    const zone = { ...base, employees: [{ id: "Ann", timeZoneId: "Europe/Brussel" }] };
    expect(ModelInputSchema.safeParse(zone).error!.issues[0].path).toEqual(["employees", 0, "timeZoneId"]);
    const ok = { ...base, contracts: [{ id: "c", periodRules: [{ id: "p", period: "WEEK", minutesWorkedLimit: { minutesWorkedMax: 600 } }] }] };
    expect(ModelInputSchema.safeParse(ok).success).toBe(true);
  });
});
