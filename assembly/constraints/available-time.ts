/**
 * "Employee does not work during available time" (hard): an employee who lists `availableTimeSpans` works only
 * inside them (spans whose shift-tag filter rejects the shift do not make it available). Penalty: the shift's
 * minutes outside the union of the matching spans. Employees without available spans are available any time.
 */
import { LEVEL_HARD, EMPLOYEE_HAS_AVAILABILITY } from "../layout";
import { available, availableOff, maxAvailableSpan, employeeFlags, ER_FLAGS, SR_END, SR_START, ef, sf, ER_AVAILABLE } from "../problem";
import { coveredMinutes } from "../spans";

export const ID: i32 = 3;
export const NAME = "Employee does not work during available time";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  if ((ef(e, ER_FLAGS) & EMPLOYEE_HAS_AVAILABILITY) == 0) return 0;
  const minutes = sf(s, SR_END) - sf(s, SR_START);
  return <i64>(minutes - coveredMinutes(available, ER_AVAILABLE, e, s, maxAvailableSpan));
}
