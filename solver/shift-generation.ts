/**
 * Demand shift generation (preview, spec §2.6): hourly demand rules with `shiftGeneration.templates` get candidate
 * shifts before solving; the solver decides which of them to assign (hourly demand constraints, ids 70-72).
 *
 * Generation, per rule with templates, deterministic:
 *   - local days in `config.timeZoneId` (default "Z") from the day before the rule's first demand interval to the day
 *     of its last; for every day and every template applicable to its weekday (`applicableDaysOfWeek`, empty = every
 *     day) one candidate shape: local `baseStartTime` for `baseDuration`;
 *   - a shape overlapping no interval with demand is dropped; otherwise it gets `need` copies, `need` = the largest
 *     target demand (minDemand, else maxDemand) of the intervals it overlaps, times `overGeneration.factor` (rounded
 *     up), at least `need + minExtraShiftsPerDemandInterval`;
 *   - only shapes starting inside the planning window (when one is given) and after the intervals that end before
 *     it are generated; at most GENERATION_LIMIT shifts in all.
 * Each generated shift: id `<rule>-<template>-<local date>-<n>`, tags = the rule's `includeShiftTags` and the
 * template's `additionalTags`, the template's `requiredSkills`, `costGroup` and `location`; it is optional and costs
 * nothing when left unassigned (the demand constraints decide). Template deviations make more shapes: every start
 * from -startDeviationBefore to +startDeviationAfter and every length from -durationDeviationShorter to
 * +durationDeviationLonger around the base, in steps of the granularity (id `<rule>-<template>-<date>-<HHmm>-<minutes>m-<n>`).
 *
 * The generated shifts are appended after the input's shifts (so index i < input.shifts.length is the same shift
 * in both); `modelOutput.shifts` lists the input's shifts only and `modelOutput.generatedShifts` the generated ones.
 */
import type { ModelInput, Shift } from "../schemas/model-input";
import type { IntColumn } from "./encode";
import { parseDurationMs } from "./duration";
import { civilFromDays, isoDate, parseTimestamp, timeOfDayMinutes, TimeZoneRule, MINUTES_IN_DAY } from "./time";

/** At most this many generated shifts per dataset (ShiftGenerationTotalEstimateExceedsLimit above it). */
export const GENERATION_LIMIT = 50_000;
const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

export interface DemandDetailIn {
  startDateTime: string;
  endDateTime?: string | null;
  minDemand?: number | null;
  maxDemand?: number | null;
}
export interface TemplateIn {
  id: string;
  baseStartTime: string;
  baseDuration: string;
  startDeviationBefore?: string;
  startDeviationAfter?: string;
  durationDeviationShorter?: string;
  durationDeviationLonger?: string;
  additionalTags?: string[];
  requiredSkills?: string[];
  costGroup?: string | null;
  location?: number[] | null;
  applicableDaysOfWeek?: string[] | null;
}
export interface DemandRuleIn {
  id: string;
  includeShiftTags?: string[];
  excludeShiftTags?: string[];
  shiftTagMatches?: "ANY" | "ALL";
  includeEmployeeTags?: string[];
  excludeEmployeeTags?: string[];
  employeeTagMatches?: "ANY" | "ALL";
  satisfiability?: "REQUIRED" | "PREFERRED";
  demandDetails?: DemandDetailIn[];
  shiftGeneration?: {
    templates?: TemplateIn[];
    config?: { timeZoneId?: string; granularity?: string; overGeneration?: { factor?: number; minExtraShiftsPerDemandInterval?: number } };
  } | null;
}

export function demandRulesOf(input: ModelInput): DemandRuleIn[] {
  const rules = (input.globalRules as { minimumMaximumShiftsPerHourlyDemand?: unknown } | undefined)?.minimumMaximumShiftsPerHourlyDemand;
  return Array.isArray(rules) ? (rules.filter((r) => r !== null && typeof r === "object") as DemandRuleIn[]) : [];
}

/** A rule's well-formed demand details (objects with a start text; the schema guarantees it for API input). */
export function detailsOf(rule: DemandRuleIn): DemandDetailIn[] {
  return Array.isArray(rule.demandDetails) ? rule.demandDetails.filter((d) => d !== null && typeof d === "object" && typeof d.startDateTime === "string") : [];
}

/** A rule's well-formed templates (id, baseStartTime and baseDuration texts). */
export function templatesOf(rule: DemandRuleIn): TemplateIn[] {
  const list = rule.shiftGeneration && typeof rule.shiftGeneration === "object" ? rule.shiftGeneration.templates : undefined;
  return Array.isArray(list)
    ? list.filter((t) => t !== null && typeof t === "object" && typeof t.id === "string" && typeof t.baseStartTime === "string" && typeof t.baseDuration === "string")
    : [];
}

/** Rules that generate shifts (`shiftGeneration.templates` non-empty). */
export function generatingRules(input: ModelInput): DemandRuleIn[] {
  return demandRulesOf(input).filter((r) => templatesOf(r).length > 0);
}

/** An interval of a demand detail: minutes since the epoch; the end defaults to start + 1 hour. */
export function detailSpan(d: DemandDetailIn): { start: number; end: number; offset: number } {
  const start = parseTimestamp(d.startDateTime);
  const end = typeof d.endDateTime === "string" ? parseTimestamp(d.endDateTime).minute : start.minute + 60;
  return { start: start.minute, end, offset: start.offset };
}

/** minDemand when given, else maxDemand; null when neither is a non-negative integer. */
export function targetDemand(d: DemandDetailIn): number | null {
  const ok = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
  return ok(d.minDemand) ? d.minDemand : ok(d.maxDemand) ? d.maxDemand : null;
}

/** "YYYY-MM-DDTHH:mm:00±hh:mm" (or Z) of an instant at a given offset. */
export function formatInstant(minute: number, offset: number): string {
  const local = minute + offset;
  const day = Math.floor(local / MINUTES_IN_DAY);
  const [y, m, d] = civilFromDays(day);
  const t = local - day * MINUTES_IN_DAY;
  const two = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const zone = offset === 0 ? "Z" : `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return `${String(y).padStart(4, "0")}-${two(m)}-${two(d)}T${two(Math.floor(t / 60))}:${two(t % 60)}:00${zone}`;
}

export interface GeneratedShiftInfo {
  rule: string;
  template: string;
  costGroup: string | null;
  location: number[] | null;
}

export interface GenerationInfo {
  /** Index of the first generated shift in the expanded input. */
  first: number;
  shifts: GeneratedShiftInfo[];
  /** Rule ids that generate, with their granularity in minutes (person-slot KPIs). */
  rules: { id: string; granularity: number }[];
}

const expandedOf = new WeakMap<ModelInput, ModelInput>();
const infoOf = new WeakMap<ModelInput, GenerationInfo>();
const generatedShifts = new WeakSet<object>();

/** Whether `shift` is a generated one (optional, free when unassigned: encode.ts shiftAssignmentWeights). */
export function isGeneratedShift(shift: object): boolean {
  return generatedShifts.has(shift);
}

/** Generation facts of an expanded input (undefined when nothing was generated). */
export function generationInfo(expanded: ModelInput): GenerationInfo | undefined {
  return infoOf.get(expanded);
}

/** Granularity in minutes (PT30M or PT1H; default one hour). */
function granularityOf(rule: DemandRuleIn): number {
  const g = rule.shiftGeneration?.config?.granularity;
  try {
    const minutes = typeof g === "string" ? parseDurationMs(g) / 60_000 : 60;
    return minutes === 30 ? 30 : 60;
  } catch {
    return 60;
  }
}

/** A deviation in minutes: a multiple of the granularity, at most PT2H (validated; clamped here). */
function deviation(text: string | undefined, granularity: number): number {
  if (typeof text !== "string") return 0;
  try {
    const m = Math.min(120, Math.max(0, parseDurationMs(text) / 60_000));
    return Math.floor(m / granularity) * granularity;
  } catch {
    return 0;
  }
}

/**
 * The shapes of a template: start offsets from -startDeviationBefore to +startDeviationAfter and lengths from
 * base - durationDeviationShorter to base + durationDeviationLonger, in steps of the granularity; the base first.
 */
export function variantsOf(t: TemplateIn, base: number, granularity: number): { shift: number; length: number }[] {
  const out = [{ shift: 0, length: base }];
  const before = deviation(t.startDeviationBefore, granularity), after = deviation(t.startDeviationAfter, granularity);
  const shorter = deviation(t.durationDeviationShorter, granularity), longer = deviation(t.durationDeviationLonger, granularity);
  for (let shift = -before; shift <= after; shift += granularity) {
    for (let length = base - shorter; length <= base + longer; length += granularity) {
      if (length > 0 && (shift !== 0 || length !== base)) out.push({ shift, length });
    }
  }
  return out;
}

/**
 * The input with the generated shifts appended, or the input itself when no rule generates (no copy, no cost).
 * Memoized per input object.
 */
export function withGeneratedShifts(input: ModelInput): ModelInput {
  const rules = generatingRules(input);
  if (rules.length === 0) return input;
  const known = expandedOf.get(input);
  if (known) return known;
  const windowStart = input.planningWindow?.start ? parseTimestamp(input.planningWindow.start).minute : -Infinity;
  const windowEnd = input.planningWindow?.end ? parseTimestamp(input.planningWindow.end).minute : Infinity;
  const extra: Shift[] = [];
  const info: GeneratedShiftInfo[] = [];
  const ids = new Set(input.shifts.map((s) => s.id));
  for (const rule of rules) {
    const config = rule.shiftGeneration?.config ?? {};
    const zone = typeof config.timeZoneId === "string" ? config.timeZoneId : "Z";
    const tz = TimeZoneRule.of(zone, zone);
    const factor = typeof config.overGeneration?.factor === "number" ? Math.min(3, Math.max(1, config.overGeneration.factor)) : 1;
    const minExtra = Math.max(0, Math.floor(Number(config.overGeneration?.minExtraShiftsPerDemandInterval ?? 0)) || 0);
    const intervals = detailsOf(rule)
      .map((d) => ({ ...detailSpan(d), target: targetDemand(d) ?? 0 }))
      .filter((i) => i.end > i.start && i.end > windowStart && i.target > 0)
      .sort((a, b) => a.start - b.start);
    if (intervals.length === 0) continue;
    const firstDay = tz.dayOf(intervals[0].start, intervals[0].offset) - 1;
    const lastDay = intervals.reduce((m, i) => Math.max(m, tz.dayOf(i.end, i.offset)), -Infinity);
    const tags = [...new Set([...(Array.isArray(rule.includeShiftTags) ? rule.includeShiftTags : [])])];
    const granularity = granularityOf(rule);
    for (let day = firstDay; day <= lastDay; day++) {
      const weekday = DAYS[(((day + 3) % 7) + 7) % 7];
      for (const t of templatesOf(rule)) {
        if (Array.isArray(t.applicableDaysOfWeek) && t.applicableDaysOfWeek.length > 0 && !t.applicableDaysOfWeek.includes(weekday)) continue;
        let base: number;
        try {
          base = Math.round(parseDurationMs(t.baseDuration) / 60_000);
        } catch {
          continue;
        }
        const baseLocal = day * MINUTES_IN_DAY + timeOfDayMinutes(t.baseStartTime);
        if (!Number.isFinite(baseLocal) || base <= 0) continue;
        const shiftTags = [...new Set([...tags, ...(Array.isArray(t.additionalTags) ? t.additionalTags : [])])];
        for (const { shift: offset, length } of variantsOf(t, base, granularity)) {
          const local = baseLocal + offset;
          let start = local - tz.offsetAt(local);
          start = local - tz.offsetAt(start);
          const end = start + length;
          if (start < windowStart || start >= windowEnd) continue;
          let need = 0;
          for (const i of intervals) if (i.start < end && i.end > start) need = Math.max(need, i.target);
          if (need === 0) continue;
          const copies = Math.max(Math.ceil(need * factor - 1e-9), need + minExtra);
          // The base shape keeps the short id; a deviation adds its local start and length.
          const hhmm = `${String(Math.floor(((local % MINUTES_IN_DAY) + MINUTES_IN_DAY) % MINUTES_IN_DAY / 60)).padStart(2, "0")}${String((((local % 60) + 60) % 60)).padStart(2, "0")}`;
          const variant = offset === 0 && length === base ? "" : `-${hhmm}-${length}m`;
          for (let k = 1; k <= copies && extra.length < GENERATION_LIMIT; k++) {
            const id = `${rule.id}-${t.id}-${isoDate(day)}${variant}-${k}`;
            if (ids.has(id)) continue;
            ids.add(id);
            const shift: Shift = {
              id,
              start: formatInstant(start, tz.offsetAt(start)),
              end: formatInstant(end, tz.offsetAt(end)),
              ...(shiftTags.length > 0 ? { tags: shiftTags } : {}),
              ...(Array.isArray(t.requiredSkills) && t.requiredSkills.length > 0 ? { requiredSkills: [...t.requiredSkills] } : {}),
              ...(t.costGroup != null ? { costGroup: t.costGroup } : {}),
              ...(Array.isArray(t.location) ? { location: [...t.location] } : {}),
            };
            generatedShifts.add(shift);
            extra.push(shift);
            info.push({ rule: rule.id, template: t.id, costGroup: t.costGroup ?? null, location: Array.isArray(t.location) ? [...t.location] : null });
          }
        }
      }
    }
  }
  const expanded: ModelInput = { ...input, shifts: [...input.shifts, ...extra] };
  expandedOf.set(input, expanded);
  expandedOf.set(expanded, expanded);
  infoOf.set(expanded, { first: input.shifts.length, shifts: info, rules: rules.map((r) => ({ id: r.id, granularity: granularityOf(r) })) });
  return expanded;
}

/** Estimated number of shifts generation would create (validation: ShiftGenerationTotalEstimateExceedsLimit). */
export function generationEstimate(input: ModelInput): number {
  let total = 0;
  for (const rule of generatingRules(input)) {
    const granularity = granularityOf(rule);
    const templates = templatesOf(rule).reduce((n, t) => n + variantsOf(t, 60, granularity).length, 0);
    const details = detailsOf(rule);
    const spans = details.map(detailSpan);
    if (spans.length === 0) continue;
    // Spread-free (a rule may have tens of thousands of details).
    const last = spans.reduce((m, s) => Math.max(m, s.end), -Infinity), first = spans.reduce((m, s) => Math.min(m, s.start), Infinity);
    const days = Math.ceil((last - first) / MINUTES_IN_DAY) + 2;
    const need = details.reduce((m, d) => Math.max(m, targetDemand(d) ?? 0), 0);
    const factor = rule.shiftGeneration?.config?.overGeneration?.factor ?? 1;
    const extraMin = rule.shiftGeneration?.config?.overGeneration?.minExtraShiftsPerDemandInterval ?? 0;
    total += days * templates * Math.max(Math.ceil(need * factor), need + extraMin);
  }
  return total;
}

export interface DemandKpis {
  demandGeneratedShifts: number | null;
  totalDemandPersonSlots: number | null;
  coveredDemandPersonSlots: number | null;
  uncoveredDemandPersonSlots: number | null;
}

export interface OutputGeneratedShift {
  id: string;
  start: string;
  end: string;
  costGroup: string | null;
  location: number[] | null;
  requiredSkills: string[];
  tags: string[];
  employee: string | null;
}

interface ProblemView {
  input: ModelInput;
  employeeIds: string[];
  shiftStart: IntColumn;
  shiftEnd: IntColumn;
  demand?: {
    rules: DemandRuleIn[];
    intervals: { rule: number; start: number; end: number; target: number | null }[];
    members: Uint8Array;
  };
}

/** `modelOutput.generatedShifts`: every generated shift with its employee (null when the solver left it out). */
export function generatedShiftsOutput(problem: ProblemView, assignment: ArrayLike<number>): OutputGeneratedShift[] | undefined {
  const info = generationInfo(problem.input);
  if (!info) return undefined;
  return info.shifts.map((g, k) => {
    const s = info.first + k;
    const shift = problem.input.shifts[s];
    const e = assignment[s] ?? -1;
    return {
      id: shift.id,
      start: shift.start,
      end: shift.end,
      costGroup: g.costGroup,
      location: g.location,
      requiredSkills: shift.requiredSkills ?? [],
      tags: shift.tags ?? [],
      employee: e >= 0 ? problem.employeeIds[e] : null,
    };
  });
}

/**
 * Demand KPIs (null without a generating rule). Person slots: every interval of a generating rule is cut into slots
 * of its granularity (PT1H default, or PT30M); a slot's demand is the interval's target (minDemand, else maxDemand)
 * persons. Covered: per slot at most its demand, the assigned generated shifts of that rule overlapping the slot and
 * worked by an employee passing the rule's employee filter. Uncovered = total - covered.
 */
export function demandKpis(problem: ProblemView, assignment: ArrayLike<number>): DemandKpis {
  const info = generationInfo(problem.input);
  const demand = problem.demand;
  if (!info) return { demandGeneratedShifts: null, totalDemandPersonSlots: null, coveredDemandPersonSlots: null, uncoveredDemandPersonSlots: null };
  let total = 0, covered = 0;
  if (demand) {
    const E = problem.employeeIds.length;
    const granularity = new Map(info.rules.map((r) => [r.id, r.granularity]));
    const byRule = new Map<string, number[]>();
    info.shifts.forEach((g, k) => {
      const s = info.first + k;
      const e = assignment[s] ?? -1;
      if (e < 0) return;
      const r = demand.rules.findIndex((rule) => rule.id === g.rule);
      if (r < 0 || !demand.members[r * E + e]) return;
      byRule.set(g.rule, [...(byRule.get(g.rule) ?? []), s]);
    });
    for (const i of demand.intervals) {
      // The global shift counts' intervals follow the demand rules' (encode-demand.ts): no rule of theirs generates.
      if (i.rule >= demand.rules.length) continue;
      const ruleId = demand.rules[i.rule].id;
      const g = granularity.get(ruleId);
      if (g === undefined || !i.target) continue;
      const shifts = byRule.get(ruleId) ?? [];
      for (let t = i.start; t < i.end; t += g) {
        const end = Math.min(i.end, t + g);
        let n = 0;
        for (const s of shifts) if (problem.shiftStart[s] < end && problem.shiftEnd[s] > t) n++;
        total += i.target;
        covered += Math.min(i.target, n);
      }
    }
  }
  return { demandGeneratedShifts: info.shifts.length, totalDemandPersonSlots: total, coveredDemandPersonSlots: covered, uncoveredDemandPersonSlots: total - covered };
}
