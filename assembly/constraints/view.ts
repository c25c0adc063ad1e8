/**
 * What the contract rule evaluators read: one employee's shifts in time order as a *view* (its current list, or
 * that list with one shift taken out and one put in: the list a candidate move would leave, built without
 * touching the solution), the employee's time zone group, and per-rule accessors of the problem (tag filter
 * matches, counted minutes, local days). Also the per-day scratch arrays the evaluators aggregate into, reset in
 * O(1) by generation stamps.
 *
 *   view (VIEW_WORDS per entry)   shift  start  end      sorted by (start, shift index), like solution.ts's lists
 */
import {
  shiftCount, ruleCount, rules, tzShift, tzRange, tzGroupCount, ruleMinutes, filterMatches, filterCount,
  SR_START, SR_END, SR_WORKED, SR_FLAGS, sf,
} from "../problem";
import {
  RULE_WORDS, TZ_WORDS, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_MINUTES_ROW, RW_VALID_FROM, RW_VALID_TO, SHIFT_HISTORIC,
} from "../layout";
import { MatchRecords } from "../match-records";
import { listBase, listAt, listLength } from "../solution";

// ---- the view ----------------------------------------------------------------------------------------------------

export let viewShift = new StaticArray<i32>(64);
export let viewLength = 0;
/** Time zone group of the viewed employee. */
export let viewGroup = 0;

function ensureView(n: i32): void {
  if (viewShift.length < n) viewShift = new StaticArray<i32>(max(n, viewShift.length << 1));
}

/**
 * Loads employee e's list into the view, without shift `remove` (-1 = none) and with shift `add` (-1 = none) at its
 * place in (start, index) order.
 */
export function buildView(e: i32, group: i32, remove: i32, add: i32): void {
  const base = listBase(e);
  const len = unchecked(listLength[e]);
  ensureView(len + 1);
  viewGroup = group;
  let n = 0;
  let addStart = add >= 0 ? sf(add, SR_START) : 0;
  let pending = add >= 0;
  for (let i = 0; i < len; i++) {
    const s = listAt(base, i);
    if (s == remove) continue;
    if (pending) {
      const start = sf(s, SR_START);
      if (addStart < start || (addStart == start && add < s)) {
        unchecked(viewShift[n++] = add);
        pending = false;
      }
    }
    unchecked(viewShift[n++] = s);
  }
  if (pending) unchecked(viewShift[n++] = add);
  viewLength = n;
}

// ---- rule accessors -----------------------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline
export function rw(r: i32, field: i32): i32 {
  return unchecked(rules[r * RULE_WORDS + field]);
}

/** Per tag filter used by a rule: its row in `matchRows` (-1 when no rule uses it). */
let filterRow = new StaticArray<i32>(0);
let matchRows = new StaticArray<u8>(0);

/** Whether shift s passes filter f (-1 = every shift), from the precomputed rows. */
// @ts-ignore: decorator
@inline
export function passes(f: i32, s: i32): bool {
  return f < 0 || unchecked(matchRows[unchecked(filterRow[f]) * shiftCount + s]) != 0;
}

// @ts-ignore: decorator
@inline
export function tz(g: i32, s: i32, k: i32): i32 {
  return unchecked(tzShift[(g * shiftCount + s) * TZ_WORDS + k]);
}

/** Local day of shift s's start in group g. */
// @ts-ignore: decorator
@inline
export function startDay(g: i32, s: i32): i32 {
  return tz(g, s, 0);
}

/** Local day of shift s's last minute. */
// @ts-ignore: decorator
@inline
export function endDay(g: i32, s: i32): i32 {
  return tz(g, s, 1);
}

// @ts-ignore: decorator
@inline
export function isHistoricShift(s: i32): bool {
  return (sf(s, SR_FLAGS) & SHIFT_HISTORIC) != 0;
}

/** Minutes shift s counts for rule r (minutes worked, or the rule's own row such as countOnlyBetween). */
// @ts-ignore: decorator
@inline
export function countedMinutes(r: i32, g: i32, s: i32): i32 {
  const row = rw(r, RW_MINUTES_ROW);
  return row < 0 ? sf(s, SR_WORKED) : unchecked(ruleMinutes[(row + g) * shiftCount + s]);
}

/** Whether rule r counts shift s: its filter and its validity span (local time of the start). */
// @ts-ignore: decorator
@inline
export function counts(r: i32, g: i32, s: i32): bool {
  if (!passes(rw(r, RW_FILTER), s)) return false;
  const from = rw(r, RW_VALID_FROM), to = rw(r, RW_VALID_TO);
  if (from == i32.MIN_VALUE && to == i32.MAX_VALUE) return true;
  const local = sf(s, SR_START) + tz(g, s, 2);
  return local >= from && local < to;
}

/**
 * Minutes of shift s on local day d (START_AND_END splitting): the worked minutes spread over the days the shift
 * touches in proportion to the real minutes on each (the glue gives the minutes on the start day).
 */
export function minutesOnDay(r: i32, g: i32, s: i32, d: i32): i32 {
  const total = countedMinutes(r, g, s);
  const first = startDay(g, s), last = endDay(g, s);
  if (first == last) return d == first ? total : 0;
  if (d < first || d > last) return 0;
  const duration = max(1, sf(s, SR_END) - sf(s, SR_START));
  const onFirst = min(duration, tz(g, s, 3));
  const firstShare = <i32>((<i64>total * <i64>onFirst) / <i64>duration);
  if (d == first) return firstShare;
  const middle = <i32>((<i64>total * 1440) / <i64>duration);
  if (d < last) return middle;
  return max(0, total - firstShare - middle * (last - first - 1));
}

export function rangeFirst(g: i32): i32 {
  return unchecked(tzRange[2 * g]);
}

export function rangeLast(g: i32): i32 {
  return unchecked(tzRange[2 * g + 1]);
}

// ---- match recording (explanations) ------------------------------------------------------------------------------

/**
 * While `recording`, every penalized term (a match) is appended as RECORD_WORDS words: [employee, rule, penalty
 * (low, high), a, b, c, d], where a..d describe it per rule family: periods and windows [first day, last day, value,
 * 0]; pairs [shift a, shift b, gap, 0]; runs of days [first day, last day, length, 0]; sequences [first shift, last
 * shift, shifts, rest]. Only the score analysis records; the search never does.
 */
export let recording = false;
export let recordEmployee = 0;
export let recordRule = 0;
export const contractRecords = new MatchRecords();

export function startRecording(): void {
  recording = true;
  contractRecords.clear();
}

export function stopRecording(): void {
  recording = false;
}

export function setRecordOwner(e: i32, r: i32): void {
  recordEmployee = e;
  recordRule = r;
}

export function record(p: i64, a: i32, b: i32, c: i32, d: i32): void {
  contractRecords.push(recordEmployee, recordRule, p, a, b, c, d);
}

// ---- per-day scratch --------------------------------------------------------------------------------------------

/** Lowest local day any shift or range touches, per group, and the span of days (index = day - dayBase[g]). */
export let dayBase = new StaticArray<i32>(0);
export let daySpan = 0;
/** Stamp of the current evaluation per day slot: a slot whose stamp differs is empty. */
let dayStamp = new StaticArray<i32>(0);
export let dayMinutes = new StaticArray<i32>(0);
export let dayCount = new StaticArray<i32>(0);
/** A second count per day (rolling windows: the shifts or minutes their condition counts). */
export let dayAux = new StaticArray<i32>(0);
let stamp = 0;

/** Starts a per-day aggregation: every day reads as empty. */
export function clearDays(): void {
  stamp++;
  if (stamp == i32.MAX_VALUE) {
    for (let i = 0; i < dayStamp.length; i++) unchecked(dayStamp[i] = 0);
    stamp = 1;
  }
}

/** Slot of day d in group g, or -1 outside the span. */
// @ts-ignore: decorator
@inline
export function daySlot(g: i32, d: i32): i32 {
  const i = d - unchecked(dayBase[g]);
  return <u32>i < <u32>daySpan ? i : -1;
}

// @ts-ignore: decorator
@inline
export function touchDay(i: i32): void {
  if (unchecked(dayStamp[i]) != stamp) {
    unchecked(dayStamp[i] = stamp);
    unchecked(dayMinutes[i] = 0);
    unchecked(dayCount[i] = 0);
    unchecked(dayAux[i] = 0);
  }
}

// @ts-ignore: decorator
@inline
export function dayUsed(i: i32): bool {
  return unchecked(dayStamp[i]) == stamp;
}

/** Minutes recorded on day d (0 when none or outside the span). */
export function minutesOn(g: i32, d: i32): i32 {
  const i = daySlot(g, d);
  return i >= 0 && dayUsed(i) ? unchecked(dayMinutes[i]) : 0;
}

/** Count recorded on day d (shifts, or 1 for a day worked). */
export function countOn(g: i32, d: i32): i32 {
  const i = daySlot(g, d);
  return i >= 0 && dayUsed(i) ? unchecked(dayCount[i]) : 0;
}

/** Builds the filter rows and the day span (called once after loading, when there are contract rules). */
export function initView(): void {
  const S = shiftCount, G = tzGroupCount;
  filterRow = new StaticArray<i32>(filterCount);
  for (let f = 0; f < filterCount; f++) filterRow[f] = -1;
  let used = 0;
  for (let r = 0; r < ruleCount; r++) {
    for (let k = RW_FILTER; k <= RW_FILTER3; k++) {
      const f = rw(r, k);
      if (f >= 0 && filterRow[f] < 0) filterRow[f] = used++;
    }
  }
  matchRows = new StaticArray<u8>(used * S);
  for (let f = 0; f < filterCount; f++) {
    const row = filterRow[f];
    if (row < 0) continue;
    for (let s = 0; s < S; s++) matchRows[row * S + s] = filterMatches(f, s) ? 1 : 0;
  }
  dayBase = new StaticArray<i32>(G);
  let span = 1;
  for (let g = 0; g < G; g++) {
    let lo = rangeFirst(g), hi = rangeLast(g);
    for (let s = 0; s < S; s++) {
      lo = min(lo, startDay(g, s));
      hi = max(hi, endDay(g, s));
    }
    // A week either side: weeks and weekends around the range are read without bounds checks.
    lo -= 7;
    hi += 7;
    dayBase[g] = lo;
    // Bounded so a hostile buffer cannot allocate without limit (10 years of days).
    span = max(span, min(hi - lo + 1, 3660 + 14));
  }
  daySpan = span;
  dayStamp = new StaticArray<i32>(span);
  dayMinutes = new StaticArray<i32>(span);
  dayCount = new StaticArray<i32>(span);
  dayAux = new StaticArray<i32>(span);
  stamp = 0;
  ensureView(64);
}
