/**
 * The block of words of SEC_COST (layout.ts): `globalRules.costsRules` and the activation ratio of
 * `employeeCostGroups`, written by solver/encode-cost.ts and scored by constraints/cost.ts. Empty when the input has
 * neither (the cost units are then inactive and cost nothing). Money is in *milli-units* (thousandths of the input's
 * currency unit), as i64 where it adds up.
 *
 *   header          R (costs rules)  P (periods, all rules)  EG (employee cost rows)  SG (shift cost columns)
 *                   AG (activation groups)  reserved                                                (COST_HEADER)
 *   rules           R × [constraint id (66 REQUIRED / 67 PREFERRED), first period, period count, reserved]
 *   periods         P × [min lo, min hi, max lo, max hi (i64 milli-units, -1 = none), first day, last day]
 *   employee rows   E: cost row of each employee (its cost group; EG - 1 = no group)
 *   shift columns   S: cost column of each shift (its cost group; SG - 1 = no group)
 *   tables          R × EG × SG: milli-units one assignment of a shift of that column to an employee of that row costs
 *   members         R × E: 1 when the rule counts the employee (employee tag filters)
 *   shift periods   R × S × [first, last]: the rule's periods (offsets from its first) the shift counts in; -1 = none
 *   activation      E: activation group of each employee (its cost group when that has a ratio weight or an
 *                   activation cost; -1 = none)
 *   group weights   AG: employeeActivationRatioWeight (0 = the group takes no part in the ratio)
 *   group costs     AG: employeeActivationCost, milli-units
 *   group optional  AG: 1 when optional shifts activate too (MANDATORY_AND_OPTIONAL_SHIFTS)
 */
import { COST_DEFINITION_CONSTRAINT, SATURATION_CONSTRAINT } from "./layout";

export const COST_REQUIRED_ID: i32 = 66;
export const COST_PREFERRED_ID: i32 = 67;
export const COST_MINIMIZE_ID: i32 = COST_DEFINITION_CONSTRAINT;
export const ACTIVATION_RATIO_ID: i32 = 69;
export const ACTIVATION_COST_ID: i32 = 73;
export const SATURATION_ID: i32 = SATURATION_CONSTRAINT;

export const COST_HEADER: i32 = 6;
export const RULE_COST_WORDS: i32 = 4;
export const PERIOD_COST_WORDS: i32 = 6;

export let costRules = 0;
export let costPeriods = 0;
export let costRows = 0;
export let costColumns = 0;
export let ratioGroups = 0;
export let oRules = 0;
export let oPeriods = 0;
export let oRows = 0;
export let oColumns = 0;
export let oTables = 0;
export let oMembers = 0;
export let oShiftPeriods = 0;
export let oActivation = 0;
export let oWeights = 0;
export let oActivationCost = 0;
export let oOptional = 0;

/** Reads the header and the offsets; false when the block's length does not match its counts. */
function layout(data: StaticArray<i32>, S: i32, E: i32): bool {
  costRules = costPeriods = costRows = costColumns = ratioGroups = 0;
  if (data.length == 0) return true;
  if (data.length < COST_HEADER) return false;
  for (let i = 0; i < COST_HEADER; i++) if (data[i] < 0) return false;
  const R = <i64>data[0], P = <i64>data[1], EG = <i64>data[2], SG = <i64>data[3], AG = <i64>data[4];
  if ((R > 0 || P > 0) && (EG < 1 || SG < 1)) return false;
  const total: i64 = COST_HEADER + R * RULE_COST_WORDS + P * PERIOD_COST_WORDS + E + S + R * EG * SG + R * E + 2 * R * S + E + 3 * AG;
  if (total != <i64>data.length) return false;
  costRules = <i32>R;
  costPeriods = <i32>P;
  costRows = <i32>EG;
  costColumns = <i32>SG;
  ratioGroups = <i32>AG;
  oRules = COST_HEADER;
  oPeriods = oRules + costRules * RULE_COST_WORDS;
  oRows = oPeriods + costPeriods * PERIOD_COST_WORDS;
  oColumns = oRows + E;
  oTables = oColumns + S;
  oMembers = oTables + costRules * costRows * costColumns;
  oShiftPeriods = oMembers + costRules * E;
  oActivation = oShiftPeriods + 2 * costRules * S;
  oWeights = oActivation + E;
  oActivationCost = oWeights + ratioGroups;
  oOptional = oActivationCost + ratioGroups;
  return true;
}

/** Every index of the block in range (a hostile buffer must not make the core read out of bounds). */
export function costDataValid(data: StaticArray<i32>, S: i32, E: i32): bool {
  if (!layout(data, S, E)) return false;
  if (data.length == 0) return true;
  for (let r = 0; r < costRules; r++) {
    const at = oRules + r * RULE_COST_WORDS;
    const id = data[at];
    if (id != COST_REQUIRED_ID && id != COST_PREFERRED_ID) return false;
    const first = data[at + 1], count = data[at + 2];
    if (first < 0 || count < 0 || <i64>first + <i64>count > <i64>costPeriods) return false;
    for (let s = 0; s < S; s++) {
      const a = data[oShiftPeriods + 2 * (r * S + s)], b = data[oShiftPeriods + 2 * (r * S + s) + 1];
      if (a == -1 && b == -1) continue;
      if (a < 0 || b < a || b >= count) return false;
    }
  }
  for (let i = 0; i < E; i++) {
    if (<u32>data[oRows + i] >= <u32>costRows && costRules > 0) return false;
    const g = data[oActivation + i];
    if (g < -1 || g >= ratioGroups) return false;
  }
  for (let i = 0; i < S; i++) if (<u32>data[oColumns + i] >= <u32>costColumns && costRules > 0) return false;
  for (let i = oTables; i < oMembers; i++) if (data[i] < 0) return false;
  for (let g = 0; g < ratioGroups; g++) if (data[oWeights + g] < 0 || data[oActivationCost + g] < 0) return false;
  return true;
}
