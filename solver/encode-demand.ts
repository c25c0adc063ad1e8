/**
 * Hourly demand rules (`globalRules.minimumMaximumShiftsPerHourlyDemand`) -> the core's demand buffer
 * (assembly/constraints/demand.ts documents its layout and the scoring). Decided here:
 *   - an interval is [startDateTime, endDateTime), one hour when the end is omitted; intervals ending at or before
 *     the planning window's start are not scored (nothing can change there);
 *   - a shift counts for an interval when it passes the rule's shift tag filter and overlaps the interval by at
 *     least one minute (a 09:30-17:00 shift counts for 09:00-10:00; an 08:00-09:00 one does not);
 *   - its employee must pass the rule's employee tag filter (includeEmployeeTags, excludeEmployeeTags,
 *     employeeTagMatches);
 *   - limits: minDemand and maxDemand when non-negative integers (else none); REQUIRED (default) scores the range
 *     hard (id 70), PREFERRED soft (71); the balance (72) aims at minDemand, else maxDemand.
 * The global shift counts (encode-global-counts.ts) follow the demand intervals as more intervals of the same buffer,
 * with their own rows of employees.
 */
import type { ModelInput } from "../schemas/model-input";
import { tagsMatch } from "./encode";
import { demandRulesOf, detailsOf, detailSpan, formatInstant, type DemandRuleIn } from "./shift-generation";
import type { RotaExports } from "./wasm";
import { encodeGlobalCounts, type GlobalBucketInfo, type GlobalParent } from "./encode-global-counts";

export const DEMAND_REQUIRED_ID = 70;
export const DEMAND_PREFERRED_ID = 71;
export const DEMAND_BALANCE_ID = 72;
const INTERVAL_WORDS = 6;

export interface DemandInterval {
  /** Index of its row of employees (EncodedDemand.members): the demand rules', then the global counts'. */
  rule: number;
  ruleId: string;
  start: number;
  end: number;
  startDateTime: string;
  endDateTime: string;
  min: number | null;
  max: number | null;
  target: number | null;
  /** 70 (REQUIRED) or 71 (PREFERRED), or a global count's id. */
  constraintId: number;
  /** What a global count's interval stands for; absent for hourly demand. */
  global?: GlobalBucketInfo;
  /** Index into EncodedDemand.parents for a slot of a distinct count (`groupShiftsPerDayLimit`), else -1. */
  parent: number;
}

export interface EncodedDemand {
  rules: DemandRuleIn[];
  intervals: DemandInterval[];
  /** Per row (the demand rules, then the global counts' rows) and employee (R × E): 1 when the employee passes the rule's employee tag filter. */
  members: Uint8Array;
  /** Per shift, the intervals it counts for (passes the shift filter and overlaps). */
  shiftIntervals: number[][];
  /** Parents of distinct counts (encode-global-counts.ts): a group's day and its maximum of distinct shift times. */
  parents: GlobalParent[];
  /** The core's buffer. */
  words: Int32Array;
}

const limit = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

/** undefined when the input has no demand interval nor global count (the core then loads nothing and skips the units). */
export function encodeDemand(input: ModelInput, shiftStart: Int32Array, shiftEnd: Int32Array, employeeIndex: Map<string, number>): EncodedDemand | undefined {
  const rules = demandRulesOf(input);
  const globalCounts = encodeGlobalCounts(input, { start: shiftStart, end: shiftEnd }, employeeIndex);
  const windowStart = input.planningWindow?.start ? detailSpan({ startDateTime: input.planningWindow.start }).start : -Infinity;
  const intervals: DemandInterval[] = [];
  rules.forEach((rule, r) => {
    const required = (rule.satisfiability ?? "REQUIRED") !== "PREFERRED";
    for (const d of detailsOf(rule)) {
      const span = detailSpan(d);
      if (span.end <= span.start || span.end <= windowStart) continue;
      const min = limit(d.minDemand), max = limit(d.maxDemand);
      intervals.push({
        rule: r,
        ruleId: rule.id,
        start: span.start,
        end: span.end,
        startDateTime: d.startDateTime,
        endDateTime: typeof d.endDateTime === "string" ? d.endDateTime : formatInstant(span.end, span.offset),
        min,
        max,
        target: min ?? max,
        constraintId: required ? DEMAND_REQUIRED_ID : DEMAND_PREFERRED_ID,
        parent: -1,
      });
    }
  });
  const demandIntervals = intervals.length;
  if (demandIntervals === 0 && globalCounts.buckets.length === 0) return undefined;
  for (const b of globalCounts.buckets) {
    intervals.push({ rule: rules.length + b.row, ruleId: b.ruleId, start: 0, end: 0, startDateTime: "", endDateTime: "", min: b.min, max: b.max, target: null, constraintId: b.constraintId, global: b.info, parent: b.parent ?? -1 });
  }
  const S = input.shifts.length, E = input.employees.length, R = rules.length + globalCounts.rows.length, D = intervals.length;
  const members = new Uint8Array(R * E);
  globalCounts.rows.forEach((row, k) => members.set(row, (rules.length + k) * E));
  rules.forEach((rule, r) => {
    input.employees.forEach((e, i) => {
      if (employeeIndex.get(e.id) !== i) return;
      if (tagsMatch(new Set(e.tags ?? []), rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) members[r * E + i] = 1;
    });
  });
  // Per rule, its intervals by start, and the longest: a shift's intervals are found by binary search.
  const byRule = rules.map((_, r) => intervals.slice(0, demandIntervals).map((_, i) => i).filter((i) => intervals[i].rule === r).sort((a, b) => intervals[a].start - intervals[b].start || a - b));
  const longest = rules.map((_, r) => byRule[r].reduce((m, i) => Math.max(m, intervals[i].end - intervals[i].start), 0));
  const shiftIntervals: number[][] = [];
  for (let s = 0; s < S; s++) {
    const list: number[] = [];
    const start = shiftStart[s], end = shiftEnd[s];
    if (end > start) {
      const tags = new Set(input.shifts[s].tags ?? []);
      rules.forEach((rule, r) => {
        const order = byRule[r];
        if (order.length === 0 || !tagsMatch(tags, rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) return;
        let lo = 0, hi = order.length;
        const from = start - longest[r];
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (intervals[order[mid]].start < from) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < order.length && intervals[order[k]].start < end; k++) {
          if (intervals[order[k]].end > start) list.push(order[k]);
        }
      });
    }
    shiftIntervals.push(list);
  }
  globalCounts.buckets.forEach((b, k) => {
    for (const s of b.shifts) shiftIntervals[s].push(demandIntervals + k);
  });
  for (const list of shiftIntervals) list.sort((a, b) => a - b);
  const total = shiftIntervals.reduce((n, l) => n + l.length, 0);
  const P = globalCounts.parents.length;
  const words = new Int32Array(5 + R * E + D * INTERVAL_WORDS + P + S + 1 + total);
  words.set([D, R, E, S, P], 0);
  let at = 5;
  words.set(members, at);
  at += R * E;
  for (const i of intervals) {
    words.set([i.rule, i.min ?? -1, i.max ?? -1, i.target ?? -1, i.constraintId, i.parent], at);
    at += INTERVAL_WORDS;
  }
  words.set(globalCounts.parents.map((p) => p.max), at);
  at += P;
  let offset = 0;
  words[at] = 0;
  for (let s = 0; s < S; s++) {
    offset += shiftIntervals[s].length;
    words[at + s + 1] = offset;
  }
  at += S + 1;
  for (const list of shiftIntervals) {
    words.set(list, at);
    at += list.length;
  }
  return { rules, intervals, members, shiftIntervals, parents: globalCounts.parents, words };
}

/** Loads the demand buffer into a core whose problem is loaded (session.ts); a no-op without demand. */
export function loadDemandInto(core: RotaExports, demand: EncodedDemand | undefined): number {
  if (!demand) return 0;
  const ptr = core.alloc(demand.words.byteLength || 4);
  new Int32Array(core.memory.buffer, ptr, demand.words.length).set(demand.words);
  const code = core.loadDemand(ptr, demand.words.length);
  core.free(ptr);
  return code;
}
