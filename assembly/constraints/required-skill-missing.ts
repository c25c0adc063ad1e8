/**
 * "Required skill missing" (hard): the employee must hold the shift's required skills (`requiredSkills`, its
 * `requiredSkillsMatchKind`, and `requiredSkillsExpression`), each valid at the time of the shift.
 * Penalty: the expression's penalty measure (expression.ts): the number of missing skills of a plain list, so a
 * shift missing two skills is worse than one. A match is an assigned shift with a positive penalty.
 */
import { LEVEL_HARD } from "../layout";
import { requiredSkills, holdsSkillFor, SHIFT_ONE_SKILL, SR_REQUIRED_SKILLS, SR_FLAGS, SR_KEY_SKILL, sf } from "../problem";
import { expressionPenalty, OVER_SKILLS } from "../expression";

export const ID: i32 = 0;
export const NAME = "Required skill missing";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  // One required skill: read from the shift's record, not from its program elsewhere in memory.
  if ((sf(s, SR_FLAGS) & SHIFT_ONE_SKILL) != 0) return holdsSkillFor(e, sf(s, SR_KEY_SKILL), s) ? 0 : 1;
  const from = sf(s, SR_REQUIRED_SKILLS);
  if (from == sf(s + 1, SR_REQUIRED_SKILLS)) return 0;
  return expressionPenalty(requiredSkills, from, OVER_SKILLS, s, e);
}
