/**
 * Semantic validation of the global shift count rules and shift groups (README "Global rules and shift groups"), part
 * of model/validation.ts. Codes are the reference `GlobalPeriodRule*Issue`, `ConcurrentShiftsRule*Issue`,
 * `ShiftBelongsToMultipleShiftGroupsIssue` and `ShiftGroupMatchesMultipleRulesIssue` schema names in UPPER_SNAKE. A
 * rule that cannot be scored as written (unknown period, minimum above maximum, validity ending before it starts) or
 * a shift in two groups is an ERROR; usable but suspicious settings are WARNINGs.
 */
import type { ModelInput } from "../schemas/model-input";
import { groupRuleOf, shiftGroupsOf } from "../solver/shift-groups";
import { localMinutesOf } from "../solver/time";

type Entry = { severity: "ERROR" | "WARNING"; message: string };

export const GLOBAL_ISSUE_TYPES = {
  GLOBAL_PERIOD_RULE_INVALID_PERIOD: { severity: "ERROR", message: "A global period rule names a period that is neither built in (DAY, WEEK, MONTH, YEAR, SCHEDULE) nor a custom period of scheduleParameterization." },
  GLOBAL_PERIOD_RULE_MIN_GREATER_THAN_MAX: { severity: "ERROR", message: "shiftsWorkedMin of a global period rule is greater than its shiftsWorkedMax." },
  GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO: { severity: "WARNING", message: "shiftsWorkedMax of a global period rule is 0: no matching shift can be worked." },
  GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED: { severity: "WARNING", message: "shiftsWorkedMin of a REQUIRED global period rule is deprecated; use a PREFERRED rule." },
  GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS: { severity: "WARNING", message: "A global period rule has both includeShiftTags and excludeShiftTags; both apply." },
  GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS: { severity: "WARNING", message: "A global period rule has both includeEmployeeTags and excludeEmployeeTags; both apply." },
  CONCURRENT_SHIFTS_RULE_MAX_ZERO: { severity: "WARNING", message: "concurrentShiftsMax of a concurrent shifts rule is 0: no matching shift can be worked." },
  CONCURRENT_SHIFTS_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END: { severity: "ERROR", message: "The ruleValidityDateTimeSpan of a concurrent shifts rule must start before it ends." },
  SHIFT_BELONGS_TO_MULTIPLE_SHIFT_GROUPS: { severity: "ERROR", message: "A shift is listed by more than one shift group." },
  SHIFT_GROUP_MATCHES_MULTIPLE_RULES: { severity: "WARNING", message: "A shift group matches more than one shift group rule; the first one governs it." },
} as const satisfies Record<string, Entry>;

type Code = keyof typeof GLOBAL_ISSUE_TYPES;
type Report = (code: Code, message: string, detail: Record<string, unknown>) => void;

const filled = (v: unknown) => Array.isArray(v) && v.length > 0;
const BUILT_IN_PERIODS = ["DAY", "WEEK", "MONTH", "YEAR", "SCHEDULE"];

export function validateGlobalCounts(input: ModelInput, report: Report): void {
  const global = input.globalRules;
  for (const rule of global?.minimumMaximumShiftsPerPeriod ?? []) {
    const at = { rule: rule.id };
    const known = BUILT_IN_PERIODS.includes(rule.period) || (input.scheduleParameterization?.periods ?? []).some((p) => p.id === rule.period);
    if (!known) report("GLOBAL_PERIOD_RULE_INVALID_PERIOD", `Global period rule '${rule.id}' names the unknown period '${rule.period}'.`, { ...at, period: rule.period });
    const min = rule.shiftsWorkedMin, max = rule.shiftsWorkedMax;
    if (typeof min === "number" && typeof max === "number" && min > max) report("GLOBAL_PERIOD_RULE_MIN_GREATER_THAN_MAX", `Global period rule '${rule.id}': shiftsWorkedMin ${min} > shiftsWorkedMax ${max}.`, at);
    if (max === 0) report("GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MAX_ZERO", `Global period rule '${rule.id}' has shiftsWorkedMax 0.`, at);
    if (typeof min === "number" && (rule.satisfiability ?? "REQUIRED") === "REQUIRED") report("GLOBAL_PERIOD_RULE_SHIFTS_WORKED_MIN_DEPRECATED", `Global period rule '${rule.id}' is REQUIRED with shiftsWorkedMin (deprecated).`, at);
    if (filled(rule.includeShiftTags) && filled(rule.excludeShiftTags)) report("GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_SHIFT_TAGS", `Global period rule '${rule.id}' has both includeShiftTags and excludeShiftTags.`, at);
    if (filled(rule.includeEmployeeTags) && filled(rule.excludeEmployeeTags)) report("GLOBAL_PERIOD_RULE_BOTH_INCLUDE_AND_EXCLUDE_EMPLOYEE_TAGS", `Global period rule '${rule.id}' has both includeEmployeeTags and excludeEmployeeTags.`, at);
  }
  for (const rule of global?.concurrentShiftsRules ?? []) {
    if (rule.concurrentShiftsMax === 0) report("CONCURRENT_SHIFTS_RULE_MAX_ZERO", `Concurrent shifts rule '${rule.id}' has concurrentShiftsMax 0.`, { rule: rule.id });
    const span = rule.ruleValidityDateTimeSpan;
    if (span?.start && span.end && localMinutesOf(span.start) >= localMinutesOf(span.end)) {
      report("CONCURRENT_SHIFTS_RULE_VALIDITY_SPAN_START_NOT_BEFORE_END", `The validity span of concurrent shifts rule '${rule.id}' does not start before it ends.`, { rule: rule.id, start: span.start, end: span.end });
    }
  }
  const groups = shiftGroupsOf(input);
  if (groups.length === 0) return;
  const owners = new Map<string, string[]>();
  for (const g of groups) for (const s of new Set(g.shifts)) owners.set(s, [...(owners.get(s) ?? []), g.id]);
  for (const [shift, ids] of owners) {
    if (ids.length > 1) report("SHIFT_BELONGS_TO_MULTIPLE_SHIFT_GROUPS", `Shift '${shift}' is listed by shift groups ${ids.map((id) => `'${id}'`).join(", ")}.`, { shift, shiftGroups: ids.join(",") });
  }
  const rules = global?.shiftGroupRules ?? [];
  if (rules.length < 2) return;
  for (const g of groups) {
    const first = groupRuleOf(input, g.tags);
    if (!first) continue;
    const matching = rules.filter((r) => !filled(r.includeShiftGroupTags) || r.includeShiftGroupTags!.some((t) => g.tags.includes(t)));
    if (matching.length > 1) report("SHIFT_GROUP_MATCHES_MULTIPLE_RULES", `Shift group '${g.id}' matches shift group rules ${matching.map((r) => `'${r.id}'`).join(", ")}; '${first.id}' governs it.`, { shiftGroup: g.id, matchingRules: matching.map((r) => r.id).join(",") });
  }
}
