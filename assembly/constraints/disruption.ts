/**
 * Disruption on replanning (spec §2.6): moving a shift away from the employee it was submitted (or patched) with.
 * LOCAL units: each depends on the shift, its submitted employee i and the employee e it gets; a shift that had no
 * employee is never disrupted (a first assignment is not a change of plan).
 *   "Minimize outgoing disruption for employee" (soft, minimizeOutgoingDisruptionForEmployeeWeight): the shift
 *     leaves i (to another employee or to nobody); penalty: the summed `disruptionWeight` of i's contract
 *     `disruptionRules` that cover the shift (tag filter, validity span).
 *   "Minimize incoming disruption for employee" (soft, minimizeIncomingDisruptionForEmployeeWeight): e receives a
 *     shift submitted with someone else; penalty: the weights of e's rules covering it.
 *   "Employee assignment disrupted on replanning" (soft, deprecated globalRules.disruptionRules): the shift's
 *     employee changed; penalty: the rule's multiplier (1-5) for shifts starting in its date span.
 */
import { employeeDisruption, employeeDisruptionOff, shiftDisruption, filterMatches, SR_INITIAL, SR_START, sf } from "../problem";
import { DISRUPTION_WORDS } from "../layout";

export const OUT_ID: i32 = 52;
export const OUT_NAME = "Minimize outgoing disruption for employee";
export const IN_ID: i32 = 53;
export const IN_NAME = "Minimize incoming disruption for employee";
export const GLOBAL_ID: i32 = 54;
export const GLOBAL_NAME = "Employee assignment disrupted on replanning";

/** Whether the input has any disruption rule (the units are skipped otherwise). */
export let active = false;

export function initDisruption(): void {
  active = employeeDisruption.length > 0;
  for (let s = 0; s < shiftDisruption.length && !active; s++) if (unchecked(shiftDisruption[s]) != 0) active = true;
}

/** Summed weight of employee e's disruption rules covering shift s. */
function weightOf(e: i32, s: i32): i64 {
  const from = unchecked(employeeDisruptionOff[e]), to = unchecked(employeeDisruptionOff[e + 1]);
  if (from == to) return 0;
  const start = sf(s, SR_START);
  let w: i64 = 0;
  for (let k = from; k < to; k++) {
    const at = k * DISRUPTION_WORDS;
    if (start < unchecked(employeeDisruption[at + 2]) || start >= unchecked(employeeDisruption[at + 3])) continue;
    if (!filterMatches(unchecked(employeeDisruption[at]), s)) continue;
    w += <i64>unchecked(employeeDisruption[at + 1]);
  }
  return w;
}

export function outgoing(s: i32, e: i32): i64 {
  const i = sf(s, SR_INITIAL);
  return i < 0 || e == i ? 0 : weightOf(i, s);
}

export function incoming(s: i32, e: i32): i64 {
  const i = sf(s, SR_INITIAL);
  return e < 0 || i < 0 || e == i ? 0 : weightOf(e, s);
}

export function disrupted(s: i32, e: i32): i64 {
  const i = sf(s, SR_INITIAL);
  // Released when every multiplier is 0 (problem.ts releaseRecorded).
  return i < 0 || e == i || shiftDisruption.length == 0 ? 0 : <i64>unchecked(shiftDisruption[s]);
}
