/**
 * "Unassigned optional shift" (soft): an OPTIONAL shift (its priority maps to `assignment: OPTIONAL` in
 * `globalRules.unassignedShiftRule`) is worth assigning, but never at the cost of a mandatory one.
 * Penalty: its priority weight.
 */
import { LEVEL_SOFT } from "../layout";
import { SR_WEIGHT, isMandatory, sf } from "../problem";

export const ID: i32 = 8;
export const NAME = "Unassigned optional shift";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32): i64 {
  return isMandatory(s) ? 0 : <i64>sf(s, SR_WEIGHT);
}
