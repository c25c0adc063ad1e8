/**
 * Semantic validation of the contract rules and the schedule's periods (spec §2.4, §2.6), part of
 * model/validation.ts: the issue types (codes = the reference `*Issue` schema names in UPPER_SNAKE) and their checks.
 * Contradictions that make a rule meaningless (minimum above maximum, an unknown period, a span ending before it
 * starts) are ERRORs; deprecated fields, conflicting but usable filters and settings that have no effect are WARNINGs.
 */
import type { ModelInput } from "../schemas/model-input";
import { dayOfIsoDate, localMinutesOf, parseOffset, timeOfDayMinutes } from "../solver/time";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const CONTRACT_ISSUE_TYPES = {
  // ---- period rules ----
  PERIOD_RULE_INVALID_PERIOD: { severity: "ERROR", message: "A period rule names a period that is neither built in (DAY, WEEK, MONTH, YEAR, SCHEDULE) nor a custom period of scheduleParameterization." },
  PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A period rule has both includeShiftTags and excludeShiftTags; both apply." },
  PERIOD_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: { severity: "ERROR", message: "The ruleValidityDateTimeSpan of a period rule must start before it ends." },
  PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MIN: { severity: "WARNING", message: "minutesWorkedMin of a period rule is deprecated; use minutesWorkedLimit.minutesWorkedMin." },
  PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MAX: { severity: "WARNING", message: "minutesWorkedMax of a period rule is deprecated; use minutesWorkedLimit.minutesWorkedMax." },
  PERIOD_RULE_MINUTES_WORKED_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "The deprecated minutesWorkedMin of a period rule is greater than its minutesWorkedMax." },
  PERIOD_RULE_MINUTES_WORKED_MAX_ZERO: { severity: "WARNING", message: "The deprecated minutesWorkedMax of a period rule is 0: no matching shift can be worked." },
  PERIOD_RULE_MINUTES_WORKED_MIN_DEPRECATED_REQUIRED: { severity: "WARNING", message: "A REQUIRED minutesWorkedMin is deprecated; use PREFERRED satisfiability." },
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "minutesWorkedLimit.minutesWorkedMin of a period rule is greater than its minutesWorkedMax." },
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MAX_ZERO: { severity: "WARNING", message: "minutesWorkedLimit.minutesWorkedMax of a period rule is 0: no matching shift can be worked." },
  PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_REQUIRED_SATISFIABILITY: { severity: "WARNING", message: "minutesWorkedLimit.minutesWorkedMin is only meant for PREFERRED period rules." },
  PERIOD_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END: { severity: "ERROR", message: "The countOnlyBetween interval of a period rule starts and ends at the same time." },
  PERIOD_RULE_SHIFTS_WORKED_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "shiftsWorkedMin of a period rule is greater than its shiftsWorkedMax." },
  PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO: { severity: "WARNING", message: "shiftsWorkedMax of a period rule is 0: no matching shift can be worked." },
  PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED_REQUIRED: { severity: "WARNING", message: "A REQUIRED shiftsWorkedMin is deprecated; use PREFERRED satisfiability." },
  PERIOD_RULE_DAYS_WORKED_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "daysWorkedMin of a period rule is greater than its daysWorkedMax." },
  PERIOD_RULE_DAYS_WORKED_MAX_ZERO: { severity: "WARNING", message: "daysWorkedMax of a period rule is 0: no matching shift can be worked." },
  PERIOD_RULE_DAYS_WORKED_MIN_DEPRECATED_REQUIRED: { severity: "WARNING", message: "A REQUIRED daysWorkedMin is deprecated; use PREFERRED satisfiability." },
  PERIOD_RULE_DAYS_OFF_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "daysOffLimit.daysOffMin of a period rule is greater than its daysOffMax." },
  PERIOD_RULE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD: { severity: "WARNING", message: "A days off limit on a DAY period has no effect beyond working or not that day." },
  PERIOD_RULE_DAYS_OFF_MAX_REQUIRED_SATISFIABILITY: { severity: "WARNING", message: "daysOffLimit.daysOffMax is only meant for PREFERRED period rules." },
  PERIOD_RULE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH: { severity: "ERROR", message: "daysOffLimit.daysOffMin exceeds the number of days of the rule's period." },
  PERIOD_RULE_WEEKENDS_LIMIT_SHORT_PERIOD: { severity: "WARNING", message: "A weekends limit on a DAY period cannot count weekends." },
  PERIOD_RULE_CONSECUTIVE_WEEKENDS_OFF_LIMIT_INVALID_PERIOD: { severity: "WARNING", message: "A consecutive weekends off limit needs a period of several weeks (MONTH, YEAR, SCHEDULE or a long custom period)." },
  PERIOD_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD: { severity: "WARNING", message: "A consecutive days off limit on a DAY period has no effect beyond working or not that day." },
  PERIOD_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH: { severity: "ERROR", message: "consecutiveDaysOffLimit.consecutiveDaysOffMin exceeds the number of days of the rule's period." },
  PERIOD_RULE_LOCATIONS_WORKED_MAX_ZERO: { severity: "WARNING", message: "locationsWorkedMax of a period rule is 0: no matching shift with a location can be worked." },
  PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "shiftTypesWorkedMin of a period rule is greater than its shiftTypesWorkedMax." },
  PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_DEPRECATED_REQUIRED: { severity: "WARNING", message: "A REQUIRED shiftTypesWorkedMin is deprecated; use PREFERRED satisfiability." },
  PERIOD_RULE_MINUTES_LOGGED_MIN_DEPRECATED_REQUIRED: { severity: "WARNING", message: "A REQUIRED minutesLoggedMin is deprecated; use PREFERRED satisfiability." },
  CUSTOM_PERIOD_DATE_SPAN_START_AFTER_END: { severity: "ERROR", message: "A date span of a custom period starts after it ends." },
  CONTRACT_NON_CONSECUTIVE_WEEKEND_DAYS: { severity: "ERROR", message: "The weekend days of a contract's weekendConfiguration are not consecutive days of the week." },
  // ---- rolling windows ----
  ROLLING_WINDOW_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A rolling window rule has both includeShiftTags and excludeShiftTags; both apply." },
  ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_ZERO: { severity: "WARNING", message: "minutesWorkedLimit.minutesWorkedMax of a rolling window rule is 0." },
  ROLLING_WINDOW_RULE_SHIFTS_WORKED_MAX_ZERO: { severity: "WARNING", message: "shiftsWorkedLimit.shiftsWorkedMax of a rolling window rule is 0." },
  ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_ZERO: { severity: "WARNING", message: "daysWorkedLimit.daysWorkedMax of a rolling window rule is 0." },
  ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_EXCEEDS_WINDOW: { severity: "WARNING", message: "The minutes worked maximum of a rolling window rule exceeds the window's length: it never applies." },
  ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_EXCEEDS_WINDOW: { severity: "WARNING", message: "The days worked maximum of a rolling window rule exceeds the window's days: it never applies." },
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "weekendsLimit.weekendsWorkedMin of a rolling window rule is greater than its weekendsWorkedMax." },
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_REQUIRED_SATISFIABILITY: { severity: "WARNING", message: "weekendsLimit.weekendsWorkedMin is only meant for PREFERRED rolling window rules." },
  ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_EXCEEDS_WINDOW: { severity: "ERROR", message: "weekendsLimit.weekendsWorkedMin exceeds the weekends a window can hold." },
  ROLLING_WINDOW_RULE_BOTH_CONSECUTIVE_MINUTES_OFF_MIN_AND_INTERVALS: { severity: "ERROR", message: "consecutiveMinutesOffLimit has both consecutiveMinutesOffMin and consecutiveMinutesOffMinIntervals." },
  ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_WITHOUT_INTERVALS: { severity: "ERROR", message: "totalConsecutiveMinutesOffMin needs consecutiveMinutesOffMinIntervals." },
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW: { severity: "ERROR", message: "consecutiveMinutesOffMin exceeds the window's length." },
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_INTERVALS_EXCEEDS_WINDOW: { severity: "ERROR", message: "The consecutive minutes off intervals together exceed the window's length." },
  ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW: { severity: "ERROR", message: "totalConsecutiveMinutesOffMin exceeds the window's length." },
  ROLLING_WINDOW_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END: { severity: "ERROR", message: "The countOnlyBetween interval of a rolling window rule starts and ends at the same time." },
  ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_WINDOW: { severity: "ERROR", message: "consecutiveDaysOffLimit.consecutiveDaysOffMin exceeds the window's full days." },
  ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_WITH_ABSENCE_AWARE: { severity: "WARNING", message: "ABSENCE_AWARE applies to minutes worked only; the consecutive days off limit ignores it." },
  ROLLING_WINDOW_RULE_SHIFTS_WORKED_LIMIT_WITH_ABSENCE_AWARE: { severity: "WARNING", message: "ABSENCE_AWARE applies to minutes worked only; the shifts worked limit ignores it." },
  ROLLING_WINDOW_RULE_DAYS_WORKED_LIMIT_WITH_ABSENCE_AWARE: { severity: "WARNING", message: "ABSENCE_AWARE applies to minutes worked only; the days worked limit ignores it." },
  ROLLING_WINDOW_RULE_WEEKENDS_LIMIT_WITH_ABSENCE_AWARE: { severity: "WARNING", message: "ABSENCE_AWARE applies to minutes worked only; the weekends limit ignores it." },
  ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_LIMIT_WITH_ABSENCE_AWARE: { severity: "WARNING", message: "ABSENCE_AWARE applies to minutes worked only; the consecutive minutes off limit ignores it." },
  // ---- sequences and rest ----
  CONSECUTIVE_SHIFTS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A consecutive shifts worked rule has both includeShiftTags and excludeShiftTags; both apply." },
  CONSECUTIVE_DAYS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A consecutive days worked rule has both includeShiftTags and excludeShiftTags; both apply." },
  CONSECUTIVE_DAYS_WORKED_RULE_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "The minimum of a consecutive days worked rule is greater than its maximum." },
  CONSECUTIVE_DAYS_WORKED_RULE_MIN_DEPRECATED: { severity: "WARNING", message: "A REQUIRED minimum of consecutive days worked is deprecated; use PREFERRED satisfiability." },
  CONSECUTIVE_DAYS_WORKED_RULE_ALLOWED_START_DAYS_WITHOUT_CATEGORIES: { severity: "WARNING", message: "allowedSequenceStartDays of a consecutive days worked rule needs shiftTypeTagCategories; without them it has no effect." },
  CONSECUTIVE_DAYS_WORKED_RULE_DURATION_WITHOUT_CATEGORIES: { severity: "WARNING", message: "minDurationBetweenDifferentSequences of a consecutive days worked rule needs shiftTypeTagCategories; without them it has no effect." },
  CONSECUTIVE_DAYS_WORKED_RULE_DELAY_WITHOUT_CATEGORIES: { severity: "WARNING", message: "minDelayBetweenDifferentSequences of a consecutive days worked rule needs shiftTypeTagCategories; without them it has no effect." },
  CONSECUTIVE_DAYS_WORKED_RULE_REWARD_COMPACT_WITHOUT_CATEGORIES: { severity: "WARNING", message: "rewardCompactSequences of a consecutive days worked rule needs shiftTypeTagCategories; without them it has no effect." },
  CONSECUTIVE_DAYS_WORKED_RULE_BOTH_DURATION_AND_DELAY: { severity: "ERROR", message: "A consecutive days worked rule has both minDurationBetweenDifferentSequences and minDelayBetweenDifferentSequences; they are mutually exclusive." },
  CONSECUTIVE_DAYS_WORKED_RULE_SAME_DAY_ADJUSTER_INCREMENT: { severity: "ERROR", message: "minDelayBetweenDifferentSequences with the SAME_DAY adjuster takes no minStartDateAdjusterIncrement above 1." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: { severity: "WARNING", message: "A minutes between shifts rule has both includePreviousShiftTags and excludePreviousShiftTags; both apply." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS: { severity: "WARNING", message: "A minutes between shifts rule has both includeNextShiftTags and excludeNextShiftTags; both apply." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_INCLUDE_PREVIOUS_SHIFT_TAGS: { severity: "ERROR", message: "A minutes between shifts rule has both requiredPriorShiftTags and its successor includePreviousShiftTags." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: { severity: "ERROR", message: "A minutes between shifts rule has both requiredPriorShiftTags and excludePreviousShiftTags." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_INCLUDE_NEXT_SHIFT_TAGS: { severity: "ERROR", message: "A minutes between shifts rule has both requiredAfterShiftTags and its successor includeNextShiftTags." },
  MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_EXCLUDE_NEXT_SHIFT_TAGS: { severity: "ERROR", message: "A minutes between shifts rule has both requiredAfterShiftTags and excludeNextShiftTags." },
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS: { severity: "WARNING", message: "requiredPriorShiftTags is deprecated; use includePreviousShiftTags (it is read as such)." },
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS: { severity: "WARNING", message: "requiredAfterShiftTags is deprecated; use includeNextShiftTags (it is read as such)." },
  MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS: { severity: "WARNING", message: "minimumConsecutivePriorShifts is deprecated; use minConsecutivePreviousShifts (it is read as such)." },
  MINUTES_BETWEEN_SHIFTS_RULE_MIN_CONSECUTIVE_PREVIOUS_SHIFTS_NO_TAGS: { severity: "ERROR", message: "minConsecutivePreviousShifts above 1 needs previous shift tags to identify the sequence." },
  MINUTES_BETWEEN_SHIFTS_RULE_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS_NO_TAGS: { severity: "ERROR", message: "minimumConsecutivePriorShifts above 1 needs prior shift tags to identify the sequence." },
  MINUTES_BETWEEN_SHIFTS_RULE_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "minimumMinutesBetweenShifts is greater than maximumMinutesBetweenShifts." },
  MINUTES_BETWEEN_SHIFTS_RULE_SCOPE_WITHOUT_MIN_OR_MAX: { severity: "WARNING", message: "The scope of a minutes between shifts rule without minimumMinutesBetweenShifts or maximumMinutesBetweenShifts has no effect." },
  MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS: { severity: "WARNING", message: "A minimize gaps rule has both includePreviousShiftTags and excludePreviousShiftTags; both apply." },
  MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS: { severity: "WARNING", message: "A minimize gaps rule has both includeNextShiftTags and excludeNextShiftTags; both apply." },
  MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS: { severity: "WARNING", message: "requiredPriorShiftTags of a minimize gaps rule is deprecated; use includePreviousShiftTags." },
  MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS: { severity: "WARNING", message: "requiredAfterShiftTags of a minimize gaps rule is deprecated; use includeNextShiftTags." },
  // ---- shift sequence patterns ----
  SINGLE_DAY_PATTERN_RULE_DEPRECATED_REQUIRED: { severity: "WARNING", message: "REQUIRED satisfiability (the default) of a single-day shift sequence pattern rule is deprecated; it is scored hard as before, PREFERRED will replace it." },
  // ---- disruption ----
  GLOBAL_DISRUPTION_RULES_DEPRECATED: { severity: "WARNING", message: "globalRules.disruptionRules is deprecated; use the disruptionRules of contracts." },
  BOTH_GLOBAL_AND_CONTRACT_DISRUPTION_RULES: { severity: "WARNING", message: "Both globalRules.disruptionRules and contract disruptionRules are defined; both are scored." },
  DISRUPTION_RULE_START_AFTER_END: { severity: "ERROR", message: "A global disruption rule starts after it ends." },
  DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A global disruption rule has both includeShiftTags and excludeShiftTags; both apply." },
  CONTRACT_DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A contract disruption rule has both includeShiftTags and excludeShiftTags; both apply." },
  CONTRACT_DISRUPTION_RULE_REQUIRED_SATISFIABILITY_WITHOUT_SCOPE: { severity: "ERROR", message: "A REQUIRED contract disruption rule needs a scope." },
  CONTRACT_DISRUPTION_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: { severity: "ERROR", message: "The validity span of a contract disruption rule must start before it ends." },
  CONTRACT_DISRUPTION_RULE_WEIGHT_WITH_REQUIRED_SATISFIABILITY: { severity: "WARNING", message: "disruptionWeight has no effect on a REQUIRED contract disruption rule." },
  // ---- time zones ----
  EMPLOYEE_DEPRECATED_ZONE_OFFSET: { severity: "WARNING", message: "The zoneOffset of an employee is deprecated; use timeZoneId (an IANA zone, daylight-saving aware)." },
} as const satisfies Record<string, Entry>;

export type ContractIssueCode = keyof typeof CONTRACT_ISSUE_TYPES;
type Report = (code: ContractIssueCode, message: string, detail: Record<string, unknown>) => void;

const has = (v: readonly unknown[] | null | undefined) => (v?.length ?? 0) > 0;
const num = (v: number | null | undefined): v is number => typeof v === "number";
const BUILT_IN = new Set(["DAY", "WEEK", "MONTH", "YEAR", "SCHEDULE"]);
const DAY_NAMES = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

/** Longest length in days of a period (for "exceeds period length" checks); undefined when unknown. */
function periodDays(period: string, custom: Map<string, number>): number | undefined {
  switch (period) {
    case "DAY": return 1;
    case "WEEK": return 7;
    case "MONTH": return 31;
    case "YEAR": return 366;
    case "SCHEDULE": return undefined;
  }
  return custom.get(period);
}

/** Length in minutes and days of a rolling window (months as 31 days: the longest). */
function windowLength(w: { type: string; size: number }): { days: number } {
  const unit = w.type === "DAILY" ? 1 : w.type === "WEEKLY" ? 7 : w.type === "MONTHLY" ? 31 : 1 / 24;
  return { days: unit * w.size };
}

export function validateContracts(input: ModelInput, report: Report): void {
  const custom = new Map<string, number>();
  for (const p of input.scheduleParameterization?.periods ?? []) {
    let longest = 0;
    for (const span of p.dateSpans ?? []) {
      const a = dayOfIsoDate(span.start), b = dayOfIsoDate(span.end);
      if (a > b) report("CUSTOM_PERIOD_DATE_SPAN_START_AFTER_END", `Custom period '${p.id}' has a date span from ${span.start} to ${span.end}.`, { period: p.id, start: span.start, end: span.end });
      else longest = Math.max(longest, b - a + 1);
    }
    custom.set(p.id, longest);
  }

  for (const employee of input.employees) {
    if (employee.zoneOffset != null && parseOffset(employee.zoneOffset) !== undefined) {
      report("EMPLOYEE_DEPRECATED_ZONE_OFFSET", `Employee '${employee.id}' uses the deprecated zoneOffset '${employee.zoneOffset}'.`, { employee: employee.id, zoneOffset: employee.zoneOffset });
    }
  }

  const global = input.globalRules?.disruptionRules ?? [];
  if (global.length > 0) {
    report("GLOBAL_DISRUPTION_RULES_DEPRECATED", `globalRules.disruptionRules (${global.length}) is deprecated.`, { rules: global.map((r) => r.id) });
    if ((input.contracts ?? []).some((c) => has(c.disruptionRules))) report("BOTH_GLOBAL_AND_CONTRACT_DISRUPTION_RULES", "Disruption rules are defined both globally and in contracts.", {});
  }
  for (const r of global) {
    if (dayOfIsoDate(r.start) > dayOfIsoDate(r.end)) report("DISRUPTION_RULE_START_AFTER_END", `Global disruption rule '${r.id}' runs from ${r.start} to ${r.end}.`, { rule: r.id });
    if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `Global disruption rule '${r.id}' has both include and exclude shift tags.`, { rule: r.id });
  }

  for (const contract of input.contracts ?? []) {
    const c = contract.id;
    for (const r of contract.disruptionRules ?? []) {
      const at = { contract: c, rule: r.id };
      const text = `Disruption rule '${r.id}' of contract '${c}'`;
      const required = (r.satisfiability ?? "REQUIRED") === "REQUIRED";
      if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("CONTRACT_DISRUPTION_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `${text} has both include and exclude shift tags.`, at);
      if (required && !r.scope) report("CONTRACT_DISRUPTION_RULE_REQUIRED_SATISFIABILITY_WITHOUT_SCOPE", `${text} is REQUIRED without a scope.`, at);
      if (required && r.disruptionWeight != null) report("CONTRACT_DISRUPTION_RULE_WEIGHT_WITH_REQUIRED_SATISFIABILITY", `${text} is REQUIRED and has a disruptionWeight.`, at);
      const v = r.validityDateTimeSpan;
      if (v?.start && v?.end && !(localMinutesOf(v.start) < localMinutesOf(v.end))) report("CONTRACT_DISRUPTION_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END", `${text} has a validity span from ${v.start} to ${v.end}.`, at);
    }
    const weekendDays = contract.weekendConfiguration?.weekendDays;
    if (weekendDays && weekendDays.length > 1) {
      const idx = weekendDays.map((d) => DAY_NAMES.indexOf(d)).sort((a, b) => a - b);
      const mask = idx.reduce((m, i) => m | (1 << i), 0);
      const starts = idx.filter((i) => !((mask >> ((i + 6) % 7)) & 1)).length;
      if (starts !== 1) report("CONTRACT_NON_CONSECUTIVE_WEEKEND_DAYS", `Contract '${c}' has non-consecutive weekend days ${weekendDays.join(", ")}.`, { contract: c, weekendDays });
    }

    for (const r of contract.periodRules ?? []) {
      const at = { contract: c, rule: r.id };
      const text = `Period rule '${r.id}' of contract '${c}'`;
      const required = (r.satisfiability ?? "REQUIRED") === "REQUIRED";
      if (!BUILT_IN.has(r.period) && !custom.has(r.period)) report("PERIOD_RULE_INVALID_PERIOD", `${text} names the unknown period '${r.period}'; it is not scored.`, { ...at, period: r.period });
      if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `${text} has both include and exclude shift tags.`, at);
      const v = r.ruleValidityDateTimeSpan;
      if (v?.start && v?.end && !(localMinutesOf(v.start) < localMinutesOf(v.end))) report("PERIOD_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END", `${text} has a validity span from ${v.start} to ${v.end}.`, at);
      if (num(r.minutesWorkedMin)) {
        report("PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MIN", `${text} uses the deprecated minutesWorkedMin.`, at);
        if (required) report("PERIOD_RULE_MINUTES_WORKED_MIN_DEPRECATED_REQUIRED", `${text} has a REQUIRED minutesWorkedMin.`, at);
      }
      if (num(r.minutesWorkedMax)) {
        report("PERIOD_RULE_DEPRECATED_MINUTES_WORKED_MAX", `${text} uses the deprecated minutesWorkedMax.`, at);
        if (r.minutesWorkedMax === 0) report("PERIOD_RULE_MINUTES_WORKED_MAX_ZERO", `${text} has minutesWorkedMax 0.`, at);
      }
      if (num(r.minutesWorkedMin) && num(r.minutesWorkedMax) && r.minutesWorkedMin > r.minutesWorkedMax) report("PERIOD_RULE_MINUTES_WORKED_MIN_GREATER_THAN_MAX", `${text} has minutesWorkedMin ${r.minutesWorkedMin} above minutesWorkedMax ${r.minutesWorkedMax}.`, at);
      const m = r.minutesWorkedLimit;
      if (m) {
        if (num(m.minutesWorkedMin) && num(m.minutesWorkedMax) && m.minutesWorkedMin > m.minutesWorkedMax) report("PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_GREATER_THAN_MAX", `${text} has minutesWorkedLimit min ${m.minutesWorkedMin} above max ${m.minutesWorkedMax}.`, at);
        if (m.minutesWorkedMax === 0) report("PERIOD_RULE_MINUTES_WORKED_LIMIT_MAX_ZERO", `${text} has minutesWorkedLimit.minutesWorkedMax 0.`, at);
        if (num(m.minutesWorkedMin) && required) report("PERIOD_RULE_MINUTES_WORKED_LIMIT_MIN_REQUIRED_SATISFIABILITY", `${text} has a REQUIRED minutesWorkedLimit.minutesWorkedMin.`, at);
        if (m.countOnlyBetween && timeOfDayMinutes(m.countOnlyBetween.start) === timeOfDayMinutes(m.countOnlyBetween.end)) report("PERIOD_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END", `${text} has countOnlyBetween ${m.countOnlyBetween.start}-${m.countOnlyBetween.end}.`, at);
      }
      if (num(r.shiftsWorkedMin) && num(r.shiftsWorkedMax) && r.shiftsWorkedMin > r.shiftsWorkedMax) report("PERIOD_RULE_SHIFTS_WORKED_MIN_GREATER_THAN_MAX", `${text} has shiftsWorkedMin above shiftsWorkedMax.`, at);
      if (r.shiftsWorkedMax === 0) report("PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO", `${text} has shiftsWorkedMax 0.`, at);
      if (num(r.shiftsWorkedMin) && required) report("PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED_REQUIRED", `${text} has a REQUIRED shiftsWorkedMin.`, at);
      if (num(r.daysWorkedMin) && num(r.daysWorkedMax) && r.daysWorkedMin > r.daysWorkedMax) report("PERIOD_RULE_DAYS_WORKED_MIN_GREATER_THAN_MAX", `${text} has daysWorkedMin above daysWorkedMax.`, at);
      if (r.daysWorkedMax === 0) report("PERIOD_RULE_DAYS_WORKED_MAX_ZERO", `${text} has daysWorkedMax 0.`, at);
      if (num(r.daysWorkedMin) && required) report("PERIOD_RULE_DAYS_WORKED_MIN_DEPRECATED_REQUIRED", `${text} has a REQUIRED daysWorkedMin.`, at);
      const off = r.daysOffLimit;
      if (off) {
        if (num(off.daysOffMin) && num(off.daysOffMax) && off.daysOffMin > off.daysOffMax) report("PERIOD_RULE_DAYS_OFF_MIN_GREATER_THAN_MAX", `${text} has daysOffMin above daysOffMax.`, at);
        if (r.period === "DAY") report("PERIOD_RULE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD", `${text} limits days off per DAY.`, at);
        if (num(off.daysOffMax) && required) report("PERIOD_RULE_DAYS_OFF_MAX_REQUIRED_SATISFIABILITY", `${text} has a REQUIRED daysOffMax.`, at);
        const length = periodDays(r.period, custom);
        if (num(off.daysOffMin) && length !== undefined && off.daysOffMin > length) report("PERIOD_RULE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH", `${text} requires ${off.daysOffMin} days off in a ${length}-day period.`, at);
      }
      const daysOffMin = r.consecutiveDaysOffLimit?.consecutiveDaysOffMin;
      if (num(daysOffMin)) {
        if (r.period === "DAY") report("PERIOD_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_SINGLE_DAY_PERIOD", `${text} limits consecutive days off per DAY.`, { ...at, period: r.period });
        const length = periodDays(r.period, custom);
        if (length !== undefined && daysOffMin > length) report("PERIOD_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_PERIOD_LENGTH", `${text} requires ${daysOffMin} consecutive days off in a ${length}-day period.`, { ...at, consecutiveDaysOffMin: daysOffMin, periodLength: length, period: r.period });
      }
      if (r.locationsWorkedMax === 0) report("PERIOD_RULE_LOCATIONS_WORKED_MAX_ZERO", `${text} has locationsWorkedMax 0.`, at);
      if (num(r.shiftTypesWorkedMin) && num(r.shiftTypesWorkedMax) && r.shiftTypesWorkedMin > r.shiftTypesWorkedMax) report("PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_GREATER_THAN_MAX", `${text} has shiftTypesWorkedMin ${r.shiftTypesWorkedMin} above shiftTypesWorkedMax ${r.shiftTypesWorkedMax}.`, { ...at, shiftTypesWorkedMin: r.shiftTypesWorkedMin, shiftTypesWorkedMax: r.shiftTypesWorkedMax });
      if (num(r.shiftTypesWorkedMin) && required) report("PERIOD_RULE_SHIFT_TYPES_WORKED_MIN_DEPRECATED_REQUIRED", `${text} has a REQUIRED shiftTypesWorkedMin.`, at);
      if (num(r.minutesLoggedMin) && required) report("PERIOD_RULE_MINUTES_LOGGED_MIN_DEPRECATED_REQUIRED", `${text} has a REQUIRED minutesLoggedMin.`, at);
      if (r.weekendsLimit && r.period === "DAY") report("PERIOD_RULE_WEEKENDS_LIMIT_SHORT_PERIOD", `${text} limits weekends per DAY.`, at);
      if (r.consecutiveWeekendsOffLimit && (r.period === "DAY" || r.period === "WEEK")) report("PERIOD_RULE_CONSECUTIVE_WEEKENDS_OFF_LIMIT_INVALID_PERIOD", `${text} limits consecutive weekends off per ${r.period}.`, at);
    }

    for (const r of contract.rollingWindowRules ?? []) {
      const at = { contract: c, rule: r.id ?? null };
      const text = `Rolling window rule '${r.id ?? ""}' of contract '${c}'`;
      const required = (r.satisfiability ?? "REQUIRED") === "REQUIRED";
      const { days } = windowLength(r.rollingWindow);
      const aware = r.absenceMode === "ABSENCE_AWARE";
      if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("ROLLING_WINDOW_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `${text} has both include and exclude shift tags.`, at);
      const m = r.minutesWorkedLimit;
      if (m?.minutesWorkedMax === 0) report("ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_ZERO", `${text} has minutesWorkedMax 0.`, at);
      if (num(m?.minutesWorkedMax) && m.minutesWorkedMax > days * 1440) report("ROLLING_WINDOW_RULE_MINUTES_WORKED_MAX_EXCEEDS_WINDOW", `${text} allows ${m.minutesWorkedMax} minutes in ${days} days.`, at);
      if (m?.countOnlyBetween && timeOfDayMinutes(m.countOnlyBetween.start) === timeOfDayMinutes(m.countOnlyBetween.end)) report("ROLLING_WINDOW_RULE_COUNT_ONLY_BETWEEN_START_EQUALS_END", `${text} has an empty countOnlyBetween.`, at);
      if (r.shiftsWorkedLimit?.shiftsWorkedMax === 0) report("ROLLING_WINDOW_RULE_SHIFTS_WORKED_MAX_ZERO", `${text} has shiftsWorkedMax 0.`, at);
      if (r.daysWorkedLimit?.daysWorkedMax === 0) report("ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_ZERO", `${text} has daysWorkedMax 0.`, at);
      if (num(r.daysWorkedLimit?.daysWorkedMax) && r.daysWorkedLimit.daysWorkedMax > days) report("ROLLING_WINDOW_RULE_DAYS_WORKED_MAX_EXCEEDS_WINDOW", `${text} allows ${r.daysWorkedLimit.daysWorkedMax} days in ${days}.`, at);
      const w = r.weekendsLimit;
      if (w) {
        if (num(w.weekendsWorkedMin) && num(w.weekendsWorkedMax) && w.weekendsWorkedMin > w.weekendsWorkedMax) report("ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_GREATER_THAN_MAX", `${text} has weekendsWorkedMin above weekendsWorkedMax.`, at);
        if (num(w.weekendsWorkedMin) && required) report("ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_REQUIRED_SATISFIABILITY", `${text} has a REQUIRED weekendsWorkedMin.`, at);
        if (num(w.weekendsWorkedMin) && w.weekendsWorkedMin > Math.ceil(days / 7)) report("ROLLING_WINDOW_RULE_WEEKENDS_WORKED_MIN_EXCEEDS_WINDOW", `${text} requires ${w.weekendsWorkedMin} weekends in ${days} days.`, at);
      }
      const off = r.consecutiveMinutesOffLimit;
      if (off) {
        if (num(off.consecutiveMinutesOffMin) && has(off.consecutiveMinutesOffMinIntervals)) report("ROLLING_WINDOW_RULE_BOTH_CONSECUTIVE_MINUTES_OFF_MIN_AND_INTERVALS", `${text} has both a single minimum and intervals.`, at);
        if (num(off.totalConsecutiveMinutesOffMin) && !has(off.consecutiveMinutesOffMinIntervals)) report("ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_WITHOUT_INTERVALS", `${text} has a total without intervals.`, at);
        if (num(off.consecutiveMinutesOffMin) && off.consecutiveMinutesOffMin > days * 1440) report("ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW", `${text} requires more minutes off than the window has.`, at);
        const sum = (off.consecutiveMinutesOffMinIntervals ?? []).reduce((a, i) => a + (i.consecutiveMinutesOffMin ?? 0) * (i.count ?? 0), 0);
        if (sum > days * 1440) report("ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_MIN_INTERVALS_EXCEEDS_WINDOW", `${text} requires intervals longer than the window.`, at);
        if (num(off.totalConsecutiveMinutesOffMin) && off.totalConsecutiveMinutesOffMin > days * 1440) report("ROLLING_WINDOW_RULE_TOTAL_CONSECUTIVE_MINUTES_OFF_MIN_EXCEEDS_WINDOW", `${text} requires a total longer than the window.`, at);
      }
      const daysOffMin = r.consecutiveDaysOffLimit?.consecutiveDaysOffMin;
      if (num(daysOffMin) && daysOffMin > Math.floor(days)) report("ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_MIN_EXCEEDS_WINDOW", `${text} requires ${daysOffMin} consecutive days off in ${Math.floor(days)} full days.`, { ...at, consecutiveDaysOffMin: daysOffMin, rollingWindowSizeInFullDays: Math.floor(days) });
      if (aware) {
        if (r.shiftsWorkedLimit) report("ROLLING_WINDOW_RULE_SHIFTS_WORKED_LIMIT_WITH_ABSENCE_AWARE", `${text} combines ABSENCE_AWARE with a shifts limit.`, at);
        if (r.daysWorkedLimit) report("ROLLING_WINDOW_RULE_DAYS_WORKED_LIMIT_WITH_ABSENCE_AWARE", `${text} combines ABSENCE_AWARE with a days limit.`, at);
        if (r.weekendsLimit) report("ROLLING_WINDOW_RULE_WEEKENDS_LIMIT_WITH_ABSENCE_AWARE", `${text} combines ABSENCE_AWARE with a weekends limit.`, at);
        if (r.consecutiveMinutesOffLimit) report("ROLLING_WINDOW_RULE_CONSECUTIVE_MINUTES_OFF_LIMIT_WITH_ABSENCE_AWARE", `${text} combines ABSENCE_AWARE with minutes off.`, at);
        if (r.consecutiveDaysOffLimit) report("ROLLING_WINDOW_RULE_CONSECUTIVE_DAYS_OFF_LIMIT_WITH_ABSENCE_AWARE", `${text} combines ABSENCE_AWARE with days off.`, at);
      }
    }

    for (const r of contract.consecutiveShiftsWorkedRules ?? []) {
      if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("CONSECUTIVE_SHIFTS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `Consecutive shifts worked rule '${r.id}' of contract '${c}' has both include and exclude shift tags.`, { contract: c, rule: r.id });
    }
    for (const r of contract.consecutiveDaysWorkedRules ?? []) {
      const at = { contract: c, rule: r.id };
      const text = `Consecutive days worked rule '${r.id}' of contract '${c}'`;
      if (has(r.includeShiftTags) && has(r.excludeShiftTags)) report("CONSECUTIVE_DAYS_WORKED_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `${text} has both include and exclude shift tags.`, at);
      if (num(r.minimum) && num(r.maximum) && r.minimum > r.maximum) report("CONSECUTIVE_DAYS_WORKED_RULE_MIN_GREATER_THAN_MAX", `${text} has minimum ${r.minimum} above maximum ${r.maximum}.`, at);
      if (num(r.minimum) && (r.satisfiability ?? "REQUIRED") === "REQUIRED") report("CONSECUTIVE_DAYS_WORKED_RULE_MIN_DEPRECATED", `${text} has a REQUIRED minimum.`, at);
      const categories = has(r.shiftTypeTagCategories);
      if (!categories && has(r.allowedSequenceStartDays)) report("CONSECUTIVE_DAYS_WORKED_RULE_ALLOWED_START_DAYS_WITHOUT_CATEGORIES", `${text} has allowedSequenceStartDays without shiftTypeTagCategories.`, at);
      if (!categories && r.minDurationBetweenDifferentSequences) report("CONSECUTIVE_DAYS_WORKED_RULE_DURATION_WITHOUT_CATEGORIES", `${text} has minDurationBetweenDifferentSequences without shiftTypeTagCategories.`, at);
      if (!categories && r.minDelayBetweenDifferentSequences) report("CONSECUTIVE_DAYS_WORKED_RULE_DELAY_WITHOUT_CATEGORIES", `${text} has minDelayBetweenDifferentSequences without shiftTypeTagCategories.`, at);
      if (!categories && r.rewardCompactSequences === true) report("CONSECUTIVE_DAYS_WORKED_RULE_REWARD_COMPACT_WITHOUT_CATEGORIES", `${text} rewards compact sequences without shiftTypeTagCategories.`, at);
      if (r.minDurationBetweenDifferentSequences && r.minDelayBetweenDifferentSequences) report("CONSECUTIVE_DAYS_WORKED_RULE_BOTH_DURATION_AND_DELAY", `${text} has both minDurationBetweenDifferentSequences and minDelayBetweenDifferentSequences.`, at);
      const delay = r.minDelayBetweenDifferentSequences;
      if (delay?.minStartDateAdjuster === "SAME_DAY" && (delay.minStartDateAdjusterIncrement ?? 1) > 1) report("CONSECUTIVE_DAYS_WORKED_RULE_SAME_DAY_ADJUSTER_INCREMENT", `${text} applies SAME_DAY ${delay.minStartDateAdjusterIncrement} times.`, at);
    }
    for (const r of contract.minutesBetweenShiftsRules ?? []) {
      const at = { contract: c, rule: r.id };
      const text = `Minutes between shifts rule '${r.id}' of contract '${c}'`;
      if (has(r.includePreviousShiftTags) && has(r.excludePreviousShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS", `${text} has both include and exclude previous shift tags.`, at);
      if (has(r.includeNextShiftTags) && has(r.excludeNextShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS", `${text} has both include and exclude next shift tags.`, at);
      if (has(r.requiredPriorShiftTags)) {
        report("MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS", `${text} uses the deprecated requiredPriorShiftTags.`, at);
        if (has(r.includePreviousShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_INCLUDE_PREVIOUS_SHIFT_TAGS", `${text} has both requiredPriorShiftTags and includePreviousShiftTags.`, at);
        if (has(r.excludePreviousShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_PRIOR_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS", `${text} has both requiredPriorShiftTags and excludePreviousShiftTags.`, at);
      }
      if (has(r.requiredAfterShiftTags)) {
        report("MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS", `${text} uses the deprecated requiredAfterShiftTags.`, at);
        if (has(r.includeNextShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_INCLUDE_NEXT_SHIFT_TAGS", `${text} has both requiredAfterShiftTags and includeNextShiftTags.`, at);
        if (has(r.excludeNextShiftTags)) report("MINUTES_BETWEEN_SHIFTS_RULE_BOTH_REQUIRED_AFTER_AND_EXCLUDE_NEXT_SHIFT_TAGS", `${text} has both requiredAfterShiftTags and excludeNextShiftTags.`, at);
      }
      const previousTags = has(r.includePreviousShiftTags) || has(r.excludePreviousShiftTags) || has(r.requiredPriorShiftTags);
      if (num(r.minimumConsecutivePriorShifts)) {
        report("MINUTES_BETWEEN_SHIFTS_RULE_DEPRECATED_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS", `${text} uses the deprecated minimumConsecutivePriorShifts.`, at);
        if (r.minimumConsecutivePriorShifts > 1 && !previousTags) report("MINUTES_BETWEEN_SHIFTS_RULE_MINIMUM_CONSECUTIVE_PRIOR_SHIFTS_NO_TAGS", `${text} sets minimumConsecutivePriorShifts without prior shift tags.`, at);
      }
      if (num(r.minConsecutivePreviousShifts) && r.minConsecutivePreviousShifts > 1 && !previousTags) report("MINUTES_BETWEEN_SHIFTS_RULE_MIN_CONSECUTIVE_PREVIOUS_SHIFTS_NO_TAGS", `${text} sets minConsecutivePreviousShifts without previous shift tags.`, at);
      if (num(r.minimumMinutesBetweenShifts) && num(r.maximumMinutesBetweenShifts) && r.minimumMinutesBetweenShifts > r.maximumMinutesBetweenShifts) report("MINUTES_BETWEEN_SHIFTS_RULE_MIN_GREATER_THAN_MAX", `${text} has a minimum above its maximum.`, { ...at, minimumMinutesBetweenShifts: r.minimumMinutesBetweenShifts, maximumMinutesBetweenShifts: r.maximumMinutesBetweenShifts });
      if (r.scope && !num(r.minimumMinutesBetweenShifts) && !num(r.maximumMinutesBetweenShifts)) report("MINUTES_BETWEEN_SHIFTS_RULE_SCOPE_WITHOUT_MIN_OR_MAX", `${text} has a scope but no minimum or maximum.`, at);
    }
    for (const r of contract.singleDayShiftSequencePatternRules ?? []) {
      if ((r.satisfiability ?? "REQUIRED") === "REQUIRED") report("SINGLE_DAY_PATTERN_RULE_DEPRECATED_REQUIRED", `Single-day shift sequence pattern rule '${r.id}' of contract '${c}' is REQUIRED${r.satisfiability ? "" : " (the default)"}.`, { contract: c, rule: r.id });
    }
    for (const r of contract.minimizeGapsBetweenShiftsRules ?? []) {
      const at = { contract: c, rule: r.id };
      const text = `Minimize gaps rule '${r.id}' of contract '${c}'`;
      if (has(r.includePreviousShiftTags) && has(r.excludePreviousShiftTags)) report("MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_PREVIOUS_SHIFT_TAGS", `${text} has both include and exclude previous shift tags.`, at);
      if (has(r.includeNextShiftTags) && has(r.excludeNextShiftTags)) report("MINIMIZE_GAPS_RULE_BOTH_INCLUDE_AND_EXCLUDE_NEXT_SHIFT_TAGS", `${text} has both include and exclude next shift tags.`, at);
      if (has(r.requiredPriorShiftTags)) report("MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_PRIOR_SHIFT_TAGS", `${text} uses the deprecated requiredPriorShiftTags.`, at);
      if (has(r.requiredAfterShiftTags)) report("MINIMIZE_GAPS_RULE_DEPRECATED_REQUIRED_AFTER_SHIFT_TAGS", `${text} uses the deprecated requiredAfterShiftTags.`, at);
    }
  }
}
