/**
 * Shifts near a day off request (contracts' `avoidShiftCloseToDayOffRequestRules`, README "Days off, rotations and travel"): a shift on
 * the day before a run of days off that matches a rule's `avoidPriorShiftTags`, or on the day after one that matches
 * its `avoidAfterShiftTags`. The glue finds the days off and the shifts (solver/encode-day-off.ts) and writes, per
 * shift, the employees for whom it is such a shift with the number of PROHIBITED and UNPREFERRED rules it breaks:
 *   "Employee has prohibited shift near day off request" (hard): penalty the PROHIBITED rules broken.
 *   "Employee has unpreferred shift near day off request" (soft, employeeHasUnpreferredShiftNearDayOffRequestWeight):
 *     penalty the UNPREFERRED rules broken.
 * LOCAL units: the penalty depends on the (shift, employee) pair only.
 */
import { LEVEL_HARD, LEVEL_SOFT, NEAR_DAY_OFF_CONSTRAINT, NEAR_DAY_OFF_WORDS } from "../layout";
import { nearDayOff, nearDayOffOff } from "../problem";

export const PROHIBITED_ID: i32 = NEAR_DAY_OFF_CONSTRAINT;
export const PROHIBITED_NAME = "Employee has prohibited shift near day off request";
export const PROHIBITED_LEVEL: i32 = LEVEL_HARD;
export const UNPREFERRED_ID: i32 = NEAR_DAY_OFF_CONSTRAINT + 1;
export const UNPREFERRED_NAME = "Employee has unpreferred shift near day off request";
export const UNPREFERRED_LEVEL: i32 = LEVEL_SOFT;

/** Word `word` (1 PROHIBITED, 2 UNPREFERRED) of shift s's entry for employee e, 0 without one (rows are short). */
// @ts-ignore: decorator
@inline
function entry(s: i32, e: i32, word: i32): i64 {
  // Without entries the row starts are released (problem.ts releaseRecorded).
  if (nearDayOff.length == 0) return 0;
  const from = unchecked(nearDayOffOff[s]), to = unchecked(nearDayOffOff[s + 1]);
  for (let k = from; k < to; k++) {
    const at = k * NEAR_DAY_OFF_WORDS;
    const who = unchecked(nearDayOff[at]);
    if (who == e) return <i64>unchecked(nearDayOff[at + word]);
    if (who > e) break;
  }
  return 0;
}

export function prohibitedPenalty(s: i32, e: i32): i64 {
  return entry(s, e, 1);
}

export function unpreferredPenalty(s: i32, e: i32): i64 {
  return entry(s, e, 2);
}
