/**
 * Semantic validation of the hourly demand rules and their shift generation (spec §2.6, limits table: "Hourly demand
 * interval: 30 minutes or longer; one hour when endDateTime is omitted"), part of model/validation.ts. Codes are the
 * reference `HourlyDemandRule*Issue` (and generation) schema names in UPPER_SNAKE. Intervals and templates that cannot
 * be scored or generated are ERRORs; conflicting but usable filters and templates that never apply are WARNINGs.
 */
import type { ModelInput } from "../schemas/model-input";
import { parseDurationMs } from "../solver/duration";
import { demandRulesOf, detailsOf, detailSpan, generationEstimate, GENERATION_LIMIT, templatesOf } from "../solver/shift-generation";
import { timeOfDayMinutes, TimeZoneRule, MINUTES_IN_DAY } from "../solver/time";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const DEMAND_ISSUE_TYPES = {
  HOURLY_DEMAND_RULE_INTERVAL_TOO_SHORT: { severity: "ERROR", message: "A demand interval of an hourly demand rule is shorter than 30 minutes." },
  HOURLY_DEMAND_RULE_START_NOT_BEFORE_END: { severity: "ERROR", message: "A demand interval of an hourly demand rule must start before it ends." },
  HOURLY_DEMAND_RULE_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "The minDemand of a demand interval is greater than its maxDemand." },
  HOURLY_DEMAND_RULE_OVERLAPPING_DEMAND_DETAILS: { severity: "ERROR", message: "Two demand intervals of one hourly demand rule overlap." },
  HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "An hourly demand rule has both includeShiftTags and excludeShiftTags; both apply." },
  HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: { severity: "WARNING", message: "An hourly demand rule has both includeEmployeeTags and excludeEmployeeTags; both apply." },
  HOURLY_DEMAND_RULE_NULL_MAX_DEMAND: { severity: "ERROR", message: "A demand interval of a rule that generates shifts has no maxDemand (preview)." },
  HOURLY_DEMAND_RULE_INVALID_GRANULARITY: { severity: "ERROR", message: "The shift generation granularity must be PT30M or PT1H (preview)." },
  HOURLY_DEMAND_RULE_START_DATE_TIME_NOT_ALIGNED: { severity: "ERROR", message: "A demand interval of a rule that generates shifts does not start on the granularity (preview)." },
  HOURLY_DEMAND_RULE_END_DATE_TIME_NOT_ALIGNED: { severity: "ERROR", message: "A demand interval of a rule that generates shifts does not end on the granularity." },
  HOURLY_DEMAND_RULE_DUPLICATE_TEMPLATE_ID: { severity: "ERROR", message: "Two shift templates of one hourly demand rule have the same id (preview)." },
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_NOT_POSITIVE: { severity: "ERROR", message: "The baseDuration of a shift template must be positive (preview)." },
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_EXCEEDS_MAX: { severity: "ERROR", message: "The baseDuration of a shift template exceeds PT24H." },
  HOURLY_DEMAND_RULE_TEMPLATE_BASE_START_TIME_NOT_ALIGNED: { severity: "ERROR", message: "The baseStartTime of a shift template is not on the granularity (preview)." },
  HOURLY_DEMAND_RULE_TEMPLATE_DURATION_NOT_ALIGNED: { severity: "ERROR", message: "A duration of a shift template (base duration or deviation) is not a multiple of the granularity (preview)." },
  HOURLY_DEMAND_RULE_TEMPLATE_DEVIATION_EXCEEDS_MAX: { severity: "ERROR", message: "A deviation of a shift template exceeds PT2H (preview)." },
  HOURLY_DEMAND_RULE_NO_WEEKDAY_OVERLAP: { severity: "WARNING", message: "No shift template of a rule applies on a weekday that has demand: nothing is generated for it (preview)." },
  PLANNING_WINDOW_REQUIRED_WITH_DEMAND_SHIFT_GENERATION: { severity: "ERROR", message: "Shift generation from demand rules requires a planningWindow." },
  SHIFT_GENERATION_TOTAL_ESTIMATE_EXCEEDS_LIMIT: { severity: "ERROR", message: `Shift generation would create more than ${GENERATION_LIMIT} shifts (preview).` },
} as const satisfies Record<string, Entry>;

type Code = keyof typeof DEMAND_ISSUE_TYPES;
type Report = (code: Code, message: string, detail: Record<string, unknown>) => void;

const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const minutesOf = (text: string): number | undefined => {
  try {
    return parseDurationMs(text) / 60_000;
  } catch {
    return undefined;
  }
};

export function validateDemand(input: ModelInput, report: Report): void {
  const rules = demandRulesOf(input);
  let generating = false;
  for (const rule of rules) {
    const id = rule.id;
    if ((rule.includeShiftTags?.length ?? 0) > 0 && (rule.excludeShiftTags?.length ?? 0) > 0) {
      report("HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `Hourly demand rule '${id}' has both includeShiftTags and excludeShiftTags.`, { rule: id });
    }
    if ((rule.includeEmployeeTags?.length ?? 0) > 0 && (rule.excludeEmployeeTags?.length ?? 0) > 0) {
      report("HOURLY_DEMAND_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS", `Hourly demand rule '${id}' has both includeEmployeeTags and excludeEmployeeTags.`, { rule: id });
    }
    const details = detailsOf(rule);
    const spans: { start: number; end: number; startText: string; endText: string }[] = [];
    for (const d of details) {
      const span = detailSpan(d);
      const endText = d.endDateTime ?? `${d.startDateTime} + PT1H`;
      if (span.end <= span.start) {
        report("HOURLY_DEMAND_RULE_START_NOT_BEFORE_END", `Hourly demand rule '${id}' has an interval from ${d.startDateTime} to ${endText}.`, { rule: id, startDateTime: d.startDateTime, endDateTime: d.endDateTime });
        continue;
      }
      if (span.end - span.start < 30) {
        report("HOURLY_DEMAND_RULE_INTERVAL_TOO_SHORT", `Hourly demand rule '${id}' has an interval of ${span.end - span.start} minutes from ${d.startDateTime}; at least 30 are needed.`, { rule: id, startDateTime: d.startDateTime, endDateTime: d.endDateTime });
      }
      if (typeof d.minDemand === "number" && typeof d.maxDemand === "number" && d.minDemand > d.maxDemand) {
        report("HOURLY_DEMAND_RULE_MIN_GREATER_THAN_MAX", `Hourly demand rule '${id}' has minDemand ${d.minDemand} above maxDemand ${d.maxDemand} at ${d.startDateTime}.`, { rule: id, minDemand: d.minDemand, maxDemand: d.maxDemand });
      }
      spans.push({ start: span.start, end: span.end, startText: d.startDateTime, endText });
    }
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let k = 1; k < spans.length; k++) {
      const prev = spans[k - 1], cur = spans[k];
      if (cur.start < prev.end) {
        report("HOURLY_DEMAND_RULE_OVERLAPPING_DEMAND_DETAILS", `Hourly demand rule '${id}' has overlapping intervals ${prev.startText} - ${prev.endText} and ${cur.startText} - ${cur.endText}.`, {
          rule: id, previousStart: prev.startText, previousEnd: prev.endText, currentStart: cur.startText, currentEnd: cur.endText,
        });
      }
    }

    const templates = templatesOf(rule);
    if (templates.length === 0) continue;
    generating = true;
    const config = rule.shiftGeneration?.config ?? {};
    let granularity = 60;
    if (typeof config.granularity === "string") {
      const g = minutesOf(config.granularity);
      if (g !== 30 && g !== 60) report("HOURLY_DEMAND_RULE_INVALID_GRANULARITY", `Hourly demand rule '${id}' has granularity ${config.granularity}.`, { rule: id, granularity: config.granularity });
      else granularity = g;
    }
    const zone = typeof config.timeZoneId === "string" ? config.timeZoneId : "Z";
    const tz = TimeZoneRule.of(zone, zone);
    const aligned = (minute: number) => (((minute + tz.offsetAt(minute)) % granularity) + granularity) % granularity === 0;
    const demandDays = new Set<string>();
    for (const d of details) {
      if (d.maxDemand == null) report("HOURLY_DEMAND_RULE_NULL_MAX_DEMAND", `Hourly demand rule '${id}' generates shifts but its interval at ${d.startDateTime} has no maxDemand.`, { rule: id });
      const span = detailSpan(d);
      if (!aligned(span.start)) report("HOURLY_DEMAND_RULE_START_DATE_TIME_NOT_ALIGNED", `Hourly demand rule '${id}': ${d.startDateTime} is not on the ${granularity}-minute granularity.`, { rule: id, startDateTime: d.startDateTime, granularity: `PT${granularity}M` });
      if (d.endDateTime && !aligned(span.end)) report("HOURLY_DEMAND_RULE_END_DATE_TIME_NOT_ALIGNED", `Hourly demand rule '${id}': ${d.endDateTime} is not on the ${granularity}-minute granularity.`, { rule: id, endDateTime: d.endDateTime, granularity: `PT${granularity}M` });
      const day = Math.floor((span.start + tz.offsetAt(span.start)) / MINUTES_IN_DAY);
      demandDays.add(DAYS[(((day + 3) % 7) + 7) % 7]);
    }
    const seen = new Set<string>();
    let anyDay = false;
    for (const t of templates) {
      if (seen.has(t.id)) report("HOURLY_DEMAND_RULE_DUPLICATE_TEMPLATE_ID", `Hourly demand rule '${id}' has two templates '${t.id}'.`, { rule: id, template: t.id });
      seen.add(t.id);
      const base = minutesOf(t.baseDuration);
      if (base !== undefined && base <= 0) report("HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_NOT_POSITIVE", `Template '${t.id}' of rule '${id}' has baseDuration ${t.baseDuration}.`, { rule: id, template: t.id, baseDuration: t.baseDuration });
      if (base !== undefined && base > 24 * 60) report("HOURLY_DEMAND_RULE_TEMPLATE_BASE_DURATION_EXCEEDS_MAX", `Template '${t.id}' of rule '${id}' has baseDuration ${t.baseDuration}, above PT24H.`, { rule: id, template: t.id, baseDuration: t.baseDuration, maxBaseDuration: "PT24H" });
      if (base !== undefined && base > 0 && base % granularity !== 0) {
        report("HOURLY_DEMAND_RULE_TEMPLATE_DURATION_NOT_ALIGNED", `Template '${t.id}' of rule '${id}': baseDuration ${t.baseDuration} is not a multiple of PT${granularity}M.`, { rule: id, template: t.id, fieldName: "baseDuration", fieldValue: t.baseDuration, granularity: `PT${granularity}M` });
      }
      if (timeOfDayMinutes(t.baseStartTime) % granularity !== 0) {
        report("HOURLY_DEMAND_RULE_TEMPLATE_BASE_START_TIME_NOT_ALIGNED", `Template '${t.id}' of rule '${id}' starts at ${t.baseStartTime}, not on PT${granularity}M.`, { rule: id, template: t.id, baseStartTime: t.baseStartTime, granularity: `PT${granularity}M` });
      }
      const deviations = t as unknown as Record<string, unknown>;
      for (const field of ["startDeviationBefore", "startDeviationAfter", "durationDeviationShorter", "durationDeviationLonger"]) {
        const text = deviations[field];
        if (typeof text !== "string") continue;
        const m = minutesOf(text);
        if (m === undefined) continue;
        if (m > 120) report("HOURLY_DEMAND_RULE_TEMPLATE_DEVIATION_EXCEEDS_MAX", `Template '${t.id}' of rule '${id}': ${field} ${text} exceeds PT2H.`, { rule: id, template: t.id, fieldName: field, fieldValue: text, maxDeviation: "PT2H" });
        if (m % granularity !== 0) report("HOURLY_DEMAND_RULE_TEMPLATE_DURATION_NOT_ALIGNED", `Template '${t.id}' of rule '${id}': ${field} ${text} is not a multiple of PT${granularity}M.`, { rule: id, template: t.id, fieldName: field, fieldValue: text, granularity: `PT${granularity}M` });
      }
      const days = Array.isArray(t.applicableDaysOfWeek) && t.applicableDaysOfWeek.length > 0 ? t.applicableDaysOfWeek : DAYS;
      if (days.some((d) => demandDays.has(d))) anyDay = true;
    }
    if (!anyDay && demandDays.size > 0) report("HOURLY_DEMAND_RULE_NO_WEEKDAY_OVERLAP", `No template of hourly demand rule '${id}' applies on a day with demand.`, { rule: id });
  }
  if (generating && !input.planningWindow) {
    report("PLANNING_WINDOW_REQUIRED_WITH_DEMAND_SHIFT_GENERATION", "Shift generation from demand rules needs a planningWindow.", {});
  }
  if (generating) {
    const estimate = generationEstimate(input);
    if (estimate > GENERATION_LIMIT) {
      report("SHIFT_GENERATION_TOTAL_ESTIMATE_EXCEEDS_LIMIT", `Shift generation would create about ${estimate} shifts; at most ${GENERATION_LIMIT} are allowed.`, { totalEstimate: estimate, limit: GENERATION_LIMIT });
    }
  }
}
