/** "Prohibited employee assigned" (hard): an employee in the shift's `prohibitedEmployees` never works it. Penalty 1. */
import { LEVEL_HARD } from "../layout";
import { prohibited, prohibitedOff, rowContains } from "../problem";

export const ID: i32 = 4;
export const NAME = "Prohibited employee assigned";
export const LEVEL: i32 = LEVEL_HARD;

export function penalty(s: i32, e: i32): i64 {
  const from = unchecked(prohibitedOff[s]), to = unchecked(prohibitedOff[s + 1]);
  return from < to && rowContains(prohibited, from, to, e) ? 1 : 0;
}
