/**
 * "Employee has prohibited risk factor associated with shift" (hard): a shift's `riskFactors` must not include any
 * of the employee's `prohibitedRiskFactors`. Penalty: the number of such risk factors.
 */
import { LEVEL_HARD } from "../layout";
import { shiftRisks, employeeRisks, employeeRisksOff, intersectionSize, ER_RISKS, SR_RISKS, ef, sf } from "../problem";

export const ID: i32 = 5;
export const NAME = "Employee has prohibited risk factor associated with shift";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const sFrom = sf(s, SR_RISKS), sTo = sf(s + 1, SR_RISKS);
  if (sFrom == sTo) return 0;
  const eFrom = ef(e, ER_RISKS), eTo = ef(e + 1, ER_RISKS);
  if (eFrom == eTo) return 0;
  return intersectionSize(shiftRisks, sFrom, sTo, employeeRisks, eFrom, eTo);
}
