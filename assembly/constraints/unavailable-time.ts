/**
 * "Employee works during unavailable time" (hard): no work inside an employee's unavailable time spans.
 * Penalty: minutes of the shift inside the (merged) unavailable spans. A match is an assigned shift with a positive
 * penalty.
 */
import { LEVEL_HARD } from "../layout";
import { shiftCount, shiftStart, shiftEnd, unavailableOffsets, unavailableStart, unavailableEnd, overlapMinutes } from "../problem";
import { assignment } from "../solution";

export const ID: i32 = 2;
export const NAME = "Employee works during unavailable time";
export const LEVEL: i32 = LEVEL_HARD;

export function unavailableMinutes(s: i32, e: i32): i64 {
  if (e < 0) return 0;
  const start = unchecked(shiftStart[s]), end = unchecked(shiftEnd[s]);
  // Spans are merged, so their ends ascend too: binary search the first span ending after the shift starts.
  let lo = unchecked(unavailableOffsets[e]);
  const hi = unchecked(unavailableOffsets[e + 1]);
  let h = hi;
  while (lo < h) {
    const mid = (lo + h) >>> 1;
    if (unchecked(unavailableEnd[mid]) <= start) lo = mid + 1; else h = mid;
  }
  let total: i64 = 0;
  for (let i = lo; i < hi; i++) {
    const spanStart = unchecked(unavailableStart[i]);
    if (spanStart >= end) break;
    total += overlapMinutes(start, end, spanStart, unchecked(unavailableEnd[i]));
  }
  return total;
}

export function penaltyDelta(s: i32, from: i32, to: i32): i64 {
  return unavailableMinutes(s, to) - unavailableMinutes(s, from);
}

export function penaltyFull(): i64 {
  let total: i64 = 0;
  for (let s = 0; s < shiftCount; s++) total += unavailableMinutes(s, assignment[s]);
  return total;
}

export function matchCount(): i32 {
  let count = 0;
  for (let s = 0; s < shiftCount; s++) if (unavailableMinutes(s, assignment[s]) > 0) count++;
  return count;
}
