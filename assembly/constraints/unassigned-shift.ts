/**
 * "Unassigned shift" (medium): every shift should have an employee. Medium, so the search never buys an assignment
 * with a hard violation, yet prefers any hard-feasible assignment to none.
 * Penalty: the shift's priority weight, 11 - priority: priority "1" (highest) costs 10, "10" costs 1; a shift
 * without a priority counts as "1" (the glue encodes it so), because an unprioritised shift is ordinarily mandatory.
 * A match is an unassigned shift.
 */
import { LEVEL_MEDIUM } from "../layout";
import { shiftCount, shiftWeight } from "../problem";
import { assignment } from "../solution";

export const ID: i32 = 3;
export const NAME = "Unassigned shift";
export const LEVEL: i32 = LEVEL_MEDIUM;

export function penaltyDelta(s: i32, from: i32, to: i32): i64 {
  const w = <i64>unchecked(shiftWeight[s]);
  return (to < 0 ? w : 0) - (from < 0 ? w : 0);
}

export function penaltyFull(): i64 {
  let total: i64 = 0;
  for (let s = 0; s < shiftCount; s++) if (assignment[s] < 0) total += shiftWeight[s];
  return total;
}

export function matchCount(): i32 {
  let count = 0;
  for (let s = 0; s < shiftCount; s++) if (assignment[s] < 0) count++;
  return count;
}
