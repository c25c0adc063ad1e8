/**
 * "Preferred employee assigned" (soft, reward): an employee in the shift's `preferredEmployees`. Reward: minutes
 * worked, so a preferred assignment weighs like the time it covers (the unit of the other preference constraints).
 */
import { LEVEL_SOFT } from "../layout";
import { preferredEmployees, rowContains, SR_PREFERRED_EMPLOYEES, SR_WORKED, sf } from "../problem";

export const ID: i32 = 13;
export const NAME = "Preferred employee assigned";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = true;

export function penalty(s: i32, e: i32): i64 {
  const from = sf(s, SR_PREFERRED_EMPLOYEES), to = sf(s + 1, SR_PREFERRED_EMPLOYEES);
  return from < to && rowContains(preferredEmployees, from, to, e) ? <i64>sf(s, SR_WORKED) : 0;
}
