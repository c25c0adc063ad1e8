/**
 * Run relocation (README "Nurse rostering benchmark"): one of an employee's runs of consecutive working days is
 * moved, whole, onto an open shift that costs (an under-covered day and type). The employee, off that day, gives up
 * the run (at most RELOCATE_RUN days) holding one of its shifts within RELOCATE_REACH days, takes the open shift,
 * and takes the best of a few open shifts (run.ts bestOpenShift) on each other day of a window of the run's length
 * placed around it at random (the open shift's day at any position of the new run). The run keeps its length and,
 * with shifts of one length, the employee its minutes, so the minimum-run and minimum-minutes rules that turn most
 * changes of a day into a large penalty stay as they were while the covered days change: the slide (slide.ts) moves
 * a run by one day, this by any distance, where the cover needs it. Each given-up shift that costs open is taken
 * over by the holder of a cheaper twin where there is one (cover.ts handOver: on the benchmark, an over-cover copy
 * of the same day and type). Scored change by change and accepted or undone as one (compound.ts).
 */
import { isPinned, sf, SR_START } from "../problem";
import { assignment, listBase, listLength, listAt, listStart, lowerBoundByStart } from "../state";
import { rngBelow } from "../rng";
import { holdsIn, bestOpenShift, runAround, runFirst, runLast } from "./run";
import { handOver } from "./cover";
import { compoundBegin, compoundChange, compoundCount, compoundRoom, compoundUndo } from "./compound";
import { DAY_MINUTES } from "../calendar";

/** Farthest, in days, the moved run's drawn shift may start from the open shift. */
const RELOCATE_REACH: i32 = 14;
/** Longest run moved, in days (twice this many changes, within compound.ts COMPOUND_MAX). */
const RELOCATE_RUN: i32 = 7;
const given = new StaticArray<i32>(RELOCATE_RUN);

/**
 * Builds and applies a run relocation of employee e onto open shift `open`; returns the number of changes (0:
 * nothing applied: e works that day, holds no shift within reach, or the run holds a pinned shift).
 */
export function applyRunRelocation(open: i32, e: i32): i32 {
  compoundBegin();
  if (e < 0 || unchecked(assignment[open]) >= 0) return 0;
  const day = sf(open, SR_START);
  if (holdsIn(e, day, day + DAY_MINUTES)) return 0;
  // One of e's shifts within reach, drawn uniformly: its run is the one moved.
  const lo = lowerBoundByStart(e, day - RELOCATE_REACH * DAY_MINUTES);
  const hi = lowerBoundByStart(e, day + (RELOCATE_REACH + 1) * DAY_MINUTES);
  if (hi <= lo) return 0;
  const anchor = listAt(listBase(e), lo + rngBelow(hi - lo));
  const at = sf(anchor, SR_START);
  runAround(e, at, RELOCATE_RUN, RELOCATE_RUN);
  const first = runFirst, days = runLast - runFirst + 1;
  // Give the run up (collected first: unassigning shrinks e's list, which is read by position).
  const runLo = at + first * DAY_MINUTES, runHi = runLo + days * DAY_MINUTES;
  const base = listBase(e);
  let n = 0;
  for (let i = lowerBoundByStart(e, runLo), len = unchecked(listLength[e]); i < len && listStart(base, i) < runHi && n < RELOCATE_RUN; i++) {
    const s = listAt(base, i);
    if (isPinned(s)) return 0;
    unchecked(given[n++] = s);
  }
  for (let j = 0; j < n; j++) compoundChange(unchecked(given[j]), e, -1);
  // The new run: the open shift's day at a random position of a window of the same length.
  compoundChange(open, -1, e);
  const newLo = day - rngBelow(days) * DAY_MINUTES;
  for (let d = 0; d < days && compoundRoom(1); d++) {
    const dayLo = newLo + d * DAY_MINUTES;
    if (dayLo == day || holdsIn(e, dayLo, dayLo + DAY_MINUTES)) continue;
    const s = bestOpenShift(e, dayLo, dayLo + DAY_MINUTES);
    if (s >= 0) compoundChange(s, -1, e);
  }
  for (let j = 0; j < n; j++) {
    const x = unchecked(given[j]);
    if (unchecked(assignment[x]) < 0) handOver(x, e);
  }
  return compoundCount;
}
