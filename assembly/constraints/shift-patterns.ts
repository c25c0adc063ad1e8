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
 * A match reads its k days only, so a move is scored on the matches starting within k - 1 days before the moved
 * shifts' days through those days (`patternWindow`), over the list window of the shifts starting on the days they read.
 */
import { RW_P1, RW_P2, RW_AUX, RW_AUX_COUNT, PE_OFF, PE_ANY, PATTERN_REQUIRED } from "../layout";
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

/** Sets the window of a move for rule r (module header); always true (any shift may change a day's elements). */
export function patternWindow(r: i32, g: i32): bool {
  const k = max(1, rw(r, RW_AUX_COUNT));
  const dayFrom = movedDayFrom(g) - k + 1, dayTo = movedDayTo(g, false);
  setTermDays(dayFrom, dayTo);
  windowOverDays(g, dayFrom, dayTo + k - 1);
  return true;
}
