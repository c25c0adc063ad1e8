/**
 * "Employee works during unpreferred time" (soft): work inside `unpreferredTimeSpans` is avoided.
 * Penalty: minutes inside each matching span × its `weight` × the employee's priority multiplier.
 */
import { LEVEL_SOFT } from "../layout";
import { unpreferredTime, unpreferredTimeOff, maxUnpreferredSpan, employeePriority, ER_PRIORITY, ef , ER_UNPREFERRED_TIME } from "../problem";
import { overlapWeighted } from "../spans";

export const ID: i32 = 9;
export const NAME = "Employee works during unpreferred time";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const v = overlapWeighted(unpreferredTime, ER_UNPREFERRED_TIME, e, s, maxUnpreferredSpan, true);
  return v == 0 ? 0 : v * <i64>ef(e, ER_PRIORITY);
}
