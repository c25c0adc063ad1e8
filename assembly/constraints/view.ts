/**
 * What the contract rule evaluators read: one employee's shifts in time order as a *view* (its current list, or
 * that list with one shift taken out and one put in: the list a candidate move would leave, built without
 * touching the solution), the employee's time zone group, and per-rule accessors of the problem (tag filter
 * matches, counted minutes, local days). Also the per-day scratch arrays the evaluators aggregate into, reset in
 * O(1) by generation stamps.
 *
 *   view   shift indices sorted by (start, shift index), like solution.ts's lists
 *
 * A view may cover a *window* of the list (positions [from, to)) rather than all of it: a move is scored on the
 * window around it (contracts.ts; each rule family says in its `*Window` function which window holds every term
 * the move can change), once as the list is and once as the move would leave it.
 */
import {
  shiftCount, ruleCount, rules, ruleAux, tzShift, tzPacked, tzRange, tzGroupCount, ruleMinutes, fillFilterRow, rowHas, filterCount,
  SR_START, SR_END, SR_WORKED, SR_FLAGS, sf, unavailable, unavailableOff, employeeCount,
} from "../problem";
import {
  RULE_WORDS, TZ_WORDS, RW_FILTER, RW_FILTER2, RW_FILTER3, RW_MINUTES_ROW, RW_VALID_FROM, RW_VALID_TO, SHIFT_HISTORIC,
  RW_KIND, RW_AUX, RW_AUX_COUNT, K_MULTI_DAY_PATTERN, K_SINGLE_DAY_PATTERN, K_CONSECUTIVE_DAYS, K_ROTATION, SPAN_WORDS,
} from "../layout";
import { MatchRecords } from "../match-records";
import { listBase, listAt, listLength, lowerBoundByStart, lowerBoundShift } from "../state";

// ---- the view ----------------------------------------------------------------------------------------------------

export let viewShift = new StaticArray<i32>(64);
export let viewLength = 0;
/** Changes whenever the view is rebuilt (evaluators may keep what they derived from the same view). */
export let viewSerial = 0;
/** Time zone group of the viewed employee. */
export let viewGroup = 0;

function ensureView(n: i32): void {
  if (viewShift.length < n) viewShift = new StaticArray<i32>(max(n, viewShift.length << 1));
}

/**
 * Loads positions [from, to) of employee e's list into the view, without shift `remove` (-1 = none) and with shift
 * `add` (-1 = none) at its place in (start, index) order; the window must hold both places (locateMove's range).
 */
export function buildView(e: i32, group: i32, remove: i32, add: i32, from: i32, to: i32): void {
  const base = listBase(e);
  ensureView(to - from + 1);
  viewGroup = group;
  viewSerial++;
  let n = 0;
  let addStart = add >= 0 ? sf(add, SR_START) : 0;
  let pending = add >= 0;
  for (let i = from; i < to; i++) {
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

/** Loads employee e's whole list into the view. */
export function buildWholeView(e: i32, group: i32): void {
  buildView(e, group, -1, -1, 0, unchecked(listLength[e]));
}

// ---- the window of a move ----------------------------------------------------------------------------------------

/** Day bounds that stand for "every day" (whole-list evaluations): far outside any schedule, safe to offset. */
export const ALL_DAYS_FROM: i32 = -(1 << 28);
export const ALL_DAYS_TO: i32 = 1 << 28;

/** The move being scored on the viewed employee: the shift it takes out and the one it puts in (-1 = none). */
export let moveEmployee = -1;
export let moveRemove = -1;
export let moveAdd = -1;
/** Positions [moveFrom, moveTo) of the current list the move changes (an insertion point alone is empty). */
export let moveFrom = 0;
export let moveTo = 0;
/** Changes at every locateMove (window functions may keep what they computed for the same move). */
export let moveSerial = 0;

/** The window a `*Window` function chose: list positions [windowFrom, windowTo), terms on days [termDayFrom, termDayTo]. */
export let windowFrom = 0;
export let windowTo = 0;
export let termDayFrom = ALL_DAYS_FROM;
export let termDayTo = ALL_DAYS_TO;

/** Records the move (taking `remove` out of e's list, putting `add` in) and where in the list it acts. */
export function locateMove(e: i32, remove: i32, add: i32): void {
  moveSerial++;
  moveEmployee = e;
  moveRemove = remove;
  moveAdd = add;
  let from = i32.MAX_VALUE, to = 0;
  if (remove >= 0) {
    from = lowerBoundShift(e, remove);
    to = from + 1;
  }
  if (add >= 0) {
    const at = lowerBoundShift(e, add);
    from = min(from, at);
    to = max(to, at);
  }
  moveFrom = from;
  moveTo = to;
}

/** Sets the window to list positions [from, to), widened to hold the move. */
export function setWindow(from: i32, to: i32): void {
  windowFrom = max(0, min(from, moveFrom));
  windowTo = min(unchecked(listLength[moveEmployee]), max(to, moveTo));
}

/** Sets the terms' days [from, to] (period and rolling window rules score only terms that reach them). */
export function setTermDays(from: i32, to: i32): void {
  termDayFrom = from;
  termDayTo = to;
}

/** First local day the moved shifts count on (their start days), or with `split` their last days. */
export function movedDayFrom(g: i32): i32 {
  let d = i32.MAX_VALUE;
  if (moveRemove >= 0) d = startDay(g, moveRemove);
  if (moveAdd >= 0) d = min(d, startDay(g, moveAdd));
  return d;
}

export function movedDayTo(g: i32, split: bool): i32 {
  let d = i32.MIN_VALUE;
  if (moveRemove >= 0) d = split ? endDay(g, moveRemove) : startDay(g, moveRemove);
  if (moveAdd >= 0) d = max(d, split ? endDay(g, moveAdd) : startDay(g, moveAdd));
  return d;
}

/**
 * Sets the window to the list positions of every shift that counts on a day in [from, to] (its start day, or with
 * START_AND_END any day it touches): by start minute, through the extreme gaps between a shift's start and its local
 * days in group g (initView), so the bounds hold in any time zone.
 */
export function windowOverDays(g: i32, from: i32, to: i32): void {
  const e = moveEmployee;
  const lo = <i64>from * 1440 - <i64>unchecked(leadToLastDayMax[g]);
  const hi = <i64>to * 1440 - <i64>unchecked(leadToStartDayMin[g]) + 1;
  setWindow(lowerBoundByStart(e, clampMinute(lo)), lowerBoundByStart(e, clampMinute(hi)));
}

function clampMinute(m: i64): i32 {
  return <i32>min<i64>(max<i64>(m, <i64>i32.MIN_VALUE), <i64>i32.MAX_VALUE);
}

/**
 * Per group, over all shifts: the largest and smallest (start day × 1440 − start) and the largest (last day × 1440
 * − start), at least the former. A shift starting at minute m has its start day in [(m + leadToStartDayMin) / 1440,
 * (m + leadToStartDayMax) / 1440] and its last day at most (m + leadToLastDayMax) / 1440.
 */
export let leadToStartDayMax = new StaticArray<i32>(0);
export let leadToStartDayMin = new StaticArray<i32>(0);
export let leadToLastDayMax = new StaticArray<i32>(0);
/** Most days between a shift's start day and its last day, over all shifts and groups (START_AND_END lookback). */
export let longestShiftDays = 0;
/** Longest shift in minutes. */
export let longestShiftMinutes = 0;

/** First view position whose shift may still run at minute m (starts at or after m − the longest shift). */
export function viewFrom(m: i32): i32 {
  const from = <i64>m - <i64>longestShiftMinutes;
  let lo = 0, hi = viewLength;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (<i64>sf(unchecked(viewShift[mid]), SR_START) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- rule accessors -----------------------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline
export function rw(r: i32, field: i32): i32 {
  return unchecked(rules[r * RULE_WORDS + field]);
}

/** Per tag filter used by a rule: its row in `matchRows` (-1 when no rule uses it). */
let filterRow = new StaticArray<i32>(0);
let matchRows = new StaticArray<u32>(0);
/** Words of one row of `matchRows`: a bit per shift. */
let matchWords: i32 = 0;

/** Whether shift s passes filter f (-1 = every shift), from the precomputed rows. */
// @ts-ignore: decorator
@inline
export function passes(f: i32, s: i32): bool {
  return f < 0 || rowHas(matchRows, unchecked(filterRow[f]) * matchWords, s);
}

// @ts-ignore: decorator
@inline
export function tz(g: i32, s: i32, k: i32): i32 {
  if (!tzPacked) return unchecked(tzShift[(g * shiftCount + s) * TZ_WORDS + k]);
  // Two words (problem.ts packTzShift): the start day; the days to the last minute, the offset, the minutes on the start day.
  const at = (g * shiftCount + s) << 1;
  const day = unchecked(tzShift[at]);
  if (k == 0) return day;
  const w = unchecked(tzShift[at + 1]);
  if (k == 1) return day + (w & 0x1ff);
  if (k == 2) return (w << 11) >> 20;
  return w >>> 21;
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

/** Whether rules of this kind keep tag filters in their aux words, as [filter, x] pairs. */
export function auxFilters(kind: i32): bool {
  return kind == K_MULTI_DAY_PATTERN || kind == K_SINGLE_DAY_PATTERN || kind == K_CONSECUTIVE_DAYS || kind == K_ROTATION;
}

// ---- absences (ABSENCE_AWARE) ---------------------------------------------------------------------------------------

/** Minutes of [from, to) inside employee e's unavailable spans without a tag filter (each minute once). */
export function awayMinutes(e: i32, from: i32, to: i32): i32 {
  let away: i64 = 0;
  let covered = from;
  for (let i = unchecked(unavailableOff[e]); i < unchecked(unavailableOff[e + 1]); i++) {
    const at = i * SPAN_WORDS;
    if (unchecked(unavailable[at + 3]) >= 0) continue;
    const a = max(max(unchecked(unavailable[at]), from), covered), b = min(unchecked(unavailable[at + 1]), to);
    if (b > a) {
      away += <i64>b - <i64>a;
      covered = b;
    }
  }
  return <i32>min<i64>(away, <i64>i32.MAX_VALUE);
}

/** Per employee: all its minutes inside unfiltered unavailable spans (bounds how far ABSENCE_AWARE rest reaches). */
export let awayTotal = new StaticArray<i32>(0);

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
 * shift, shifts, rest]. The score analysis records into contractRecords; the search's breach-aimed moves record one
 * rule of one employee into a buffer of their own (contracts.ts breachDays).
 */
export let recording = false;
export let recordEmployee = 0;
export let recordRule = 0;
/** The explanations' matches (recordMatches). */
export const contractRecords = new MatchRecords();
/** Where `record` appends: contractRecords, or a buffer of the caller's (contracts.ts breachDays). */
let sink = contractRecords;

/** Starts recording into `into`, with room for `expected` matches (a hint: more still fit). */
export function startRecording(expected: i32, into: MatchRecords = contractRecords): void {
  recording = true;
  sink = into;
  into.clearFor(expected);
}

export function stopRecording(): void {
  recording = false;
}

export function setRecordOwner(e: i32, r: i32): void {
  recordEmployee = e;
  recordRule = r;
}

export function record(p: i64, a: i32, b: i32, c: i32, d: i32): void {
  sink.push(recordEmployee, recordRule, p, a, b, c, d);
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

/** The current per-day aggregation (changes at every clearDays). */
// @ts-ignore: decorator
@inline
export function daysStamp(): i32 {
  return stamp;
}

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

/**
 * Adds shift s to (sign 1) or takes it from (sign -1) the slot of its start day in group g, rule r's minutes and
 * count, when that day is inside the span: how period and rolling-window rules patch one move into the aggregation
 * (the caller has checked `counts(r, g, s)`).
 */
// @ts-ignore: decorator
@inline
export function patchDay(r: i32, g: i32, s: i32, sign: i32): void {
  const i = daySlot(g, startDay(g, s));
  if (i < 0) return;
  if (sign > 0) touchDay(i);
  unchecked(dayMinutes[i] += sign * countedMinutes(r, g, s));
  unchecked(dayCount[i] += sign);
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
    // Filters in aux words [filter, x]: pattern elements (shift-patterns.ts), categories (sequence-rules.ts), rotation groups (rotation.ts).
    if (auxFilters(rw(r, RW_KIND))) {
      const aux = rw(r, RW_AUX);
      for (let i = 0; i < rw(r, RW_AUX_COUNT); i++) {
        const f = ruleAux[aux + 2 * i];
        if (f >= 0 && filterRow[f] < 0) filterRow[f] = used++;
      }
    }
  }
  matchWords = (S + 31) >>> 5;
  matchRows = new StaticArray<u32>(used * matchWords);
  for (let f = 0; f < filterCount; f++) if (filterRow[f] >= 0) fillFilterRow(f, matchRows, filterRow[f] * matchWords);
  dayBase = new StaticArray<i32>(G);
  leadToStartDayMax = new StaticArray<i32>(G);
  leadToStartDayMin = new StaticArray<i32>(G);
  leadToLastDayMax = new StaticArray<i32>(G);
  longestShiftDays = 0;
  longestShiftMinutes = 0;
  for (let s = 0; s < S; s++) longestShiftMinutes = max(longestShiftMinutes, sf(s, SR_END) - sf(s, SR_START));
  for (let g = 0; g < G; g++) {
    let startMax = i32.MIN_VALUE, startMin = i32.MAX_VALUE, lastMax = i32.MIN_VALUE;
    for (let s = 0; s < S; s++) {
      const m = sf(s, SR_START);
      startMax = max(startMax, startDay(g, s) * 1440 - m);
      startMin = min(startMin, startDay(g, s) * 1440 - m);
      lastMax = max(lastMax, endDay(g, s) * 1440 - m);
      longestShiftDays = max(longestShiftDays, endDay(g, s) - startDay(g, s));
    }
    leadToStartDayMax[g] = S > 0 ? startMax : 0;
    leadToStartDayMin[g] = S > 0 ? startMin : 0;
    leadToLastDayMax[g] = S > 0 ? max(lastMax, startMax) : 0;
  }
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
  awayTotal = new StaticArray<i32>(employeeCount);
  for (let e = 0; e < employeeCount; e++) awayTotal[e] = awayMinutes(e, i32.MIN_VALUE, i32.MAX_VALUE);
}
