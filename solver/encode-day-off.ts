/**
 * Shifts near a day off request (contracts' `avoidShiftCloseToDayOffRequestRules`; README "Days off, rotations and travel"; core:
 * assembly/constraints/near-day-off.ts). A *day off* of an employee is a local day (its time zone, as for contract
 * rules: "Time semantics") wholly inside one of its `unavailableTimeSpans` without a shift tag filter (a span that
 * only blocks some shifts is not a day off). For a run of days off, a shift starting on the day before it breaks a
 * rule when it matches the rule's `avoidPriorShiftTags`, one starting on the day after it when it matches
 * `avoidAfterShiftTags` (`shiftTagMatches`, default ALL; no tags: that side has no effect). Each (shift, employee,
 * rule) breaks at most once; PROHIBITED (the reference default) and UNPREFERRED rules are counted apart.
 */
import type { ModelInput } from "../schemas/model-input";
import type { EncodeContext } from "./encode-context";
import { tagsMatch } from "./encode";
import { NEAR_DAY_OFF_WORDS } from "./layout";
import { MINUTES_IN_DAY, TimeZoneRule, parseTimestamp } from "./time";
import { shiftTagSets } from "./shift-tag-sets";

type Rule = NonNullable<ModelInput["contracts"]>[number]["avoidShiftCloseToDayOffRequestRules"] extends (infer R)[] | null | undefined ? R : never;

/** One broken rule: shift s near a day off of employee e. */
export interface NearDayOff {
  shift: number;
  employee: number;
  rule: Rule;
  contractId: string;
  /** "before" the run of days off, or "after" it. */
  side: "before" | "after";
  /** First or last day off of the run (local epoch day). */
  dayOff: number;
}

/** Every broken (shift, employee, rule), in employee then shift order. */
export function nearDayOffMatches(
  input: ModelInput, employeeIndex: ReadonlyMap<string, number>, start: Int32Array, startOffset: Int32Array, tagSets: readonly ReadonlySet<string>[],
): NearDayOff[] {
  const out: NearDayOff[] = [];
  const contracts = new Map((input.contracts ?? []).map((c) => [c.id, c]));
  /** Per time zone: the shifts by local start day. */
  const byZone = new Map<string, Map<number, number[]>>();
  input.employees.forEach((employee, e) => {
    if (employeeIndex.get(employee.id) !== e) return;
    const rules: Array<{ rule: Rule; contractId: string }> = [];
    for (const id of new Set(employee.contracts ?? [])) {
      for (const rule of contracts.get(id)?.avoidShiftCloseToDayOffRequestRules ?? []) rules.push({ rule, contractId: id });
    }
    if (rules.length === 0) return;
    const zone = TimeZoneRule.of(employee.timeZoneId, employee.zoneOffset);
    const days = new Set<number>();
    for (const span of employee.unavailableTimeSpans ?? []) {
      if ((span.includeShiftTags?.length ?? 0) > 0 || (span.excludeShiftTags?.length ?? 0) > 0) continue;
      const a = parseTimestamp(span.start), b = parseTimestamp(span.end);
      const first = Math.ceil((a.minute + zone.offsetAt(a.minute, a.offset)) / MINUTES_IN_DAY);
      const last = Math.floor((b.minute + zone.offsetAt(b.minute, b.offset)) / MINUTES_IN_DAY) - 1;
      // At most ten years of days off per span.
      for (let d = first; d <= last && d - first < 3660; d++) days.add(d);
    }
    if (days.size === 0) return;
    let shiftsByDay = byZone.get(zone.key);
    if (!shiftsByDay) {
      byZone.set(zone.key, (shiftsByDay = new Map()));
      for (let s = 0; s < start.length; s++) {
        const d = zone.dayOf(start[s], startOffset[s]);
        let list = shiftsByDay.get(d);
        if (!list) shiftsByDay.set(d, (list = []));
        list.push(s);
      }
    }
    const found: NearDayOff[] = [];
    for (const d of days) {
      if (!days.has(d - 1)) add(d - 1, d, "before", "avoidPriorShiftTags");
      if (!days.has(d + 1)) add(d + 1, d, "after", "avoidAfterShiftTags");
    }
    function add(day: number, dayOff: number, side: NearDayOff["side"], field: "avoidPriorShiftTags" | "avoidAfterShiftTags") {
      for (const s of shiftsByDay!.get(day) ?? []) {
        for (const { rule, contractId } of rules) {
          const tags = rule[field];
          if (!Array.isArray(tags) || tags.length === 0) continue;
          if (!tagsMatch(tagSets[s], tags, undefined, rule.shiftTagMatches ?? "ALL")) continue;
          if (found.some((f) => f.shift === s && f.rule === rule)) continue;
          found.push({ shift: s, employee: e, rule, contractId, side, dayOff });
        }
      }
    }
    found.sort((x, y) => x.shift - y.shift);
    out.push(...found);
  });
  return out;
}

/** The sections nearDayOffOff / nearDayOff (assembly/layout.ts SEC_NEAR_DAY_OFF). */
export function encodeNearDayOff(ctx: EncodeContext): { nearDayOffOff: Int32Array; nearDayOff: Int32Array } {
  const { S } = ctx;
  const perShift: Array<Map<number, [number, number]>> = Array.from({ length: S }, () => new Map());
  for (const m of nearDayOffMatches(ctx.input, ctx.employeeIndex, ctx.times.start, ctx.times.startOffset, ctx.shiftTagSets())) {
    const counts = perShift[m.shift].get(m.employee) ?? [0, 0];
    counts[(m.rule.satisfiability ?? "PROHIBITED") === "PROHIBITED" ? 0 : 1]++;
    perShift[m.shift].set(m.employee, counts);
  }
  const off = new Int32Array(S + 1);
  const data: number[] = [];
  perShift.forEach((row, s) => {
    for (const e of [...row.keys()].sort((a, b) => a - b)) data.push(e, ...row.get(e)!);
    off[s + 1] = data.length / NEAR_DAY_OFF_WORDS;
  });
  return { nearDayOffOff: off, nearDayOff: Int32Array.from(data) };
}

/** The same matches read from the input alone (score analysis: solver/families/local). */
export function nearDayOffOfInput(input: ModelInput): NearDayOff[] {
  const employeeIndex = new Map<string, number>();
  input.employees.forEach((e, i) => {
    if (!employeeIndex.has(e.id)) employeeIndex.set(e.id, i);
  });
  const starts = input.shifts.map((s) => parseTimestamp(s.start));
  return nearDayOffMatches(
    input, employeeIndex, Int32Array.from(starts, (t) => t.minute), Int32Array.from(starts, (t) => t.offset),
    shiftTagSets(input.shifts),
  );
}
