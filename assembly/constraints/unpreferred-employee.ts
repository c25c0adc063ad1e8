/** "Unpreferred employee assigned" (soft): an employee in the shift's `unpreferredEmployees`. Penalty: minutes worked. */
import { LEVEL_SOFT } from "../layout";
import { unpreferredEmployees, rowContains, SR_UNPREFERRED_EMPLOYEES, SR_WORKED, sf } from "../problem";

export const ID: i32 = 12;
export const NAME = "Unpreferred employee assigned";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const from = sf(s, SR_UNPREFERRED_EMPLOYEES), to = sf(s + 1, SR_UNPREFERRED_EMPLOYEES);
  return from < to && rowContains(unpreferredEmployees, from, to, e) ? <i64>sf(s, SR_WORKED) : 0;
}
