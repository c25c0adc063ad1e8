/**
 * Run slide: one employee's run of consecutive working days moved by one day (README "Nurse rostering benchmark").
 * The run is the stretch of days, counted in DAY_MINUTES from the anchor shift's start, on which the employee
 * holds a shift, around the anchor (at most SLIDE_REACH days each way). One end's shift is unassigned and the
 * employee takes the best of a few open shifts on the day past the other end (run.ts openShiftFor): the run keeps
 * its length and, with shifts of one length, the employee's minutes, so the minimum-run and minimum-minutes rules
 * stay as they were while the covered days change. The run moves' `shift` (run.ts) reaches this only when the
 * anchor is a run's end and its random offset is the run's length; here it is the move. Scored change by change
 * and accepted or undone as one (compound.ts).
 */
import { isPinned, sf, SR_START } from "../problem";
import { rngBelow } from "../rng";
import { runAround, runFirst, runLast, firstShiftIn, bestOpenShift } from "./run";
import { assignment } from "../state";
import { compoundBegin, compoundChange, compoundCount, compoundUndo } from "./compound";
import { DAY_MINUTES } from "../calendar";

/** Days looked at each way from the anchor for the run's ends. */
const SLIDE_REACH: i32 = 14;

/**
 * The shift to give up when employee e's run around `day` slides one day to the right (`right`: its first day's)
 * or to the left (its last day's); -1 when there is none or it is pinned. Into runFirst, runLast (run.ts runAround)
 * as well. Shared with the cover slide (cover.ts).
 */
export function slideDrop(e: i32, day: i32, right: bool): i32 {
  runAround(e, day, SLIDE_REACH, 2 * SLIDE_REACH + 1);
  const dropLo = day + (right ? runFirst : runLast) * DAY_MINUTES;
  const dropped = firstShiftIn(e, dropLo, dropLo + DAY_MINUTES);
  return dropped < 0 || isPinned(dropped) ? -1 : dropped;
}

/**
 * Slides the run of employee e (holder of `anchor`) by one day, to the right or left at random, and applies it as
 * a compound move; returns the number of changes (0: nothing applied).
 */
export function applyRunSlide(e: i32, anchor: i32): i32 {
  if (unchecked(assignment[anchor]) != e) return 0;
  compoundBegin();
  const day = sf(anchor, SR_START);
  const right = rngBelow(2) == 0;
  const dropped = slideDrop(e, day, right);
  if (dropped < 0) return 0;
  const takeLo = day + (right ? runLast + 1 : runFirst - 1) * DAY_MINUTES;
  compoundChange(dropped, e, -1);
  const s = bestOpenShift(e, takeLo, takeLo + DAY_MINUTES);
  if (s < 0) return compoundUndo();
  compoundChange(s, -1, e);
  return compoundCount;
}
