/**
 * "Employee works shift with preferred shift tags" (soft, reward): with a PREFERRED shift tag match rule, shifts
 * carrying the employee's `preferredShiftTags` / matching `preferredShiftTagsExpression` are sought. The glue
 * compiles them into one SUM program whose leaves weigh the rule's `tagTypeMatchMultipliers` (default 1).
 * Reward: minutes worked × the program's reward measure × the employee's priority multiplier.
 */
import { LEVEL_SOFT } from "../layout";
import { preferredTags, preferredTagsOff, employeePriority, ER_PREFERRED_TAGS, ER_PRIORITY, SR_WORKED, ef, sf } from "../problem";
import { expressionReward, OVER_TAGS } from "../expression";

export const ID: i32 = 14;
export const NAME = "Employee works shift with preferred shift tags";
export const LEVEL: i32 = LEVEL_SOFT;
/** Whether matches add to the score. */
export const REWARD: bool = true;

export function penalty(s: i32, e: i32): i64 {
  const from = ef(e, ER_PREFERRED_TAGS);
  if (from == ef(e + 1, ER_PREFERRED_TAGS)) return 0;
  const v = expressionReward(preferredTags, from, OVER_TAGS, s, e);
  return v == 0 ? 0 : v * <i64>sf(s, SR_WORKED) * <i64>ef(e, ER_PRIORITY);
}
