/**
 * "Unassigned shift" (medium): every mandatory shift should have an employee. Medium, so the search never buys an
 * assignment with a hard violation, yet prefers any hard-feasible assignment to none.
 * Penalty: the shift's priority weight: 11 - priority by default (priority "1" costs 10, "10" costs 1, unset counts
 * as "1"), or the weight `globalRules.unassignedShiftRule.priorityWeights` gives its priority.
 */
import { LEVEL_MEDIUM } from "../layout";
import { SR_WEIGHT, isMandatory, sf } from "../problem";

export const ID: i32 = 7;
export const NAME = "Unassigned shift";
export const LEVEL: i32 = LEVEL_MEDIUM;
/** Whether matches add to the score. */
export const REWARD: bool = false;

/** Penalty of shift s when unassigned (e = -1 only). */
export function penalty(s: i32): i64 {
  return isMandatory(s) ? <i64>sf(s, SR_WEIGHT) : 0;
}
