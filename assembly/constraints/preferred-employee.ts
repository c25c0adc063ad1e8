/**
 * "Preferred employee assigned" (soft, reward): an employee in the shift's `preferredEmployees`. Reward: minutes
 * worked, so a preferred assignment weighs like the time it covers (the unit of the other preference constraints).
 */
import { LEVEL_SOFT } from "../layout";
import { preferredEmployees, preferredEmployeesOff, shiftWorked, rowContains } from "../problem";

export const ID: i32 = 13;
export const NAME = "Preferred employee assigned";
export const LEVEL: i32 = LEVEL_SOFT;

export function penalty(s: i32, e: i32): i64 {
  const from = unchecked(preferredEmployeesOff[s]), to = unchecked(preferredEmployeesOff[s + 1]);
  return from < to && rowContains(preferredEmployees, from, to, e) ? <i64>unchecked(shiftWorked[s]) : 0;
}
