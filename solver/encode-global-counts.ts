/**
 * Global shift counts -> extra intervals of the core's count engine (assembly/constraints/demand.ts; README "Global
 * rules and shift groups"). Each bucket counts the assigned shifts listed for it whose employee passes its row's
 * filter, and scores how far the count is outside [min, max] under its constraint id:
 *   - `globalRules.minimumMaximumShiftsPerPeriod`: one bucket per period of the rule overlapping the schedule (the
 *     planning window, else the shifts' span), in the rule's `zoneOffset` (without one: the local date-time written in
 *     each shift); a shift counts in the period of its start day (START_ONLY, the default) or in every period it
 *     overlaps (START_AND_END), when it passes the rule's shift tag filter; its employee must pass the employee tag
 *     filter. REQUIRED (default) hard, PREFERRED soft. A rule without limits or with an unknown period is not scored.
 *   - `globalRules.concurrentShiftsRules`: the matching shifts (shift tag filter, clipped to `ruleValidityDateTimeSpan`
 *     read in `timeZoneId`, default Z) cut time into stretches covered by the same shifts; a stretch that more than
 *     `concurrentShiftsMax` of them cover is a bucket with that maximum (hard; a rule without maximum is not scored).
 *   - `globalRules.shiftGroupRules` with `shiftGroups`: a group matched by a rule (shift-groups.ts) is a bucket of its
 *     shifts; SINGLE_SHIFT, the only mode and the default, asks for exactly one of them worked (hard); a group whose
 *     shifts are all historic is not scored.
 *   - pairings' `groupShiftsPerDayLimit` (with `groupByEmployeeTag` and `commonTagType`): per group (the employees
 *     carrying one tag of the grouping type, from an employee whose pairing sets the limit), per tag c of the common
 *     type and per local day (the offset written in the shift), a parent with the limit as maximum; its slots are the
 *     distinct shift times (start, end) of the shifts tagged c starting that day, counted when a group member works
 *     them. A parent with no more possible slots than its maximum is left out.
 */
import type { ModelInput } from "../schemas/model-input";
import { arrayOf } from "./encode-context";
import { historicShifts, tagsMatch } from "./encode";
import { periodsOf } from "./encode-cost";
import { formatInstant } from "./shift-generation";
import { isoDate, localMinutesOf, parseTimestamp, TimeZoneRule } from "./time";
import { groupRuleOf, shiftGroupsOf } from "./shift-groups";
import { GLOBAL_COUNT_CONSTRAINT } from "./layout";
import { shiftTagSets } from "./shift-tag-sets";

export const PERIOD_REQUIRED_ID = GLOBAL_COUNT_CONSTRAINT;
export const PERIOD_PREFERRED_ID = GLOBAL_COUNT_CONSTRAINT + 1;
export const CONCURRENT_ID = GLOBAL_COUNT_CONSTRAINT + 2;
export const SHIFT_GROUP_ID = GLOBAL_COUNT_CONSTRAINT + 3;
export const GROUP_SPLIT_ID = GLOBAL_COUNT_CONSTRAINT + 4;

/** What a global bucket stands for (explanations). */
export type GlobalBucketInfo =
  | { kind: "period"; first: number; last: number }
  | { kind: "concurrent"; startDateTime: string; endDateTime: string }
  | { kind: "group"; shiftGroup: string }
  | { kind: "slot" };

/** A distinct count's parent: one group's day, at most `max` distinct shift times worked. */
export interface GlobalParent {
  max: number;
  /** The tag the employees are grouped on (its value, e.g. a team). */
  groupByEmployeeTag: string;
  /** The common tag the shifts share. */
  commonTag: string;
  /** Local day (days since the epoch). */
  day: number;
}

export interface GlobalBucket {
  /** Index into GlobalCounts.rows. */
  row: number;
  ruleId: string;
  min: number | null;
  max: number | null;
  constraintId: number;
  info: GlobalBucketInfo;
  /** Its parent (GlobalCounts.parents) for a slot of a distinct count. */
  parent?: number;
  /** The shifts it counts (indices into input.shifts), ascending. */
  shifts: number[];
}

export interface GlobalCounts {
  /** Per row, per employee: 1 when the employee counts. */
  rows: Uint8Array[];
  buckets: GlobalBucket[];
  parents: GlobalParent[];
}

interface Times {
  start: Int32Array;
  end: Int32Array;
}

type GlobalRulesIn = NonNullable<ModelInput["globalRules"]>;
type PeriodRuleIn = NonNullable<GlobalRulesIn["minimumMaximumShiftsPerPeriod"]>[number];
type ConcurrentRuleIn = NonNullable<GlobalRulesIn["concurrentShiftsRules"]>[number];

const limit = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

export function encodeGlobalCounts(input: ModelInput, times: Times, employeeIndex: Map<string, number>): GlobalCounts {
  const out: GlobalCounts = { rows: [], buckets: [], parents: [] };
  const E = input.employees.length, S = input.shifts.length;
  const employeeTags = input.employees.map((e) => new Set(e.tags ?? []));
  const shiftTags = shiftTagSets(input.shifts);
  const allEmployees = (): number => {
    out.rows.push(new Uint8Array(E).fill(1));
    return out.rows.length - 1;
  };
  const global = input.globalRules;

  for (const rule of arrayOf<PeriodRuleIn>(global?.minimumMaximumShiftsPerPeriod)) encodePeriodRule(rule);
  for (const rule of arrayOf<ConcurrentRuleIn>(global?.concurrentShiftsRules)) encodeConcurrentRule(rule);
  encodeShiftGroups();
  encodeGroupSplits();
  return out;


  function encodePeriodRule(rule: PeriodRuleIn): void {
    const min = limit(rule.shiftsWorkedMin), max = limit(rule.shiftsWorkedMax);
    if ((min === null && max === null) || periodsOf(rule.period, 0, 0, input) === undefined) return;
    const tz = TimeZoneRule.of(undefined, rule.zoneOffset);
    const dayOf = (text: string, minute: number) => tz.dayOf(minute, parseTimestamp(text).offset);
    // The schedule's days in the rule's zone: the planning window, else the shifts' span.
    let first = Infinity, last = -Infinity;
    const window = input.planningWindow;
    if (window) {
      const a = parseTimestamp(window.start).minute, b = parseTimestamp(window.end).minute;
      first = dayOf(window.start, a);
      last = Math.max(first, dayOf(window.end, Math.max(a, b - 1)));
    } else {
      for (let s = 0; s < S; s++) {
        first = Math.min(first, dayOf(input.shifts[s].start, times.start[s]));
        last = Math.max(last, dayOf(input.shifts[s].end, Math.max(times.start[s], times.end[s] - 1)));
      }
      if (!Number.isFinite(first)) return;
    }
    const periods = periodsOf(rule.period, first, last, input) ?? [];
    if (periods.length === 0) return;
    const row = out.rows.length;
    const members = new Uint8Array(E);
    input.employees.forEach((e, i) => {
      if (employeeIndex.get(e.id) === i && tagsMatch(employeeTags[i], rule.includeEmployeeTags, rule.excludeEmployeeTags, rule.employeeTagMatches)) members[i] = 1;
    });
    out.rows.push(members);
    const constraintId = (rule.satisfiability ?? "REQUIRED") === "PREFERRED" ? PERIOD_PREFERRED_ID : PERIOD_REQUIRED_ID;
    const base = out.buckets.length;
    for (const p of periods) out.buckets.push({ row, ruleId: rule.id, min, max, constraintId, info: { kind: "period", first: p.first, last: p.last }, shifts: [] });
    const startAndEnd = rule.periodShiftOverlapKind === "START_AND_END";
    for (let s = 0; s < S; s++) {
      if (times.end[s] < times.start[s] || !tagsMatch(shiftTags[s], rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) continue;
      const d0 = dayOf(input.shifts[s].start, times.start[s]);
      const d1 = startAndEnd ? Math.max(d0, dayOf(input.shifts[s].end, Math.max(times.start[s], times.end[s] - 1))) : d0;
      periods.forEach((p, k) => {
        if (p.last >= d0 && p.first <= d1) out.buckets[base + k].shifts.push(s);
      });
    }
  }

  function encodeConcurrentRule(rule: ConcurrentRuleIn): void {
    const max = limit(rule.concurrentShiftsMax);
    if (max === null) return;
    const tz = TimeZoneRule.of(rule.timeZoneId ?? "Z", rule.timeZoneId ?? "Z");
    const instant = (local: string | null | undefined, fallback: number): number => {
      if (typeof local !== "string") return fallback;
      const l = localMinutesOf(local);
      if (!Number.isFinite(l)) return fallback;
      const guess = l - tz.offsetAt(l);
      return l - tz.offsetAt(guess);
    };
    const from = instant(rule.ruleValidityDateTimeSpan?.start, -Infinity);
    const to = instant(rule.ruleValidityDateTimeSpan?.end, Infinity);
    const spans: Array<{ s: number; a: number; b: number }> = [];
    for (let s = 0; s < S; s++) {
      const a = Math.max(from, times.start[s]), b = Math.min(to, times.end[s]);
      if (b > a && tagsMatch(shiftTags[s], rule.includeShiftTags, rule.excludeShiftTags, rule.shiftTagMatches)) spans.push({ s, a, b });
    }
    if (spans.length <= max) return;
    // Sweep the boundaries: each stretch between two consecutive ones is covered by the same shifts.
    const points = [...new Set(spans.flatMap((x) => [x.a, x.b]))].sort((x, y) => x - y);
    const starts = [...spans].sort((x, y) => x.a - y.a);
    const open: Array<{ s: number; a: number; b: number }> = [];
    let next = 0, row = -1;
    for (let k = 0; k + 1 < points.length; k++) {
      const p = points[k], q = points[k + 1];
      while (next < starts.length && starts[next].a <= p) open.push(starts[next++]);
      for (let i = open.length - 1; i >= 0; i--) if (open[i].b <= p) open.splice(i, 1);
      if (open.length <= max) continue;
      if (row < 0) row = allEmployees();
      const offset = parseTimestamp(input.shifts[open[0].s].start).offset;
      out.buckets.push({
        row, ruleId: rule.id, min: null, max, constraintId: CONCURRENT_ID,
        info: { kind: "concurrent", startDateTime: formatInstant(p, tz.offsetAt(p, offset)), endDateTime: formatInstant(q, tz.offsetAt(q, offset)) },
        shifts: open.map((x) => x.s).sort((x, y) => x - y),
      });
    }
  }

  function encodeShiftGroups(): void {
    if (arrayOf(global?.shiftGroupRules).length === 0) return;
    const historic = historicShifts(input);
    const shiftIndex = new Map<string, number>();
    input.shifts.forEach((s, i) => {
      if (!shiftIndex.has(s.id)) shiftIndex.set(s.id, i);
    });
    let row = -1;
    for (const group of shiftGroupsOf(input)) {
      const rule = groupRuleOf(input, group.tags);
      if (!rule) continue;
      const shifts = [...new Set(group.shifts.map((id) => shiftIndex.get(id)).filter((s): s is number => s !== undefined))].sort((x, y) => x - y);
      // A group whose shifts all end before the planning window is historic: nothing can change there.
      if (shifts.length === 0 || shifts.every((s) => historic[s])) continue;
      if (row < 0) row = allEmployees();
      out.buckets.push({ row, ruleId: rule.id, min: 1, max: 1, constraintId: SHIFT_GROUP_ID, info: { kind: "group", shiftGroup: group.id }, shifts });
    }
  }

  function encodeGroupSplits(): void {
    const declaredTypes = new Set((input.tagTypes ?? []).map((t) => t.id));
    const typeOfTag = new Map((input.tags ?? []).map((t) => [t.id, t.tagType]));
    const groupType = (name: string) => (declaredTypes.has(name) ? name : typeOfTag.get(name));
    const limits = new Map<string, { group: string; common: string; max: number }>();
    input.employees.forEach((e) => {
      for (const list of PAIRING_LISTS) {
        for (const pairing of arrayOf<PairingIn>(e[list])) {
          if (pairing === null || typeof pairing !== "object") continue;
          const max = limit(pairing?.groupShiftsPerDayLimit?.groupShiftsPerDayMax);
          if (max === null || typeof pairing.groupByEmployeeTag !== "string" || typeof pairing.commonTagType !== "string") continue;
          const type = groupType(pairing.groupByEmployeeTag);
          for (const group of e.tags ?? []) {
            const key = JSON.stringify([group, pairing.commonTagType]);
            if (type !== undefined && typeOfTag.get(group) === type && !limits.has(key)) limits.set(key, { group, common: pairing.commonTagType, max });
          }
        }
      }
    });
    for (const { group, common, max } of limits.values()) {
      // Parents by (common tag, day), their slots by shift time.
      const parents = new Map<string, { tag: string; day: number; slots: Map<string, number[]> }>();
      for (let s = 0; s < S; s++) {
        if (times.end[s] <= times.start[s]) continue;
        const day = Math.floor((times.start[s] + parseTimestamp(input.shifts[s].start).offset) / 1440);
        for (const tag of input.shifts[s].tags ?? []) {
          if (typeOfTag.get(tag) !== common) continue;
          const key = JSON.stringify([tag, day]);
          let parent = parents.get(key);
          if (!parent) parents.set(key, (parent = { tag, day, slots: new Map() }));
          const slot = `${times.start[s]}-${times.end[s]}`;
          parent.slots.set(slot, [...(parent.slots.get(slot) ?? []), s]);
        }
      }
      let row = -1;
      for (const parent of parents.values()) {
        if (parent.slots.size <= max) continue;
        if (row < 0) {
          row = out.rows.length;
          out.rows.push(Uint8Array.from(input.employees, (e, i) => (employeeIndex.get(e.id) === i && employeeTags[i].has(group) ? 1 : 0)));
        }
        const k = out.parents.length;
        out.parents.push({ max, groupByEmployeeTag: group, commonTag: parent.tag, day: parent.day });
        for (const shifts of parent.slots.values()) {
          out.buckets.push({ row, ruleId: group, min: null, max: null, constraintId: GROUP_SPLIT_ID, info: { kind: "slot" }, parent: k, shifts });
        }
      }
    }
  }
}

type PairingIn = { groupByEmployeeTag?: unknown; commonTagType?: unknown; groupShiftsPerDayLimit?: { groupShiftsPerDayMax?: unknown } } | null;
const PAIRING_LISTS = ["requiredPairings", "preferredPairings", "unpreferredPairings", "prohibitedPairings"] as const;

/** A period bucket's date span as the reference's `PeriodDateSpan`. */
export function periodDateSpan(info: { first: number; last: number }): { start: string; end: string } {
  return { start: isoDate(info.first), end: isoDate(info.last) };
}
