/**
 * "Employee works shift with non matching required shift tags" (hard): with a REQUIRED shift tag match rule
 * (`globalRules.shiftTagMatchRules`), an employee works only shifts matching their `requiredShiftTags` and
 * `requiredShiftTagsExpression`. The glue compiles both into one program: AND over tag types of OR over the
 * employee's required tags of that type, AND the expression. Penalty: the program's penalty measure (the number of
 * tag types left unmatched). Without a REQUIRED rule the glue emits no program (the tags are ignored, with the
 * EMPLOYEE_REQUIRED_TAGS_IGNORED warning).
 */
import { LEVEL_HARD } from "../layout";
import { requiredTags, requiredTagsOff, ER_REQUIRED_TAGS, ef } from "../problem";
import { expressionPenalty, OVER_TAGS } from "../expression";

export const ID: i32 = 6;
export const NAME = "Employee works shift with non matching required shift tags";
export const LEVEL: i32 = LEVEL_HARD;
/** Whether matches add to the score. */
export const REWARD: bool = false;

export function penalty(s: i32, e: i32): i64 {
  const from = ef(e, ER_REQUIRED_TAGS);
  if (from == ef(e + 1, ER_REQUIRED_TAGS)) return 0;
  return expressionPenalty(requiredTags, from, OVER_TAGS, s, e);
}
