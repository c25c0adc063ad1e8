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
import type { Contract } from "../schemas/contract-rules";
import {
  RULE_WORDS, TZ_WORDS, RW_KIND, RW_CONSTRAINT, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_PERIOD, RW_MIN, RW_MAX,
  RW_MINUTES_ROW, RW_VALID_FROM, RW_VALID_TO, RW_AUX, PERIOD_SCHEDULE,
} from "./layout";
import { TimeZoneRule, dayOfIsoDate, localMinutesOf, parseTimestamp, timeOfDayMinutes, MINUTES_IN_DAY } from "./time";
import { parseDurationMs } from "./duration";
import type { ShiftTimes } from "./encode-context";
import { shiftTagSets } from "./shift-tag-sets";

/** Whole minutes of an ISO 8601 duration; 0 when malformed. */
export function durationMinutes(text: string): number {
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

export const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

export const I32_MIN = -2147483648;
export const I32_MAX = 2147483647;

export function weekdayIndex(day: string | null | undefined, fallback: number): number {
  const i = day ? DAYS.indexOf(day as (typeof DAYS)[number]) : -1;
  return i < 0 ? fallback : i;
}

export function dayMask(days: readonly string[] | null | undefined): number {
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

export const present = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);
export const limit = (v: number | null | undefined): number => (present(v) ? Math.max(0, Math.min(I32_MAX, Math.floor(v))) : -1);

/**
 * What one kind of contract rule (solver/families/contracts/, one file per reference list) gives the compiler: per
 * core rule kind (K_*) it compiles, its constraint ids by satisfiability ([REQUIRED, PREFERRED]; the same id twice for
 * a constraint without variants), and its compile step from a contract's rules to compiled rules (`add`).
 */
export interface RuleCompiler {
  constraintOf: Readonly<Record<number, readonly [number, number]>>;
  compile(c: CompileContext): void;
}

/** What a kind's compile step reads and writes, per contract. */
export interface CompileContext {
  contract: Contract;
  /** Week start (0 = Monday) and custom periods by id (scheduleParameterization). */
  weekStart: number;
  customIndex: ReadonlyMap<string, number>;
  /** The contract's weekend (weekendOf). */
  weekend: { mask: number; first: number };
  filterOf: (f: TagFilterIn) => number;
  /** The shared aux words (SEC_RULE_AUX): a rule's RW_AUX is its offset here. */
  aux: number[];
  add: AddRule;
  values: ShiftValues;
}

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

export function previousShiftFilter(rule: PairTags): TagFilterIn {
  return { includeShiftTags: rule.includePreviousShiftTags ?? rule.requiredPriorShiftTags, excludeShiftTags: rule.excludePreviousShiftTags, shiftTagMatches: rule.shiftTagMatches };
}

export function nextShiftFilter(rule: PairTags): TagFilterIn {
  return { includeShiftTags: rule.includeNextShiftTags ?? rule.requiredAfterShiftTags, excludeShiftTags: rule.excludeNextShiftTags, shiftTagMatches: rule.shiftTagMatches };
}

export function encodeContracts(
  input: ModelInput,
  times: ShiftTimes,
  employeeIndex: ReadonlyMap<string, number>,
  filterOf: (f: TagFilterIn) => number,
  tagOf: (tag: string) => number,
  /** The kinds of contract rule, in compile order (solver/families/contracts/kinds.ts). */
  kinds: readonly RuleCompiler[],
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
  const constraintOf: Record<number, readonly [number, number]> = Object.assign({}, ...kinds.map((k) => k.constraintOf));
  for (const contract of input.contracts ?? []) {
    if (contractRules.has(contract.id)) continue;
    const list: number[] = [];
    const weekend = weekendOf(contract);
    const add: AddRule = (kind, sat, ruleId, family, fill, extra = {}, minutes) => {
      const words = new Int32Array(RULE_WORDS);
      words[RW_KIND] = kind;
      words[RW_CONSTRAINT] = constraintOf[kind][sat === "PREFERRED" ? 1 : 0];
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

    const c: CompileContext = { contract, weekStart, customIndex, weekend, filterOf, aux, add, values };
    for (const kind of kinds) kind.compile(c);
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
export type AddRule = (kind: number, sat: string | null | undefined, ruleId: string, family: string, fill: (w: Int32Array) => void, extra?: Partial<CompiledRule>, minutes?: Draft["between"] | Int32Array) => void;

/** Per-shift values the period limits and the unlogged break tags read (computed once per input, on first use). */
export class ShiftValues {
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

/**
 * The minutes a minutes limit counts: its countOnlyBetween interval (scaled by `worked`), else `worked` itself (the
 * minutes worked with its unlogged break tags), else undefined (the minutes worked).
 */
export function minutesOf(interval: { start: string; end: string } | null | undefined, worked?: Int32Array): Draft["between"] | Int32Array | undefined {
  if (interval) {
    const start = timeOfDayMinutes(interval.start), end = timeOfDayMinutes(interval.end);
    if (Number.isFinite(start) && Number.isFinite(end) && start !== end) return { start, end, worked };
  }
  return worked;
}

export function clampI32(v: number, fallback: number): number {
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
