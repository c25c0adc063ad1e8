/**
 * "Employee works during unavailable time" (hard): no work inside the employee's `unavailableTimeSpans` (those whose
 * shift-tag filter matches the shift). Penalty: minutes of the shift inside them (the glue merges unfiltered spans,
 * so such a minute counts once). A match is an assigned shift with a positive penalty.
 */
import { LEVEL_HARD } from "../layout";
import { unavailable, unavailableOff, maxUnavailableSpan , ER_UNAVAILABLE } from "../problem";
import { overlapWeighted } from "../spans";

export const ID: i32 = 2;
export const NAME = "Employee works during unavailable time";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  return overlapWeighted(unavailable, ER_UNAVAILABLE, e, s, maxUnavailableSpan, false);
}
