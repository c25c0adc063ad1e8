/**
 * "Required skill missing" (hard): an employee must hold every skill the shift requires.
 * Penalty: 1 per required skill the assigned employee lacks, so a shift missing two skills is worse than one.
 * A match is an assigned shift missing at least one skill.
 */
import { LEVEL_HARD } from "../layout";
import { shiftCount, shiftSkillOffsets, shiftSkills, employeeHasSkill } from "../problem";
import { assignment } from "../solution";

export const ID: i32 = 0;
export const NAME = "Required skill missing";
export const LEVEL: i32 = LEVEL_HARD;

export function missingSkills(s: i32, e: i32): i32 {
  if (e < 0) return 0;
  let missing = 0;
  const end = unchecked(shiftSkillOffsets[s + 1]);
  for (let i = unchecked(shiftSkillOffsets[s]); i < end; i++) {
    if (!employeeHasSkill(e, unchecked(shiftSkills[i]))) missing++;
  }
  return missing;
}

export function penaltyDelta(s: i32, from: i32, to: i32): i64 {
  return <i64>(missingSkills(s, to) - missingSkills(s, from));
}

export function penaltyFull(): i64 {
  let total: i64 = 0;
  for (let s = 0; s < shiftCount; s++) total += missingSkills(s, assignment[s]);
  return total;
}

export function matchCount(): i32 {
  let count = 0;
  for (let s = 0; s < shiftCount; s++) if (missingSkills(s, assignment[s]) > 0) count++;
  return count;
}
