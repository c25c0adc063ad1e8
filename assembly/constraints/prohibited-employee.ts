/** "Prohibited employee assigned" (hard): an employee in the shift's `prohibitedEmployees` never works it. Penalty 1. */
import { LEVEL_HARD } from "../layout";
import { prohibited, rowContains, SR_PROHIBITED, sf } from "../problem";

export const ID: i32 = 4;
export const NAME = "Prohibited employee assigned";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const from = sf(s, SR_PROHIBITED), to = sf(s + 1, SR_PROHIBITED);
  return from < to && rowContains(prohibited, from, to, e) ? 1 : 0;
}
