/** "Unpreferred employee assigned" (soft): an employee in the shift's `unpreferredEmployees`. Penalty: minutes worked. */
import { LEVEL_SOFT } from "../layout";
import { unpreferredEmployees, unpreferredEmployeesOff, shiftWorked, rowContains } from "../problem";

export const ID: i32 = 12;
export const NAME = "Unpreferred employee assigned";
export const LEVEL: i32 = LEVEL_SOFT;

export function penalty(s: i32, e: i32): i64 {
  const from = unchecked(unpreferredEmployeesOff[s]), to = unchecked(unpreferredEmployeesOff[s + 1]);
  return from < to && rowContains(unpreferredEmployees, from, to, e) ? <i64>unchecked(shiftWorked[s]) : 0;
}
