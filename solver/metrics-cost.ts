/**
 * Cost and overtime output metrics (spec §2.7; reference `EmployeeOutputMetrics`, `EmployeeSchedulingOutputMetrics`):
 *   costDefinitionTotalCost / costDefinitionOvertimeDuration  per employee, Σ over its cost definitions and their
 *     periods of the tiered cost and of the minutes beyond the base tier (what "Minimize cost per period" scores);
 *     null without a cost definition.
 *   overtimeThresholdDuration / overtimeWorked  per employee, from its WEEK period rules with a minutes maximum: the
 *     PREFERRED one when exactly one exists (null when several), else the strictest REQUIRED one; overtime = Σ over the
 *     weeks of the minutes that rule counts beyond its maximum. Null without such a rule.
 *   fixedTotalCost  Σ over assigned shifts of the cost of the assignment under the costs rules: the first rule (input
 *     order) whose filters count the pair and whose employeeShiftCostDetails price it, each assignment once; null
 *     without costs rules.
 * Pure functions of (input, encoded problem, assignment), mirroring the core's period evaluation (period-rules.ts:
 * local days of the employee's zone, START_AND_END minutes split over days, validity spans, tag filters).
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodedProblem } from "./encode";
import { tagsMatch } from "./encode";
import {
  RULE_WORDS, TZ_WORDS, RW_FILTER, RW_FLAGS, RW_MINUTES_ROW, RW_VALID_FROM, RW_VALID_TO, RF_START_AND_END,
  K_PERIOD_COST, K_PERIOD_MINUTES,
} from "./layout";
import { costLookup, fromMilli, periodsOf, tieredCostMilli, toMilli } from "./encode-cost";

export interface EmployeeCostMetrics {
  costDefinitionTotalCost: number | null;
  costDefinitionOvertimeDuration: number | null;
  overtimeThresholdDuration: number | null;
  overtimeWorked: number | null;
}

/** Whether shift s passes core tag filter f (problem.ts filterMatches over the encoded rows). */
function filterPasses(p: EncodedProblem, f: number, s: number): boolean {
  if (f < 0) return true;
  const { filtersOff, filters, shiftTagsOff, shiftTags } = p.sections;
  let at = filtersOff[f];
  const any = filters[at] !== 0;
  const nInclude = filters[at + 1], nExclude = filters[at + 2];
  at += 3;
  const tagsFrom = shiftTagsOff[s], tagsTo = shiftTagsOff[s + 1];
  // Both rows are sorted: a merge counts the common tags.
  const hits = (from: number, n: number) => {
    let k = 0, i = from, j = tagsFrom;
    while (i < from + n && j < tagsTo) {
      if (filters[i] === shiftTags[j]) {
        k++;
        i++;
        j++;
      } else if (filters[i] < shiftTags[j]) i++;
      else j++;
    }
    return k;
  };
  if (nInclude > 0) {
    const h = hits(at, nInclude);
    if (any ? h === 0 : h < nInclude) return false;
  }
  if (nExclude > 0) {
    const h = hits(at + nInclude, nExclude);
    if (any ? h > 0 : h === nExclude) return false;
  }
  return true;
}

/** Minutes compiled rule r (index) counts per local day for employee e's shifts (view.ts counts / minutesOnDay). */
function minutesByDay(p: EncodedProblem, r: number, e: number, worked: readonly number[]): Map<number, number> {
  const S = p.shiftIds.length;
  const { rules, tzShift, employeeTz, ruleMinutes } = p.sections;
  const w = (k: number) => rules[r * RULE_WORDS + k];
  const g = employeeTz[e];
  const split = (w(RW_FLAGS) & RF_START_AND_END) !== 0;
  const row = w(RW_MINUTES_ROW);
  const out = new Map<number, number>();
  const add = (d: number, m: number) => out.set(d, (out.get(d) ?? 0) + m);
  for (const s of worked) {
    if (!filterPasses(p, w(RW_FILTER), s)) continue;
    const at = (g * S + s) * TZ_WORDS;
    const first = tzShift[at], last = tzShift[at + 1], offset = tzShift[at + 2], onFirst = tzShift[at + 3];
    const local = p.shiftStart[s] + offset;
    if (local < w(RW_VALID_FROM) || local >= w(RW_VALID_TO)) continue;
    const total = row < 0 ? p.shiftWorked[s] : ruleMinutes[(row + g) * S + s];
    if (!split || first === last) {
      add(first, total);
      continue;
    }
    const duration = Math.max(1, p.shiftEnd[s] - p.shiftStart[s]);
    const firstShare = Math.trunc((total * Math.min(duration, onFirst)) / duration);
    const middle = Math.trunc((total * 1440) / duration);
    add(first, firstShare);
    for (let d = first + 1; d < last; d++) add(d, middle);
    add(last, Math.max(0, total - firstShare - middle * (last - first - 1)));
  }
  return out;
}

/** Minutes per period of compiled rule r for employee e (the periods of the schedule's range in e's zone). */
function periodMinutes(p: EncodedProblem, r: number, e: number, worked: readonly number[]): number[] {
  const info = p.contractRules[r];
  const g = p.sections.employeeTz[e];
  const first = p.sections.tzRange[2 * g], last = p.sections.tzRange[2 * g + 1];
  const periods = periodsOf(info.scope ?? "SCHEDULE", first, last, p.input) ?? [];
  const byDay = minutesByDay(p, r, e, worked);
  return periods.map((period) => {
    let m = 0;
    for (const [d, v] of byDay) if (d >= period.first && d <= period.last) m += v;
    return m;
  });
}

export function employeeCostMetrics(p: EncodedProblem, assignment: ArrayLike<number>): EmployeeCostMetrics[] {
  const { employeeRulesOff, employeeRules, rules } = p.sections;
  // Each employee's shifts, once (the rules read only their own employee's).
  const byEmployee: number[][] = p.employeeIds.map(() => []);
  for (let s = 0; s < assignment.length; s++) if (assignment[s] >= 0 && assignment[s] < byEmployee.length) byEmployee[assignment[s]].push(s);
  return p.employeeIds.map((_id, e) => {
    const out: EmployeeCostMetrics = { costDefinitionTotalCost: null, costDefinitionOvertimeDuration: null, overtimeThresholdDuration: null, overtimeWorked: null };
    const weekly: Array<{ r: number; preferred: boolean; max: number }> = [];
    let cost = 0, overtime = 0, priced = false;
    for (let k = employeeRulesOff[e]; k < employeeRulesOff[e + 1]; k++) {
      const r = employeeRules[k];
      const info = p.contractRules[r];
      const kind = rules[r * RULE_WORDS];
      if (kind === K_PERIOD_COST && info.tiers) {
        priced = true;
        for (const m of periodMinutes(p, r, e, byEmployee[e])) {
          const c = tieredCostMilli(info.tiers, m);
          cost += c.cost;
          overtime += c.overtime;
        }
      } else if (kind === K_PERIOD_MINUTES && info.scope === "WEEK" && info.max !== null) {
        weekly.push({ r, preferred: info.constraintId === 18, max: info.max });
      }
    }
    if (priced) {
      out.costDefinitionTotalCost = fromMilli(cost);
      out.costDefinitionOvertimeDuration = overtime;
    }
    const preferred = weekly.filter((w) => w.preferred);
    const chosen = preferred.length === 1 ? preferred[0] : preferred.length === 0 && weekly.length > 0 ? weekly.reduce((a, b) => (b.max < a.max ? b : a)) : undefined;
    if (chosen) {
      out.overtimeThresholdDuration = chosen.max;
      out.overtimeWorked = periodMinutes(p, chosen.r, e, byEmployee[e]).reduce((a, m) => a + Math.max(0, m - chosen.max), 0);
    }
    return out;
  });
}

/** kpis.fixedTotalCost: each assignment priced once by the first costs rule that counts and prices it. */
export function fixedTotalCost(input: ModelInput, assignment: ArrayLike<number>): number | null {
  const rules = input.globalRules?.costsRules ?? [];
  if (rules.length === 0) return null;
  const lookups = rules.map((rule) => ({ rule, price: costLookup(rule), priced: (rule.employeeShiftCostDetails ?? []).filter((d) => typeof d.cost === "number") }));
  let milli = 0;
  input.shifts.forEach((shift, s) => {
    const e = assignment[s];
    if (e < 0) return;
    const employee = input.employees[e];
    const shiftTags = new Set(shift.tags ?? []);
    const employeeTags = new Set(employee.tags ?? []);
    for (const { rule, price, priced } of lookups) {
      if (!tagsMatch(shiftTags, rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) continue;
      if (!tagsMatch(employeeTags, rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) continue;
      const eg = employee.costGroup ?? null, sg = shift.costGroup ?? null;
      const match = priced.some((d) => (d.employeeCostGroup == null || d.employeeCostGroup === eg) && (d.shiftCostGroup == null || d.shiftCostGroup === sg));
      if (!match) continue;
      milli += toMilli(price(eg, sg));
      break;
    }
  });
  return fromMilli(milli);
}
