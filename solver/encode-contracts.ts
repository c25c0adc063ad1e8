/**
 * Contract rules (spec §2.6; reference `Contract`) -> the compiled rules of the core (assembly/layout.ts SEC_RULES):
 * one compiled rule per limit of a reference rule, scoring into the rule's REQUIRED (hard) or PREFERRED (soft)
 * constraint; per employee the list of its contracts' compiled rules; per time zone group (solver/time.ts: the
 * employee's `timeZoneId`, its deprecated `zoneOffset`, else the offsets written in the timestamps) the local days of
 * every shift and the schedule's range of days.
 *
 * An input without contract rules costs nothing here: empty sections and no time zone work.
 *
 * Fields accepted by the schema but not scored (yet) are listed in model/unscored-fields.ts (validation warns of each).
 */
import type { ModelInput } from "../schemas/model-input";
import type { Contract, PeriodRule, RollingWindowRule } from "../schemas/contract-rules";
import {
  RULE_WORDS, TZ_WORDS, RW_KIND, RW_CONSTRAINT, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_PERIOD, RW_PERIOD_PARAM, RW_MIN,
  RW_MAX, RW_FLAGS, RW_MINUTES_ROW, RW_VALID_FROM, RW_VALID_TO, RW_P1, RW_P2, RW_P3, RW_P4, RW_AUX, RW_AUX_COUNT,
  RF_START_AND_END, RF_ABSENCE_AWARE, RF_WEEKDAY_SHIFT, K_PERIOD_MINUTES, K_PERIOD_SHIFTS, K_PERIOD_DAYS,
  K_PERIOD_DAYS_OFF, K_PERIOD_WEEKENDS, K_PERIOD_WEEKEND_MINUTES, K_PERIOD_CONSECUTIVE_WEEKENDS,
  K_PERIOD_CONSECUTIVE_WEEKENDS_OFF, K_MINUTES_BETWEEN, K_CONSECUTIVE_DAYS, K_CONSECUTIVE_SHIFTS,
  K_TIME_OFF_AFTER_SEQUENCE, K_GAPS, K_ROLLING_MINUTES, K_ROLLING_SHIFTS, K_ROLLING_DAYS, K_ROLLING_WEEKENDS,
  K_ROLLING_MINUTES_OFF, K_SCOPED_DISRUPTION, SCOPE_START_AND_END, SCOPE_OVERLAP, SCOPED_DISRUPTION_CONSTRAINT, PERIOD_DAY, PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR, PERIOD_SCHEDULE, PERIOD_CUSTOM,
  WINDOW_DAILY, WINDOW_WEEKLY, WINDOW_MONTHLY, WINDOW_HOURLY, SEQUENCE_BETWEEN_STARTS, SEQUENCE_END_TO_START, CONDITION_NONE,
  CONDITION_MIN_SHIFTS, CONDITION_MIN_SHIFTS_CONSECUTIVELY, CONDITION_MIN_MINUTES, K_PERIOD_COST,
  K_MULTI_DAY_PATTERN, MULTI_DAY_PATTERN_CONSTRAINT, PE_OFF, PE_ANY, PATTERN_MATCH, PATTERN_REQUIRED,
  PERIOD_LIMIT_CONSTRAINT, K_PERIOD_DAYS_OFF_RUN, K_PERIOD_UNIQUE_TAGS, K_PERIOD_LOCATIONS, K_PERIOD_SHIFT_TYPES,
  K_PERIOD_START_DIFFERENCE, K_PERIOD_MINUTES_LOGGED, K_ROLLING_DAYS_OFF_RUN,
  K_SINGLE_DAY_PATTERN, SINGLE_DAY_PATTERN_CONSTRAINT, PATTERN_UNORDERED, COMPACT_SEQUENCE_CONSTRAINT, RUNS_COMPACT, SEQUENCE_START_CONSTRAINT, SEQUENCE_END_ON_START_DAY_CONSTRAINT, RUNS_START_DAYS, RUNS_BETWEEN,
  DELAY_NONE, DELAY_SAME_DAY, DELAY_NEXT_DAY, DELAY_NEXT_MONTH, DELAY_NEXT_MONDAY,
  K_ROTATION, ROTATION_CONSTRAINT, ROTATION_WEEKLY, ROTATION_CUSTOM_MAX, ROTATION_CUSTOM_RANGE,
} from "./layout";
import { compileCostDefinition, COST_MINIMIZE_ID } from "./encode-cost";
import {
  TimeZoneRule, dayOfIsoDate, localMinutesOf, parseTimestamp, timeOfDayMinutes, MINUTES_IN_DAY,
} from "./time";
import { parseDurationMs } from "./duration";
import type { ShiftTimes } from "./encode-context";
import { shiftTagSets } from "./shift-tag-sets";

/** Whole minutes of an ISO 8601 duration; 0 when malformed. */
function durationMinutes(text: string): number {
  try {
    return Math.floor(parseDurationMs(text) / 60_000);
  } catch {
    return 0;
  }
}

export interface TagFilterIn {
  includeShiftTags?: string[] | null;
  excludeShiftTags?: string[] | null;
  shiftTagMatches?: "ANY" | "ALL" | null;
}

/** Constraint id of each rule family's REQUIRED variant (PREFERRED = +1), assembly/constraints/index.ts. */
export const FAMILY_CONSTRAINT: Record<number, number> = {
  [K_PERIOD_MINUTES]: 17,
  [K_PERIOD_SHIFTS]: 19,
  [K_PERIOD_DAYS]: 21,
  [K_PERIOD_DAYS_OFF]: 23,
  [K_PERIOD_WEEKENDS]: 25,
  [K_PERIOD_WEEKEND_MINUTES]: 27,
  [K_PERIOD_CONSECUTIVE_WEEKENDS]: 29,
  [K_PERIOD_CONSECUTIVE_WEEKENDS_OFF]: 31,
  [K_MINUTES_BETWEEN]: 33,
  [K_CONSECUTIVE_DAYS]: 35,
  [K_CONSECUTIVE_SHIFTS]: 37,
  [K_TIME_OFF_AFTER_SEQUENCE]: 39,
  [K_GAPS]: 41,
  [K_ROLLING_MINUTES]: 42,
  [K_ROLLING_SHIFTS]: 44,
  [K_ROLLING_DAYS]: 46,
  [K_ROLLING_WEEKENDS]: 48,
  [K_ROLLING_MINUTES_OFF]: 50,
  [K_SCOPED_DISRUPTION]: SCOPED_DISRUPTION_CONSTRAINT,
  [K_PERIOD_COST]: COST_MINIMIZE_ID,
  [K_MULTI_DAY_PATTERN]: MULTI_DAY_PATTERN_CONSTRAINT,
  [K_PERIOD_DAYS_OFF_RUN]: PERIOD_LIMIT_CONSTRAINT,
  [K_PERIOD_UNIQUE_TAGS]: PERIOD_LIMIT_CONSTRAINT + 2,
  [K_PERIOD_LOCATIONS]: PERIOD_LIMIT_CONSTRAINT + 4,
  [K_PERIOD_SHIFT_TYPES]: PERIOD_LIMIT_CONSTRAINT + 6,
  [K_PERIOD_START_DIFFERENCE]: PERIOD_LIMIT_CONSTRAINT + 8,
  [K_PERIOD_MINUTES_LOGGED]: PERIOD_LIMIT_CONSTRAINT + 10,
  [K_ROLLING_DAYS_OFF_RUN]: PERIOD_LIMIT_CONSTRAINT + 12,
  [K_SINGLE_DAY_PATTERN]: SINGLE_DAY_PATTERN_CONSTRAINT,
  [K_ROTATION]: ROTATION_CONSTRAINT,
};

/** Constraint of a shift sequence pattern rule per satisfiability (reference default REQUIRED), from its family's first id. */
const PATTERN_OFFSET = { REQUIRED: 0, PROHIBITED: 1, PREFERRED: 2, UNPREFERRED: 3 } as const;

/** One compiled rule, for explanations: where it came from and what it scores. */
export interface CompiledRule {
  contractId: string;
  ruleId: string;
  /** The reference list it came from, e.g. "periodRules". */
  family: string;
  kind: number;
  constraintId: number;
  /** The limits as the rule states them. */
  min: number | null;
  max: number | null;
  /** The period name (period rules) or window (rolling windows), for texts. */
  scope?: string;
  /** Shift rotations: the rotation group ids, in order. */
  rotationGroups?: string[];
  /** Shift sequence patterns: each element's type (ON / OFF; single-day elements are ON). */
  pattern?: Array<"ON" | "OFF">;
  /** Consecutive days worked: the `shiftTypeTagCategories` (record d = category index + 1). */
  categories?: string[];
  /** Single-day shift sequence patterns: whether the elements match in order. */
  ordered?: boolean;
  /** Cost definitions (encode-cost.ts): [minutes limit (-1 = the rest), milli-units per hour] per tier. */
  tiers?: Array<[number, number]>;
}

export interface EncodedContracts {
  sections: {
    rules: Int32Array;
    ruleAux: Int32Array;
    employeeRulesOff: Int32Array;
    employeeRules: Int32Array;
    employeeTz: Int32Array;
    tzShift: Int32Array;
    tzRange: Int32Array;
    ruleMinutes: Int32Array;
    customPeriodsOff: Int32Array;
    customPeriods: Int32Array;
  };
  counts: { rules: number; tzGroups: number; minuteRows: number };
  rules: CompiledRule[];
  /** Time zone rule per group. */
  zones: TimeZoneRule[];
}

const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

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
const I32_MIN = -2147483648;
const I32_MAX = 2147483647;

export function weekdayIndex(day: string | null | undefined, fallback: number): number {
  const i = day ? DAYS.indexOf(day as (typeof DAYS)[number]) : -1;
  return i < 0 ? fallback : i;
}

function dayMask(days: readonly string[] | null | undefined): number {
  let mask = 0;
  for (const d of days ?? []) {
    const i = DAYS.indexOf(d as (typeof DAYS)[number]);
    if (i >= 0) mask |= 1 << i;
  }
  return mask;
}

/** Weekend days of a contract (default Saturday and Sunday) as a weekday mask and the weekday it starts on. */
export function weekendOf(contract: Contract | undefined): { mask: number; first: number } {
  let mask = dayMask(contract?.weekendConfiguration?.weekendDays);
  if (mask === 0) mask = (1 << 5) | (1 << 6);
  let first = 5;
  for (let d = 0; d < 7; d++) {
    if ((mask >> d) & 1 && !((mask >> ((d + 6) % 7)) & 1)) {
      first = d;
      break;
    }
  }
  return { mask, first };
}

const present = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);
const limit = (v: number | null | undefined): number => (present(v) ? Math.max(0, Math.min(I32_MAX, Math.floor(v))) : -1);

interface Draft {
  words: Int32Array;
  info: CompiledRule;
  /** countOnlyBetween of this rule: its minutes rows are computed per time zone group. */
  between?: { start: number; end: number; worked?: Int32Array };
  /** Or a per-shift value of this rule (location, shift type, logged minutes), the same in every group. */
  row?: Int32Array;
}

/** True when an input has any contract rule the core scores (the fast path skips everything otherwise). */
export function hasContractRules(input: ModelInput): boolean {
  for (const c of input.contracts ?? []) {
    if (
      (c.periodRules?.length ?? 0) > 0 || (c.rollingWindowRules?.length ?? 0) > 0 ||
      (c.consecutiveShiftsWorkedRules?.length ?? 0) > 0 || (c.consecutiveDaysWorkedRules?.length ?? 0) > 0 ||
      (c.minutesBetweenShiftsRules?.length ?? 0) > 0 || (c.minimizeGapsBetweenShiftsRules?.length ?? 0) > 0 ||
      (c.disruptionRules ?? []).some((r) => r.scope) ||
      (c.multiDayShiftSequencePatternRules?.length ?? 0) > 0 || (c.singleDayShiftSequencePatternRules?.length ?? 0) > 0 ||
      (c.shiftRotationRules?.length ?? 0) > 0
    ) return true;
  }
  return false;
}

/** Tag fields of the previous and next shift of rest and gap rules (the deprecated names map onto their successors). */
interface PairTags {
  includePreviousShiftTags?: string[] | null;
  requiredPriorShiftTags?: string[] | null;
  excludePreviousShiftTags?: string[] | null;
  includeNextShiftTags?: string[] | null;
  requiredAfterShiftTags?: string[] | null;
  excludeNextShiftTags?: string[] | null;
  shiftTagMatches?: "ANY" | "ALL" | null;
}

function previousShiftFilter(rule: PairTags): TagFilterIn {
  return { includeShiftTags: rule.includePreviousShiftTags ?? rule.requiredPriorShiftTags, excludeShiftTags: rule.excludePreviousShiftTags, shiftTagMatches: rule.shiftTagMatches };
}

function nextShiftFilter(rule: PairTags): TagFilterIn {
  return { includeShiftTags: rule.includeNextShiftTags ?? rule.requiredAfterShiftTags, excludeShiftTags: rule.excludeNextShiftTags, shiftTagMatches: rule.shiftTagMatches };
}

export function encodeContracts(
  input: ModelInput,
  times: ShiftTimes,
  employeeIndex: ReadonlyMap<string, number>,
  filterOf: (f: TagFilterIn) => number,
  tagOf: (tag: string) => number,
): EncodedContracts {
  const E = input.employees.length;
  const S = input.shifts.length;
  if (!hasContractRules(input)) return emptyContracts(E);

  // ---- schedule parameterization: week start and custom periods ----
  const parameterization = input.scheduleParameterization;
  const weekStart = weekdayIndex(parameterization?.weekStart, 0);
  const customIndex = new Map<string, number>();
  const customOff = [0];
  const customSpans: number[] = [];
  for (const p of parameterization?.periods ?? []) {
    if (customIndex.has(p.id)) continue;
    customIndex.set(p.id, customIndex.size);
    const spans = (p.dateSpans ?? [])
      .map((s) => [dayOfIsoDate(s.start), dayOfIsoDate(s.end)] as const)
      .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && a <= b)
      .sort((x, y) => x[0] - y[0]);
    for (const [a, b] of spans) customSpans.push(a, b);
    customOff.push(customSpans.length / 2);
  }

  // ---- compile each contract's rules once ----
  const values = new ShiftValues(input, times, tagOf);
  const drafts: Draft[] = [];
  const aux: number[] = [];
  const contractRules = new Map<string, number[]>();
  for (const contract of input.contracts ?? []) {
    if (contractRules.has(contract.id)) continue;
    const list: number[] = [];
    const weekend = weekendOf(contract);
    const add: AddRule = (kind, sat, ruleId, family, fill, extra = {}, minutes) => {
      const words = new Int32Array(RULE_WORDS);
      words[RW_KIND] = kind;
      const preferred = sat === "PREFERRED" && kind !== K_GAPS && kind !== K_PERIOD_COST;
      words[RW_CONSTRAINT] = FAMILY_CONSTRAINT[kind] + (preferred ? 1 : 0);
      words[RW_FILTER] = -1;
      words[RW_FILTER2] = -1;
      words[RW_FILTER3] = -1;
      words[RW_PERIOD] = PERIOD_SCHEDULE;
      words[RW_MIN] = -1;
      words[RW_MAX] = -1;
      words[RW_MINUTES_ROW] = -1;
      words[RW_VALID_FROM] = I32_MIN;
      words[RW_VALID_TO] = I32_MAX;
      words[RW_AUX] = 0;
      fill(words);
      list.push(drafts.length);
      drafts.push({
        words,
        ...(minutes instanceof Int32Array ? { row: minutes } : { between: minutes }),
        info: {
          contractId: contract.id,
          ruleId,
          family,
          kind,
          constraintId: words[RW_CONSTRAINT],
          min: words[RW_MIN] >= 0 ? words[RW_MIN] : null,
          max: words[RW_MAX] >= 0 ? words[RW_MAX] : null,
          ...extra,
        },
      });
    };

    /** A shift sequence pattern rule (constraints/shift-patterns.ts): `elements` pushes its aux words. */
    const addPattern = (
      kind: number,
      rule: { id: string; satisfiability?: keyof typeof PATTERN_OFFSET | null; weight?: number | null; pattern: unknown[] },
      family: string,
      elements: (w: Int32Array) => void,
      extra: Partial<CompiledRule>,
    ) => {
      const satisfiability = rule.satisfiability ?? "REQUIRED";
      add(kind, satisfiability, rule.id, family, (w) => {
        w[RW_CONSTRAINT] = FAMILY_CONSTRAINT[kind] + PATTERN_OFFSET[satisfiability];
        w[RW_P1] = Math.max(1, Math.min(I32_MAX, Math.floor(rule.weight ?? 1)));
        w[RW_P2] = satisfiability === "REQUIRED" ? PATTERN_REQUIRED : PATTERN_MATCH;
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = rule.pattern.length;
        elements(w);
      }, extra);
    };

    for (const rule of contract.periodRules ?? []) compilePeriodRule(rule, weekStart, customIndex, weekend, filterOf, add, aux, values);
    for (const rule of contract.rollingWindowRules ?? []) compileRollingRule(rule, weekend, filterOf, aux, add, values);
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
    // Disruption rules with a scope (scoped disruption); those without feed the LOCAL disruption units (encodeDisruption).
    for (const rule of contract.disruptionRules ?? []) {
      const scope = rule.scope;
      if (!scope) continue;
      // The reference's default satisfiability of disruption rules is PREFERRED.
      add(K_SCOPED_DISRUPTION, rule.satisfiability ?? "PREFERRED", rule.id, "disruptionRules", (w) => {
        w[RW_FILTER] = filterOf(rule);
        const v = rule.validityDateTimeSpan;
        if (v?.start) w[RW_VALID_FROM] = clampI32(localMinutesOf(v.start), I32_MIN);
        if (v?.end) w[RW_VALID_TO] = clampI32(localMinutesOf(v.end), I32_MAX);
        if (scope.scopeType === "START_AND_END") {
          w[RW_P1] = SCOPE_START_AND_END;
          w[RW_P2] = limit(scope.startScopeInMinutes);
          w[RW_P3] = limit(scope.endScopeInMinutes);
        } else {
          w[RW_P1] = SCOPE_OVERLAP;
        }
        w[RW_P4] = Math.max(1, limit(rule.disruptionWeight ?? 1));
      }, { scope: scope.scopeType });
    }
    for (const rule of contract.multiDayShiftSequencePatternRules ?? []) {
      addPattern(K_MULTI_DAY_PATTERN, rule, "multiDayShiftSequencePatternRules", (w) => {
        for (const element of rule.pattern) {
          const filter = filterOf({ ...element, shiftTagMatches: element.shiftTagMatches ?? "ALL" });
          aux.push(filter, (element.type === "OFF" ? PE_OFF : 0) | (element.shiftMatches === "ANY" ? PE_ANY : 0));
        }
      }, { pattern: rule.pattern.map((e) => e.type ?? "ON") });
    }
    for (const rule of contract.singleDayShiftSequencePatternRules ?? []) {
      addPattern(K_SINGLE_DAY_PATTERN, rule, "singleDayShiftSequencePatternRules", (w) => {
        if (rule.ordered === false) w[RW_P3] = PATTERN_UNORDERED;
        for (const element of rule.pattern) aux.push(filterOf({ ...element, shiftTagMatches: element.shiftTagMatches ?? "ALL" }), 0);
      }, { pattern: rule.pattern.map(() => "ON"), ordered: rule.ordered !== false });
    }
    for (const rule of contract.shiftRotationRules ?? []) {
      // rotationPeriod, else the deprecated builtInRotationPeriod (a rule with neither scores nothing: a warning).
      const period = (rule.rotationPeriod ?? rule.builtInRotationPeriod) as { type?: string; requiredRotationPeriodMaxSizeInDays?: number | null; preferredRotationPeriodMaxSizeInDays?: number | null; preferredRotationPeriodMinSizeInDays?: number | null } | undefined;
      const groups = (w: Int32Array) => {
        w[RW_AUX] = aux.length;
        w[RW_AUX_COUNT] = rule.rotationGroups.length;
        for (const group of rule.rotationGroups) aux.push(filterOf({ includeShiftTags: group.includeShiftTags, shiftTagMatches: group.shiftTagMatches ?? "ALL" }), 0);
      };
      const rotationGroups = rule.rotationGroups.map((group) => group.id);
      if (period?.type === "WEEKLY") {
        add(K_ROTATION, rule.satisfiability, rule.id, "shiftRotationRules", (w) => {
          w[RW_P2] = ROTATION_WEEKLY;
          w[RW_P4] = weekStart;
          groups(w);
        }, { rotationGroups });
      } else if (period?.type === "CUSTOM") {
        const requiredMax = period.requiredRotationPeriodMaxSizeInDays, preferredMax = period.preferredRotationPeriodMaxSizeInDays, preferredMin = period.preferredRotationPeriodMinSizeInDays;
        if (present(requiredMax)) {
          add(K_ROTATION, "REQUIRED", rule.id, "shiftRotationRules", (w) => {
            w[RW_CONSTRAINT] = ROTATION_CONSTRAINT + 2;
            w[RW_P2] = ROTATION_CUSTOM_MAX;
            w[RW_MAX] = limit(requiredMax);
            groups(w);
          }, { rotationGroups, max: limit(requiredMax) });
        }
        if (present(preferredMax) || present(preferredMin)) {
          add(K_ROTATION, "PREFERRED", rule.id, "shiftRotationRules", (w) => {
            w[RW_CONSTRAINT] = ROTATION_CONSTRAINT + 3;
            w[RW_P2] = ROTATION_CUSTOM_RANGE;
            w[RW_MIN] = present(preferredMin) ? limit(preferredMin) : -1;
            w[RW_MAX] = present(preferredMax) ? limit(preferredMax) : -1;
            groups(w);
          }, { rotationGroups, min: present(preferredMin) ? limit(preferredMin) : null, max: present(preferredMax) ? limit(preferredMax) : null });
        }
      }
    }
    for (const rule of contract.minimizeGapsBetweenShiftsRules ?? []) {
      add(K_GAPS, "PREFERRED", rule.id, "minimizeGapsBetweenShiftsRules", (w) => {
        w[RW_P1] = present(rule.maximumMinutesBetweenSplitShifts) ? limit(rule.maximumMinutesBetweenSplitShifts) : 120;
        w[RW_FILTER2] = filterOf(previousShiftFilter(rule));
        w[RW_FILTER3] = filterOf(nextShiftFilter(rule));
      });
    }
    contractRules.set(contract.id, list);
  }

  // ---- employees: rule lists and time zone groups ----
  const employeeRulesOff = new Int32Array(E + 1);
  const employeeRules: number[] = [];
  const employeeTz = new Int32Array(E).fill(-1);
  const zones: TimeZoneRule[] = [];
  const zoneIndex = new Map<string, number>();
  input.employees.forEach((employee, e) => {
    if (employeeIndex.get(employee.id) === e) {
      const seen = new Set<number>();
      for (const id of employee.contracts ?? []) {
        for (const r of contractRules.get(id) ?? []) {
          if (seen.has(r)) continue;
          seen.add(r);
          employeeRules.push(r);
        }
      }
      if (seen.size > 0) {
        const zone = TimeZoneRule.of(employee.timeZoneId, employee.zoneOffset);
        let g = zoneIndex.get(zone.key);
        if (g === undefined) {
          g = zones.length;
          zoneIndex.set(zone.key, g);
          zones.push(zone);
        }
        employeeTz[e] = g;
      }
    }
    employeeRulesOff[e + 1] = employeeRules.length;
  });

  // ---- local days of every shift per group, and the schedule's range ----
  const G = zones.length;
  const tzShift = new Int32Array(G * S * TZ_WORDS);
  const tzRange = new Int32Array(2 * G);
  const window = input.planningWindow;
  zones.forEach((zone, g) => {
    let lo = I32_MAX, hi = I32_MIN;
    for (let s = 0; s < S; s++) {
      const start = times.start[s], end = times.end[s];
      const offStart = zone.offsetAt(start, times.startOffset[s]);
      const first = Math.floor((start + offStart) / MINUTES_IN_DAY);
      const lastMinute = Math.max(start, end - 1);
      const last = Math.max(first, Math.floor((lastMinute + zone.offsetAt(lastMinute, times.endOffset[s])) / MINUTES_IN_DAY));
      const at = (g * S + s) * TZ_WORDS;
      tzShift[at] = first;
      tzShift[at + 1] = last;
      tzShift[at + 2] = offStart;
      tzShift[at + 3] = last === first ? end - start : Math.max(0, Math.min(end, zone.midnight(first + 1, start, times.startOffset[s])) - start);
      lo = Math.min(lo, first);
      hi = Math.max(hi, last);
    }
    if (window) {
      const a = parseTimestamp(window.start), b = parseTimestamp(window.end);
      lo = zone.dayOf(a.minute, a.offset);
      hi = Math.max(lo, zone.dayOf(Math.max(a.minute, b.minute - 1), b.offset));
    }
    if (lo > hi) lo = hi = 0;
    tzRange[2 * g] = lo;
    tzRange[2 * g + 1] = hi;
  });

  // ---- minutes rows (countOnlyBetween): per rule, one row per group ----
  const rows: Int32Array[] = [];
  for (const d of drafts) {
    const between = d.between, row = d.row;
    if (!between && !row) continue;
    d.words[RW_MINUTES_ROW] = rows.length;
    for (let g = 0; g < G; g++) rows.push(row ?? countOnlyBetweenRow(between!, g, S, times, tzShift));
  }
  const ruleMinutes = new Int32Array(rows.length * S);
  rows.forEach((row, i) => ruleMinutes.set(row, i * S));

  const rules = new Int32Array(drafts.length * RULE_WORDS);
  drafts.forEach((d, i) => rules.set(d.words, i * RULE_WORDS));
  return {
    sections: {
      rules,
      ruleAux: Int32Array.from(aux),
      employeeRulesOff,
      employeeRules: Int32Array.from(employeeRules),
      employeeTz,
      tzShift,
      tzRange,
      ruleMinutes,
      customPeriodsOff: Int32Array.from(customOff),
      customPeriods: Int32Array.from(customSpans),
    },
    counts: { rules: drafts.length, tzGroups: G, minuteRows: rows.length },
    rules: drafts.map((d) => d.info),
    zones,
  };
}

export function emptyContracts(E: number): EncodedContracts {
  const none = new Int32Array(0);
  return {
    sections: {
      rules: none, ruleAux: none, employeeRulesOff: new Int32Array(E + 1), employeeRules: none,
      employeeTz: new Int32Array(E).fill(-1), tzShift: none, tzRange: none, ruleMinutes: none,
      customPeriodsOff: new Int32Array(1), customPeriods: none,
    },
    counts: { rules: 0, tzGroups: 0, minuteRows: 0 },
    rules: [],
    zones: [],
  };
}

/** Adds a compiled rule; `minutes`: its countOnlyBetween interval, or its per-shift value row. */
type AddRule = (kind: number, sat: string | null | undefined, ruleId: string, family: string, fill: (w: Int32Array) => void, extra?: Partial<CompiledRule>, minutes?: Draft["between"] | Int32Array) => void;

/** Per-shift values the period limits and the unlogged break tags read (computed once per input, on first use). */
class ShiftValues {
  private locationMemo?: Int32Array;
  private loggedMemo?: Int32Array;
  constructor(private readonly input: ModelInput, private readonly times: ShiftTimes, readonly tagOf: (tag: string) => number) {}

  /** Index of each shift's location among the distinct `shifts[].location` pairs, -1 without one. */
  locations(): Int32Array {
    if (this.locationMemo) return this.locationMemo;
    const index = new Map<string, number>();
    return (this.locationMemo = Int32Array.from(this.input.shifts, (s) => {
      const at = s.location;
      if (!Array.isArray(at) || at.length !== 2) return -1;
      const key = `${at[0]},${at[1]}`;
      let k = index.get(key);
      if (k === undefined) index.set(key, (k = index.size));
      return k;
    }));
  }

  /** Logged minutes of each shift: its `loggedTime`, else its minutes worked. */
  logged(): Int32Array {
    return (this.loggedMemo ??= Int32Array.from(this.input.shifts, (s, i) =>
      s.loggedTime ? Math.max(0, Math.min(I32_MAX, durationMinutes(s.loggedTime))) : this.times.worked[i]));
  }

  /**
   * Minutes worked of each shift when only the breaks carrying `unloggedBreakTags` (ALL of them, or with
   * `breakTagMatches` ANY one) are left out; undefined without such tags (every break is left out: the default).
   */
  workedWith(limit: { unloggedBreakTags?: string[] | null; breakTagMatches?: "ANY" | "ALL" | null } | null | undefined): Int32Array | undefined {
    const tags = limit?.unloggedBreakTags ?? [];
    if (tags.length === 0) return undefined;
    const any = limit?.breakTagMatches === "ANY";
    return Int32Array.from(this.input.shifts, (s, i) => {
      const start = this.times.start[i], end = this.times.end[i];
      let minutes = end - start;
      for (const b of s.breaks ?? []) {
        const own = new Set(b.tags ?? []);
        const hits = tags.filter((t) => own.has(t)).length;
        if (any ? hits === 0 : hits < tags.length) continue;
        minutes -= Math.max(0, Math.min(end, parseTimestamp(b.end).minute) - Math.max(start, parseTimestamp(b.start).minute));
      }
      return Math.max(0, minutes);
    });
  }

  /** Category of each shift: the index of the first of `categories` among its tags, -1 when none. */
  categories(categories: readonly string[]): Int32Array {
    return Int32Array.from(this.input.shifts, (s) => {
      const tags = s.tags ?? [];
      for (let c = 0; c < categories.length; c++) if (tags.includes(categories[c])) return c;
      return -1;
    });
  }

  /** Sorted indices of the declared tags (`modelInput.tags`) of the given tag types. */
  tagsOfTypes(types: readonly string[]): number[] {
    const wanted = new Set(types);
    const ids = (this.input.tags ?? []).filter((t) => wanted.has(t.tagType)).map((t) => this.tagOf(t.id));
    return [...new Set(ids)].sort((a, b) => a - b);
  }
}

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

/**
 * The minutes a minutes limit counts: its countOnlyBetween interval (scaled by `worked`), else `worked` itself (the
 * minutes worked with its unlogged break tags), else undefined (the minutes worked).
 */
function minutesOf(interval: { start: string; end: string } | null | undefined, worked?: Int32Array): Draft["between"] | Int32Array | undefined {
  if (interval) {
    const start = timeOfDayMinutes(interval.start), end = timeOfDayMinutes(interval.end);
    if (Number.isFinite(start) && Number.isFinite(end) && start !== end) return { start, end, worked };
  }
  return worked;
}

function compilePeriodRule(
  rule: PeriodRule,
  weekStart: number,
  custom: ReadonlyMap<string, number>,
  weekend: { mask: number; first: number },
  filterOf: (f: TagFilterIn) => number,
  add: AddRule,
  aux: number[],
  values: ShiftValues,
): void {
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

function compileRollingRule(
  rule: RollingWindowRule,
  weekend: { mask: number; first: number },
  filterOf: (f: TagFilterIn) => number,
  aux: number[],
  add: AddRule,
  values: ShiftValues,
): void {
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

function clampI32(v: number, fallback: number): number {
  return Number.isFinite(v) ? Math.max(I32_MIN, Math.min(I32_MAX, v)) : fallback;
}

/**
 * Minutes of each shift inside the daily interval [start, end) (local time; end <= start spans midnight), scaled
 * by worked / duration so breaks count as in minutes worked. Local time of the whole shift is taken at its start's
 * offset (a shift crossing a daylight-saving change is off by the change's hour).
 */
function countOnlyBetweenRow(between: NonNullable<Draft["between"]>, g: number, S: number, times: ShiftTimes, tzShift: Int32Array): Int32Array {
  const row = new Int32Array(S);
  const length = between.end > between.start ? between.end - between.start : between.end + MINUTES_IN_DAY - between.start;
  for (let s = 0; s < S; s++) {
    const at = (g * S + s) * TZ_WORDS;
    const local = times.start[s] + tzShift[at + 2];
    const duration = times.end[s] - times.start[s];
    if (duration <= 0) continue;
    const localEnd = local + duration;
    let inside = 0;
    for (let day = tzShift[at] - 1; day <= tzShift[at + 1]; day++) {
      const a = day * MINUTES_IN_DAY + between.start;
      inside += Math.max(0, Math.min(localEnd, a + length) - Math.max(local, a));
    }
    row[s] = Math.round((inside * (between.worked ?? times.worked)[s]) / duration);
  }
  return row;
}

/**
 * Disruption rules (spec §2.6): per shift the multiplier of the deprecated `globalRules.disruptionRules` covering it
 * (date span on the shift's local start date, tag filter; the highest when several do), and per employee the
 * `disruptionRules` of its contracts as [filter, weight, valid from, valid to] (validity in UTC minutes, read in the
 * employee's zone). Rules with a `scope` are compiled rules instead (encodeContracts, scoped disruption).
 */
export function encodeDisruption(
  input: ModelInput,
  times: ShiftTimes,
  employeeIndex: ReadonlyMap<string, number>,
  filterOf: (f: TagFilterIn) => number,
): { shiftDisruption: Int32Array; employeeDisruptionOff: Int32Array; employeeDisruption: Int32Array } {
  const S = input.shifts.length, E = input.employees.length;
  const shiftDisruption = new Int32Array(S);
  const global = input.globalRules?.disruptionRules ?? [];
  if (global.length > 0) {
    const tagSets = shiftTagSets(input.shifts);
    for (const rule of global) {
      const first = dayOfIsoDate(rule.start), last = dayOfIsoDate(rule.end);
      const multiplier = Math.max(1, Math.min(5, Math.floor(rule.multiplier ?? 1)));
      for (let s = 0; s < S; s++) {
        const day = Math.floor((times.start[s] + times.startOffset[s]) / MINUTES_IN_DAY);
        if (day < first || day > last) continue;
        if (!tagsMatchLoose(tagSets[s], rule)) continue;
        shiftDisruption[s] = Math.max(shiftDisruption[s], multiplier);
      }
    }
  }
  const off = new Int32Array(E + 1);
  const words: number[] = [];
  const byContract = new Map((input.contracts ?? []).map((c) => [c.id, c]));
  input.employees.forEach((employee, e) => {
    if (employeeIndex.get(employee.id) === e) {
      const zone = TimeZoneRule.of(employee.timeZoneId, employee.zoneOffset);
      const near = S > 0 ? times.start[0] : 0;
      const written = S > 0 ? times.startOffset[0] : 0;
      for (const id of employee.contracts ?? []) {
        for (const rule of byContract.get(id)?.disruptionRules ?? []) {
          if (rule.scope) continue;
          const v = rule.validityDateTimeSpan;
          const from = v?.start ? localMinutesOf(v.start) - zone.offsetAt(near, written) : I32_MIN;
          const to = v?.end ? localMinutesOf(v.end) - zone.offsetAt(near, written) : I32_MAX;
          words.push(filterOf(rule), Math.max(1, Math.floor(rule.disruptionWeight ?? 1)), clampI32(from, I32_MIN), clampI32(to, I32_MAX));
        }
      }
    }
    off[e + 1] = words.length / 4;
  });
  return { shiftDisruption, employeeDisruptionOff: off, employeeDisruption: Int32Array.from(words) };
}

function tagsMatchLoose(tags: ReadonlySet<string>, f: TagFilterIn): boolean {
  const any = f.shiftTagMatches === "ANY";
  const include = f.includeShiftTags ?? [], exclude = f.excludeShiftTags ?? [];
  if (include.length > 0) {
    const hits = include.filter((t) => tags.has(t)).length;
    if (any ? hits === 0 : hits < include.length) return false;
  }
  if (exclude.length > 0) {
    const hits = exclude.filter((t) => tags.has(t)).length;
    if (any ? hits > 0 : hits === exclude.length) return false;
  }
  return true;
}
