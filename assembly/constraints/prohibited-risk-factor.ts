/**
 * "Employee has prohibited risk factor associated with shift" (hard): a shift's `riskFactors` must not include any
 * of the employee's `prohibitedRiskFactors`. Penalty: the number of such risk factors.
 */
import { LEVEL_HARD } from "../layout";
import { shiftRisks, shiftRisksOff, employeeRisks, employeeRisksOff, intersectionSize } from "../problem";

export const ID: i32 = 5;
export const NAME = "Employee has prohibited risk factor associated with shift";
export const LEVEL: i32 = LEVEL_HARD;

export function penalty(s: i32, e: i32): i64 {
  const sFrom = unchecked(shiftRisksOff[s]), sTo = unchecked(shiftRisksOff[s + 1]);
  if (sFrom == sTo) return 0;
  const eFrom = unchecked(employeeRisksOff[e]), eTo = unchecked(employeeRisksOff[e + 1]);
  if (eFrom == eTo) return 0;
  return intersectionSize(shiftRisks, sFrom, sTo, employeeRisks, eFrom, eTo);
}
