/**
 * Multi-day shift sequence patterns of contracts (reference `MultiDayShiftSequencePatternRule`), evaluated over one
 * employee's view (view.ts). A pattern of k elements is read on k consecutive local days of the employee's time zone
 * group (a shift belongs to the day it starts on), starting on any day of the schedule's range whose k days all lie
 * in the range. Day d + i *satisfies* element i when:
 *
 *   ON,  shiftMatches ALL  the employee has a shift starting that day, and every such shift passes the element's filter
 *   ON,  shiftMatches ANY  one of the shifts starting that day passes the filter
 *   OFF                    no shift starting that day passes the filter (without tags: no shift at all)
 *
 * A *match* starting on day d: every day d + i satisfies element i (PROHIBITED, PREFERRED, UNPREFERRED); for REQUIRED,
 * day d satisfies the first element but a later day fails its element (the pattern was started and not completed).
 * Each match scores the rule's weight (RW_P1).
 *
 * Aux words per element (RW_AUX, RW_AUX_COUNT elements): [filter, PE_* flags]. RW_P2: PATTERN_REQUIRED or
 * PATTERN_MATCH.
 *
 * Single-day shift sequence patterns (reference `SingleDayShiftSequencePatternRule`) read the shifts of one local day
 * (those starting on it, in start order) of each day of the schedule's range. `ordered` (the default): the day
 * *holds* element i after elements 0 .. i - 1 when a later shift than theirs passes its filter (elements matched
 * greedily, each by the first shift that passes its filter after the previous element's shift); unordered: the
 * elements held are a largest matching of elements to distinct shifts passing their filters. A match is a day holding
 * every element (PROHIBITED, PREFERRED, UNPREFERRED), or for REQUIRED a day holding some but not all (the pattern
 * was started and not completed). Each match scores the rule's weight.
 *
 * A match reads its k days only (single-day patterns: one), so a move is scored on the matches starting within
 * k - 1 days before the moved shifts' days through those days (`patternWindow`), over the list window of the shifts
 * starting on the days they read.
 */
import { KIND_EMPLOYEE, PENALTY, REWARD, register } from "./catalog";
import { MULTI_DAY_PATTERN_CONSTRAINT, SINGLE_DAY_PATTERN_CONSTRAINT, LEVEL_HARD, LEVEL_SOFT } from "../layout";
import {
  RW_KIND, RW_P1, RW_P2, RW_P3, RW_AUX, RW_AUX_COUNT, PE_OFF, PE_ANY, PATTERN_REQUIRED, PATTERN_UNORDERED,
  K_SINGLE_DAY_PATTERN,
} from "../layout";
import { ruleAux } from "../problem";
import {
  viewShift, viewLength, rw, passes, startDay, rangeFirst, rangeLast, recording, record, movedDayFrom, movedDayTo,
  windowOverDays, setTermDays,
} from "./view";

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;

/** Per day of the evaluated span and element (day-major): 1 when the day satisfies the element. */
let satisfied = new StaticArray<u8>(256);

/** Marks the elements a day satisfies, given its shifts view[from, to) (empty: no shift that day), at row `at`. */
function markDay(r: i32, k: i32, from: i32, to: i32, at: i32): void {
  const aux = rw(r, RW_AUX);
  const n = to - from;
  for (let i = 0; i < k; i++) {
    const f = unchecked(ruleAux[aux + 2 * i]), flags = unchecked(ruleAux[aux + 2 * i + 1]);
    let c = 0;
    for (let j = from; j < to; j++) if (passes(f, unchecked(viewShift[j]))) c++;
    const ok = (flags & PE_OFF) != 0 ? c == 0 : (flags & PE_ANY) != 0 ? c > 0 : n > 0 && c == n;
    unchecked(satisfied[at + i] = ok ? 1 : 0);
  }
}

/**
 * Evaluates rule r over the view into evPenalty / evMatches: the matches starting on days [dayFrom, dayTo] (clamped
 * to the schedule's range; all of them for the whole list). A match is recorded as [first day, last day, elements
 * satisfied in a row from the first, 0].
 */
export function evaluatePatternRule(r: i32, g: i32, dayFrom: i32, dayTo: i32): void {
  evPenalty = 0;
  evMatches = 0;
  if (rw(r, RW_KIND) == K_SINGLE_DAY_PATTERN) {
    evaluateSingleDayRule(r, g, dayFrom, dayTo);
    return;
  }
  const k = rw(r, RW_AUX_COUNT);
  if (k <= 0) return;
  const first = max(dayFrom, rangeFirst(g));
  const lastStart = min(dayTo, rangeLast(g) - k + 1);
  if (first > lastStart) return;
  const lastDay = lastStart + k - 1;
  const cells = (lastDay - first + 1) * k;
  if (satisfied.length < cells) satisfied = new StaticArray<u8>(max(cells, satisfied.length << 1));
  // Days without a shift first, then each day with shifts (the view is in start order: a day's shifts are one run).
  markDay(r, k, 0, 0, 0);
  for (let at = k; at < cells; at += k) memory.copy(changetype<usize>(satisfied) + <usize>at, changetype<usize>(satisfied), <usize>k);
  let j = 0;
  while (j < viewLength) {
    const d = startDay(g, unchecked(viewShift[j]));
    let end = j + 1;
    while (end < viewLength && startDay(g, unchecked(viewShift[end])) == d) end++;
    if (d >= first && d <= lastDay) markDay(r, k, j, end, (d - first) * k);
    j = end;
  }
  const weight = <i64>rw(r, RW_P1);
  const required = rw(r, RW_P2) == PATTERN_REQUIRED;
  for (let d = first; d <= lastStart; d++) {
    const at = (d - first) * k;
    let i = 0;
    while (i < k && unchecked(satisfied[at + i * (k + 1)]) != 0) i++;
    if (required ? i > 0 && i < k : i == k) {
      evPenalty += weight;
      evMatches++;
      if (recording) record(weight, d, d + k - 1, i, 0);
    }
  }
}

/**
 * Single-day patterns: the matches on days [dayFrom, dayTo] (clamped to the schedule's range), each recorded as
 * [day, day, elements held, bit i set when the day's shift i (start order, first 31) holds an element].
 */
function evaluateSingleDayRule(r: i32, g: i32, dayFrom: i32, dayTo: i32): void {
  const k = rw(r, RW_AUX_COUNT);
  if (k <= 0) return;
  const first = max(dayFrom, rangeFirst(g)), last = min(dayTo, rangeLast(g));
  const weight = <i64>rw(r, RW_P1);
  const required = rw(r, RW_P2) == PATTERN_REQUIRED;
  const unordered = rw(r, RW_P3) == PATTERN_UNORDERED;
  let j = 0;
  while (j < viewLength) {
    const d = startDay(g, unchecked(viewShift[j]));
    let end = j + 1;
    while (end < viewLength && startDay(g, unchecked(viewShift[end])) == d) end++;
    if (d >= first && d <= last) {
      const held = unordered ? holdUnordered(r, k, j, end) : holdOrdered(r, k, j, end);
      if (required ? held > 0 && held < k : held == k) {
        evPenalty += weight;
        evMatches++;
        if (recording) record(weight, d, d, held, heldMask);
      }
    }
    j = end;
  }
}

/** Shifts of the day that hold an element (bit i: view[from + i]), set by holdOrdered / holdUnordered. */
let heldMask = 0;

/** Elements held in order by the day's shifts view[from, to) (module header). */
function holdOrdered(r: i32, k: i32, from: i32, to: i32): i32 {
  const aux = rw(r, RW_AUX);
  let i = 0;
  heldMask = 0;
  for (let j = from; j < to && i < k; j++) {
    if (!passes(unchecked(ruleAux[aux + 2 * i]), unchecked(viewShift[j]))) continue;
    if (j - from < 31) heldMask |= 1 << (j - from);
    i++;
  }
  return i;
}

/** Per shift of the day: the element it holds (-1 = none); per shift: the stamp of its last visit (augment). */
let holder = new StaticArray<i32>(16);
let visited = new StaticArray<i32>(16);
let visit = 0;

/** Size of a largest matching of elements to distinct shifts of view[from, to) passing their filters (Kuhn). */
function holdUnordered(r: i32, k: i32, from: i32, to: i32): i32 {
  const n = to - from;
  if (holder.length < n) {
    holder = new StaticArray<i32>(n << 1);
    visited = new StaticArray<i32>(n << 1);
  }
  visit = 0;
  for (let j = 0; j < n; j++) {
    unchecked(holder[j] = -1);
    unchecked(visited[j] = 0);
  }
  const aux = rw(r, RW_AUX);
  let held = 0;
  for (let i = 0; i < k; i++) {
    visit++;
    if (augment(aux, i, from, n)) held++;
  }
  heldMask = 0;
  for (let j = 0; j < min(n, 31); j++) if (unchecked(holder[j]) >= 0) heldMask |= 1 << j;
  return held;
}

function augment(aux: i32, i: i32, from: i32, n: i32): bool {
  const f = unchecked(ruleAux[aux + 2 * i]);
  for (let j = 0; j < n; j++) {
    if (unchecked(visited[j]) == visit || !passes(f, unchecked(viewShift[from + j]))) continue;
    unchecked(visited[j] = visit);
    const other = unchecked(holder[j]);
    if (other < 0 || augment(aux, other, from, n)) {
      unchecked(holder[j] = i);
      return true;
    }
  }
  return false;
}

/** Sets the window of a move for rule r (module header); always true (any shift may change a day's elements). */
export function patternWindow(r: i32, g: i32): bool {
  const k = rw(r, RW_KIND) == K_SINGLE_DAY_PATTERN ? 1 : max(1, rw(r, RW_AUX_COUNT));
  const dayFrom = movedDayFrom(g) - k + 1, dayTo = movedDayTo(g, false);
  setTermDays(dayFrom, dayTo);
  windowOverDays(g, dayFrom, dayTo + k - 1);
  return true;
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/** The four constraints of shift sequence patterns of one kind ("multi-day", "single day"), from `base`. */
function registerPatterns(base: i32, kind: string, family: i32): void {
  register(base, "Employee does not work required " + kind + " shift sequence pattern", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(base + 1, "Employee works prohibited " + kind + " shift sequence pattern", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(base + 2, "Employee works preferred " + kind + " shift sequence pattern", LEVEL_SOFT, REWARD, KIND_EMPLOYEE, family);
  register(base + 3, "Employee works unpreferred " + kind + " shift sequence pattern", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
}

/**
 * Names are the reference's (its `*MultiDayShiftSequencePatternJustification` and
 * `*SingleDayShiftSequencePatternJustification` schemas).
 */
export function declare(family: i32): void {
  registerPatterns(MULTI_DAY_PATTERN_CONSTRAINT, "multi-day", family);
  registerPatterns(SINGLE_DAY_PATTERN_CONSTRAINT, "single day", family);
}
