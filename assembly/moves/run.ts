/**
 * Run moves: one employee's days, changed as a block (README "Nurse rostering benchmark"). Where an employee works
 * at most one shift a day (the shifts of a day overlap), a day changes from off to on, or from one shift to
 * another, only by a compound move, and a minimum run of consecutive days, or a minimum of minutes worked, is kept
 * only by changing several days at once. Four moves (the rebuild for breach-aimed moves only), each scored change
 * by change and accepted or undone as one (like ruin and recreate; Burke, Li & Qu 2010, "A hybrid model of integer
 * programming and variable neighbourhood search for highly-constrained nurse rostering problems", EJOR 203(2),
 * search such neighbourhoods of days):
 *   fill    over a window of 2 to RUN_DAYS days, each day on which the employee holds no shift gets the best of a
 *           few unassigned shifts starting that day (a new run, or a run extended or joined to the next one);
 *   clear   the employee's shifts starting in the window are unassigned (a run removed or shortened);
 *   shift   one of the employee's shifts is unassigned and the employee takes the best of a few unassigned shifts
 *           starting up to RUN_DAYS days earlier or later (a run's boundary moved, or a day of work moved to
 *           another day, or, at offset 0, another shift on the same day), keeping the amount of work;
 *   rebuild the employee's window is cleared, then rebuilt day by day: each day takes the best of a few open
 *           shifts while that strictly improves the schedule as changed so far (the breach-aimed moves' ruin and
 *           recreate of one employee: its runs re-cut to its rules, its shift types chosen again).
 * A "day" is a DAY_MINUTES stretch counted from the anchor shift's start, so the moves need no calendar.
 */
import { isPinned, sf, SR_START, shiftsByStart, firstRankFrom } from "../problem";
import { assignment, listBase, listLength, listAt, listStart, lowerBoundByStart } from "../state";
import { evalChange, pHard, pMedium, pSoft, isBetter } from "../score";
import { rngBelow } from "../rng";
import { costsOpen } from "./chain";
import { compoundBegin, compoundChange, compoundCount, compoundRoom, compoundUndo } from "./compound";
import { DAY_MINUTES } from "../calendar";

/** Longest window of a fill or clear, and farthest offset of a shift move, in days. */
export const RUN_DAYS: i32 = 7;
/** The kinds of run move (applyRunMove). */
export const RUN_FILL: i32 = 0, RUN_CLEAR: i32 = 1, RUN_SHIFT: i32 = 2, RUN_REBUILD: i32 = 3;
/** Start-order positions of a day looked at, and unassigned shifts among them scored, per filled day. */
const FILL_SCAN: i32 = 24;
const FILL_EVALS: i32 = 4;
/** Most shifts one clear unassigns. */
const CLEAR_MAX: i32 = 16;
const cleared = new StaticArray<i32>(CLEAR_MAX);

/** Employee e's first shift starting in [lo, hi), -1 when none. */
export function firstShiftIn(e: i32, lo: i32, hi: i32): i32 {
  const i = lowerBoundByStart(e, lo);
  const base = listBase(e);
  return i < unchecked(listLength[e]) && listStart(base, i) < hi ? listAt(base, i) : -1;
}

/** Whether employee e holds a shift starting in [lo, hi). */
export function holdsIn(e: i32, lo: i32, hi: i32): bool {
  return firstShiftIn(e, lo, hi) >= 0;
}

/** The run found by the last runAround: its first and last day, as day offsets from the day it was asked about. */
export let runFirst = 0;
export let runLast = 0;

/**
 * The run of consecutive days (DAY_MINUTES stretches from `day`) on which employee e holds a shift, around `day`:
 * extended first back, then on, at most `reach` days each way and `longest` days in all; into runFirst, runLast.
 * Shared by the run slide (slide.ts) and the run relocation (relocate.ts).
 */
export function runAround(e: i32, day: i32, reach: i32, longest: i32): void {
  let first = 0, last = 0;
  while (first > -reach && last - first + 1 < longest && holdsIn(e, day + (first - 1) * DAY_MINUTES, day + first * DAY_MINUTES)) first--;
  while (last < reach && last - first + 1 < longest && holdsIn(e, day + (last + 1) * DAY_MINUTES, day + (last + 2) * DAY_MINUTES)) last++;
  runFirst = first;
  runLast = last;
}

/** The score delta of the last openShiftFor's shift (valid when it returned one). */
export let openHard: i64 = 0;
export let openMedium: i64 = 0;
export let openSoft: i64 = 0;

/**
 * The best of up to `evals` unassigned, unpinned shifts starting in [lo, hi) for employee e (scored on the current
 * schedule, its delta in openHard/openMedium/openSoft), looked for among `scan` start-order positions of the day
 * from the `first`-th (wrapping), only those that cost open when `costly` (chain.ts costsOpen); -1 when there is
 * none. Shared by the fill (a random first), the construction's run extension (construction.ts) and the re-roster
 * (reroster.ts).
 */
export function openShiftFor(e: i32, lo: i32, hi: i32, first: u32, scan: i32, evals: i32, costly: bool = false): i32 {
  const r0 = firstRankFrom(lo), r1 = firstRankFrom(hi), n = r1 - r0;
  if (n <= 0) return -1;
  let p = <i32>(first % <u32>n);
  let best = -1, done = 0;
  for (let j = 0, m = min(n, scan); j < m && done < evals; j++) {
    const s = unchecked(shiftsByStart[r0 + p]);
    if (++p == n) p = 0;
    if (unchecked(assignment[s]) >= 0 || isPinned(s) || (costly && !costsOpen(s))) continue;
    evalChange(s, -1, e);
    done++;
    if (best < 0 || isBetter(pHard, pMedium, pSoft, openHard, openMedium, openSoft)) {
      best = s;
      openHard = pHard;
      openMedium = pMedium;
      openSoft = pSoft;
    }
  }
  return best;
}

/**
 * The best of up to FILL_EVALS unassigned, unpinned shifts starting in [lo, hi) for employee e (scored on the
 * current schedule), looked for among FILL_SCAN start-order positions from a random one; -1 when there is none.
 */
export function bestOpenShift(e: i32, lo: i32, hi: i32): i32 {
  const n = firstRankFrom(hi) - firstRankFrom(lo);
  if (n <= 0) return -1;
  return openShiftFor(e, lo, hi, <u32>rngBelow(n), FILL_SCAN, FILL_EVALS);
}

/**
 * Builds one run move of employee e around the start of shift `anchor` (RUN_FILL, RUN_CLEAR, RUN_SHIFT or RUN_REBUILD) and applies it,
 * as a compound move (compound.ts); returns the number of changes (0: nothing to do, nothing applied).
 */
export function applyRunMove(kind: i32, e: i32, anchor: i32): i32 {
  compoundBegin();
  const start = sf(anchor, SR_START);
  if (kind == RUN_SHIFT) {
    // The anchor is e's shift: unassign it, take an open shift `offset` days away.
    const day = start;
    const offset = rngBelow(2 * RUN_DAYS + 1) - RUN_DAYS;
    const lo = day + offset * DAY_MINUTES;
    compoundChange(anchor, e, -1);
    if (offset != 0 && holdsIn(e, lo, lo + DAY_MINUTES)) return compoundUndo();
    const s = bestOpenShift(e, lo, lo + DAY_MINUTES);
    if (s < 0 || s == anchor) return compoundUndo();
    compoundChange(s, -1, e);
    return compoundCount;
  }
  const days = 2 + rngBelow(RUN_DAYS - 1);
  const lo = start - rngBelow(days) * DAY_MINUTES;
  if (kind == RUN_FILL) {
    for (let d = 0; d < days; d++) {
      const dayLo = lo + d * DAY_MINUTES, dayHi = dayLo + DAY_MINUTES;
      if (holdsIn(e, dayLo, dayHi)) continue;
      const s = bestOpenShift(e, dayLo, dayHi);
      if (s >= 0) compoundChange(s, -1, e);
    }
    return compoundCount;
  }
  clearWindow(e, lo, lo + days * DAY_MINUTES, CLEAR_MAX);
  if (kind == RUN_REBUILD) {
    // Rebuild: day by day, e takes the best open shift of the day while that strictly improves the schedule as
    // changed so far (a run grows while it is short of its minimum, or of the minutes, and stops at a limit).
    for (let d = 0; d < days && compoundRoom(1); d++) {
      const dayLo = lo + d * DAY_MINUTES, dayHi = dayLo + DAY_MINUTES;
      if (holdsIn(e, dayLo, dayHi)) continue;
      const s = bestOpenShift(e, dayLo, dayHi);
      if (s >= 0 && isBetter(openHard, openMedium, openSoft, 0, 0, 0)) compoundChange(s, -1, e);
    }
  }
  return compoundCount;
}

/**
 * Unassigns (compoundChange) e's movable shifts starting in [lo, hi), at most `most` of them (at most CLEAR_MAX): the
 * clearing step of the rebuild here and of the re-roster (reroster.ts).
 */
export function clearWindow(e: i32, lo: i32, hi: i32, most: i32): void {
  // Unassigning shrinks e's list: collect first (the list is read by position), then change.
  const base = listBase(e);
  let n = 0;
  for (let i = lowerBoundByStart(e, lo), len = unchecked(listLength[e]); i < len && listStart(base, i) < hi && n < most; i++) {
    const s = listAt(base, i);
    if (!isPinned(s)) unchecked(cleared[n++] = s);
  }
  for (let j = 0; j < n; j++) compoundChange(unchecked(cleared[j]), e, -1);
}
