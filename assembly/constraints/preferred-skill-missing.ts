/**
 * "Preferred skill missing" (soft): the shift's `preferredSkills` (with `preferredSkillsMatchKind`) and
 * `preferredSkillsExpression` should be held. Penalty: the expression's penalty measure (missing skills).
 */
import { LEVEL_SOFT } from "../layout";
import { preferredSkills, SR_PREFERRED_SKILLS, sf } from "../problem";
import { expressionPenalty, OVER_SKILLS } from "../expression";

export const ID: i32 = 11;
export const NAME = "Preferred skill missing";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const from = sf(s, SR_PREFERRED_SKILLS);
  if (from == sf(s + 1, SR_PREFERRED_SKILLS)) return 0;
  return expressionPenalty(preferredSkills, from, OVER_SKILLS, s, e);
}
