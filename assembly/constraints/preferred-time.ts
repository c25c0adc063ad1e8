/**
 * "Employee works during preferred time" (soft, reward): work inside `preferredTimeSpans` is sought.
 * Reward: minutes inside each matching span × its `weight` × the employee's priority multiplier.
 */
import { LEVEL_SOFT } from "../layout";
import { preferredTime, preferredTimeOff, maxPreferredSpan, employeePriority, ER_PRIORITY, ef , ER_PREFERRED_TIME } from "../problem";
import { overlapWeighted } from "../spans";

export const ID: i32 = 10;
export const NAME = "Employee works during preferred time";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = true;

export function penalty(s: i32, e: i32): i64 {
  const v = overlapWeighted(preferredTime, ER_PREFERRED_TIME, e, s, maxPreferredSpan, true);
  return v == 0 ? 0 : v * <i64>ef(e, ER_PRIORITY);
}
