/**
 * Cost (reference "Cost management" and "Employee activation") -> the core:
 *   - a period rule's `costDefinition` becomes one compiled contract rule of kind K_PERIOD_COST scoring "Minimize cost
 *     per period" (68), its tiers in RULE_AUX (`compileCostDefinition`, called by encode-contracts.ts);
 *   - `globalRules.costsRules` (66 REQUIRED / 67 PREFERRED) and the activation of `employeeCostGroups` (ratio 69,
 *     activation cost 73, saturation SATURATION_CONSTRAINT) become the SEC_COST block drawn in assembly/cost-data.ts (`encodeCost`).
 *
 * Money is in milli-units (thousandths of the input's currency unit): costs are rounded to 0.001 once here, and the
 * core adds integers, so incremental and from-scratch scores agree exactly. An input without costs rules or ratio
 * groups gets an empty block (the core's cost units stay inactive).
 */
import type { ModelInput } from "../schemas/model-input";
import type { PeriodRule } from "../schemas/contract-rules";
import { RW_AUX, RW_AUX_COUNT, K_PERIOD_COST, COST_DEFINITION_CONSTRAINT, SATURATION_CONSTRAINT } from "./layout";
import { civilFromDays, daysFromCivil, dayOfIsoDate, parseOffset, parseTimestamp } from "./time";
import { tagsMatch } from "./encode";
import { shiftTagSets } from "./shift-tag-sets";

export const COST_REQUIRED_ID = 66;
export const COST_PREFERRED_ID = 67;
export const COST_MINIMIZE_ID = COST_DEFINITION_CONSTRAINT;
export const ACTIVATION_RATIO_ID = 69;
export const ACTIVATION_COST_ID = 73;
export const SATURATION_ID = SATURATION_CONSTRAINT;

const I32_MAX = 2147483647;
const COST_HEADER = 6;

/** Money -> milli-units (rounded half away from zero). */
export function toMilli(v: number): number {
  return Math.sign(v) * Math.round(Math.abs(v) * 1000);
}

/** Milli-units -> a decimal number of the currency unit (3 decimals). */
export function fromMilli(v: number): number {
  return Math.round(v) / 1000;
}

/** Milli-units per hour of a rate, clamped to the i32 the core reads. */
function rateMilli(rate: number | null | undefined): number {
  const v = typeof rate === "number" && Number.isFinite(rate) ? toMilli(rate) : 0;
  return Math.max(0, Math.min(I32_MAX, v));
}

/**
 * The tiers of a cost definition, in order: [minutes limit (-1 = the rest), milli-units per hour]. Without
 * `baseMinutesLimit` the base rate covers every minute and overtime details are ignored (reported by the validation,
 * PERIOD_RULE_COST_DEFINITION_OVERTIME_WITHOUT_BASE_MINUTES_LIMIT); an overtime detail without a limit takes the
 * rest (later ones are never reached; PERIOD_RULE_COST_DEFINITION_OVERTIME_DETAIL_MISSING_LIMIT when not last).
 */
export function costTiers(def: NonNullable<PeriodRule["costDefinition"]>): Array<[number, number]> {
  const base = typeof def.baseMinutesLimit === "number" && def.baseMinutesLimit > 0 ? Math.min(I32_MAX, Math.floor(def.baseMinutesLimit)) : -1;
  const tiers: Array<[number, number]> = [[base, rateMilli(def.baseHourlyCost)]];
  if (base < 0) return tiers;
  for (const o of def.overtimeCostDetails ?? []) {
    const limit = typeof o.overtimeMinutesLimit === "number" && o.overtimeMinutesLimit > 0 ? Math.min(I32_MAX, Math.floor(o.overtimeMinutesLimit)) : -1;
    tiers.push([limit, rateMilli(o.overtimeHourlyCost)]);
    if (limit < 0) break;
  }
  return tiers;
}

/** Cost in milli-units of `minutes` in one period under `tiers` (the core's tieredCost, for metrics and tests). */
export function tieredCostMilli(tiers: ReadonlyArray<readonly [number, number]>, minutes: number): { cost: number; overtime: number } {
  let left = minutes;
  let acc = 0;
  for (let i = 0; i < tiers.length && left > 0; i++) {
    const [limit, rate] = tiers[i];
    const take = limit < 0 || i === tiers.length - 1 ? left : Math.min(left, limit);
    acc += take * rate;
    left -= take;
  }
  const base = tiers[0][0];
  return { cost: Math.floor((acc + 30) / 60), overtime: tiers.length > 1 && base >= 0 ? Math.max(0, minutes - base) : 0 };
}

type AddRule = (kind: number, sat: string | null | undefined, ruleId: string, family: string, fill: (w: Int32Array) => void, extra?: Record<string, unknown>) => void;

/** The cost definition of a period rule as a compiled rule (common = the period rule's filter, period and validity). */
export function compileCostDefinition(rule: PeriodRule, common: (w: Int32Array) => void, aux: number[], add: AddRule): void {
  const def = rule.costDefinition;
  if (!def) return;
  const tiers = costTiers(def);
  add(K_PERIOD_COST, "PREFERRED", rule.id, "periodRules", (w) => {
    common(w);
    w[RW_AUX] = aux.length;
    w[RW_AUX_COUNT] = tiers.length;
    for (const [limit, rate] of tiers) aux.push(limit, rate);
  }, { scope: rule.period, tiers });
}

// ---- costs rules and activation ratio groups (SEC_COST) ----------------------------------------------------------

export interface CostRuleInfo {
  id: string;
  constraintId: number;
  /** Index of its first period in the core's period table. */
  periodFirst: number;
  /** Its periods, local days [first, last] in the rule's zone offset. */
  periods: Array<{ first: number; last: number }>;
  min: number | null;
  max: number | null;
}

export interface CostInfo {
  rules: CostRuleInfo[];
  /** Activation groups (index = the core's group index): ratio weight (0 = none) and activation cost (milli-units). */
  groups: Array<{ id: string; weight: number; cost: number }>;
}

interface Times {
  start: Int32Array;
  end: Int32Array;
}

const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

/** The periods of `name` intersecting [first, last] (calendar.ts semantics); undefined for an unknown period. */
export function periodsOf(name: string, first: number, last: number, input: ModelInput): Array<{ first: number; last: number }> | undefined {
  const out: Array<{ first: number; last: number }> = [];
  const custom = (input.scheduleParameterization?.periods ?? []).find((p) => p.id === name);
  const builtIn = ["DAY", "WEEK", "MONTH", "YEAR", "SCHEDULE"].includes(name);
  if (!builtIn) {
    if (!custom) return undefined;
    const spans = (custom.dateSpans ?? [])
      .map((s) => ({ first: dayOfIsoDate(s.start), last: dayOfIsoDate(s.end) }))
      .filter((s) => Number.isFinite(s.first) && Number.isFinite(s.last) && s.first <= s.last && s.last >= first && s.first <= last)
      .sort((a, b) => a.first - b.first);
    return spans;
  }
  if (name === "SCHEDULE") return [{ first, last }];
  const weekStart = Math.max(0, WEEKDAYS.indexOf(input.scheduleParameterization?.weekStart ?? "MONDAY"));
  for (let d = first; d <= last; ) {
    let a: number, b: number;
    if (name === "DAY") a = b = d;
    else if (name === "WEEK") {
      a = d - ((((weekdayOf(d) - weekStart) % 7) + 7) % 7);
      b = a + 6;
    } else {
      const [y, m] = civilFromDays(d);
      if (name === "MONTH") {
        a = daysFromCivil(y, m, 1);
        b = (m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1)) - 1;
      } else {
        a = daysFromCivil(y, 1, 1);
        b = daysFromCivil(y + 1, 1, 1) - 1;
      }
    }
    out.push({ first: a, last: b });
    d = b + 1;
  }
  return out;
}

/** Index of the periods a shift on local days [d0, d1] counts in: [first, last] or undefined. */
function shiftPeriods(periods: Array<{ first: number; last: number }>, d0: number, d1: number): [number, number] | undefined {
  let a = -1, b = -1;
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i];
    if (p.last < d0 || p.first > d1) continue;
    if (a < 0) a = i;
    b = i;
  }
  return a < 0 ? undefined : [a, b];
}

/** The schedule's range of days in a fixed offset: the planning window, else the shifts' span. */
function rangeIn(input: ModelInput, times: Times, offset: number): [number, number] {
  const day = (minute: number) => Math.floor((minute + offset) / 1440);
  const window = input.planningWindow;
  if (window) {
    const a = parseTimestamp(window.start).minute, b = parseTimestamp(window.end).minute;
    return [day(a), Math.max(day(a), day(Math.max(a, b - 1)))];
  }
  let lo = Infinity, hi = -Infinity;
  for (let s = 0; s < times.start.length; s++) {
    lo = Math.min(lo, day(times.start[s]));
    hi = Math.max(hi, day(Math.max(times.start[s], times.end[s] - 1)));
  }
  return Number.isFinite(lo) ? [lo, hi] : [0, 0];
}

/** Per (employee cost group, shift cost group): the cost of a rule's `employeeShiftCostDetails` (most specific wins). */
export function costLookup(rule: NonNullable<NonNullable<ModelInput["globalRules"]>["costsRules"]>[number]): (employeeGroup: string | null, shiftGroup: string | null) => number {
  const details = (rule.employeeShiftCostDetails ?? []).filter((d) => typeof d.cost === "number" && Number.isFinite(d.cost));
  return (eg, sg) => {
    let best: number | undefined, rank = -1;
    for (const d of details) {
      const eAny = d.employeeCostGroup == null, sAny = d.shiftCostGroup == null;
      if ((!eAny && d.employeeCostGroup !== eg) || (!sAny && d.shiftCostGroup !== sg)) continue;
      const r = (eAny ? 0 : 2) + (sAny ? 0 : 1);
      if (r > rank) {
        rank = r;
        best = d.cost as number;
      }
    }
    return best ?? 0;
  };
}

/** Whether a costs rule is scored (a known period and a limit). */
export function scoredCostsRule(rule: NonNullable<NonNullable<ModelInput["globalRules"]>["costsRules"]>[number], input: ModelInput): boolean {
  const limit = (v: number | null | undefined) => typeof v === "number" && Number.isFinite(v);
  return (limit(rule.totalCostsMin) || limit(rule.totalCostsMax)) && periodsOf(rule.period, 0, 0, input) !== undefined;
}

export function encodeCost(input: ModelInput, times: Times): { section: Int32Array; info: CostInfo } {
  const E = input.employees.length, S = input.shifts.length;
  const costsRules = (input.globalRules?.costsRules ?? []).filter((r) => scoredCostsRule(r, input));
  const groups: CostInfo["groups"] = [];
  const groupIndex = new Map<string, number>();
  for (const g of input.employeeCostGroups ?? []) {
    if (groupIndex.has(g.id)) continue;
    const weight = typeof g.employeeActivationRatioWeight === "number" ? Math.max(1, Math.floor(g.employeeActivationRatioWeight)) : 0;
    const cost = typeof g.employeeActivationCost === "number" && g.employeeActivationCost > 0 ? Math.min(I32_MAX, toMilli(g.employeeActivationCost)) : 0;
    if (weight === 0 && cost === 0) continue;
    groupIndex.set(g.id, groups.length);
    groups.push({ id: g.id, weight, cost });
  }
  // The ratio needs two weighted groups; activation is tracked for it or for an activation cost.
  const ratio = groups.filter((g) => g.weight > 0).length >= 2 || groups.some((g) => g.cost > 0);
  if (costsRules.length === 0 && !ratio) return { section: new Int32Array(0), info: { rules: [], groups: [] } };
  if (!ratio) {
    groups.length = 0;
    groupIndex.clear();
  }

  // Cost rows and columns: the distinct cost groups, the last one for "no group".
  const rowIds = [...new Set(input.employees.map((e) => e.costGroup).filter((g): g is string => typeof g === "string"))];
  const colIds = [...new Set(input.shifts.map((s) => s.costGroup).filter((g): g is string => typeof g === "string"))];
  const EG = rowIds.length + 1, SG = colIds.length + 1;
  const R = costsRules.length;

  const rulesInfo: CostRuleInfo[] = [];
  const periodWords: number[] = [];
  const tables = new Int32Array(R * EG * SG);
  const members = new Int32Array(R * E);
  const shiftPeriodWords = new Int32Array(2 * R * S).fill(-1);
  const employeeTags = input.employees.map((e) => new Set(e.tags ?? []));
  const shiftTags = shiftTagSets(input.shifts);
  costsRules.forEach((rule, r) => {
    const offset = parseOffset(rule.zoneOffset ?? "Z") ?? 0;
    const [first, last] = rangeIn(input, times, offset);
    const periods = periodsOf(rule.period, first, last, input) ?? [];
    const min = typeof rule.totalCostsMin === "number" ? Math.max(0, toMilli(rule.totalCostsMin)) : -1;
    const max = typeof rule.totalCostsMax === "number" ? Math.max(0, toMilli(rule.totalCostsMax)) : -1;
    const required = (rule.satisfiability ?? "REQUIRED") === "REQUIRED";
    rulesInfo.push({
      id: rule.id,
      constraintId: required ? COST_REQUIRED_ID : COST_PREFERRED_ID,
      periodFirst: periodWords.length / 6,
      periods,
      min: min >= 0 ? min / 1000 : null,
      max: max >= 0 ? max / 1000 : null,
    });
    for (const p of periods) periodWords.push(...i64Words(min), ...i64Words(max), p.first, p.last);
    const lookup = costLookup(rule);
    for (let row = 0; row < EG; row++) {
      for (let col = 0; col < SG; col++) {
        const cost = lookup(row < rowIds.length ? rowIds[row] : null, col < colIds.length ? colIds[col] : null);
        tables[(r * EG + row) * SG + col] = Math.max(0, Math.min(I32_MAX, toMilli(cost)));
      }
    }
    input.employees.forEach((_e, e) => {
      if (tagsMatch(employeeTags[e], rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) members[r * E + e] = 1;
    });
    const startAndEnd = (rule.costsRuleShiftOverlapKind ?? rule.periodShiftOverlapKind) === "START_AND_END";
    for (let s = 0; s < S; s++) {
      if (!tagsMatch(shiftTags[s], rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) continue;
      const d0 = Math.floor((times.start[s] + offset) / 1440);
      const d1 = startAndEnd ? Math.floor((Math.max(times.start[s], times.end[s] - 1) + offset) / 1440) : d0;
      const span = shiftPeriods(periods, d0, d1);
      if (!span) continue;
      shiftPeriodWords[2 * (r * S + s)] = span[0];
      shiftPeriodWords[2 * (r * S + s) + 1] = span[1];
    }
  });

  const rows = new Int32Array(E);
  input.employees.forEach((e, i) => {
    const k = typeof e.costGroup === "string" ? rowIds.indexOf(e.costGroup) : -1;
    rows[i] = k < 0 ? EG - 1 : k;
  });
  const cols = new Int32Array(S);
  input.shifts.forEach((s, i) => {
    const k = typeof s.costGroup === "string" ? colIds.indexOf(s.costGroup) : -1;
    cols[i] = k < 0 ? SG - 1 : k;
  });
  const activation = new Int32Array(E).fill(-1);
  if (ratio) input.employees.forEach((e, i) => (activation[i] = typeof e.costGroup === "string" ? (groupIndex.get(e.costGroup) ?? -1) : -1));
  const AG = groups.length;
  const byId = new Map((input.employeeCostGroups ?? []).map((g) => [g.id, g]));
  const weights = Int32Array.from(groups, (g) => g.weight);
  const activationCosts = Int32Array.from(groups, (g) => g.cost);
  const optional = Int32Array.from(groups, (g) => (byId.get(g.id)?.activationShiftInclude === "MANDATORY_AND_OPTIONAL_SHIFTS" ? 1 : 0));

  const P = periodWords.length / 6;
  const ruleWords: number[] = [];
  rulesInfo.forEach((info) => ruleWords.push(info.constraintId, info.periodFirst, info.periods.length, 0));
  const parts: ArrayLike<number>[] = [
    [R, P, EG, SG, AG, 0], ruleWords, periodWords, rows, cols, tables, members, shiftPeriodWords, activation, weights, activationCosts, optional,
  ];
  const section = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    section.set(p, at);
    at += p.length;
  }
  if (section.length < COST_HEADER) throw new Error("cost block too short");
  return { section, info: { rules: rulesInfo, groups } };
}

/** An i64 as two i32 words (low, high); -1 stays -1. */
function i64Words(v: number): [number, number] {
  if (v < 0) return [-1, -1];
  return [v % 4294967296 | 0, Math.floor(v / 4294967296) | 0];
}
