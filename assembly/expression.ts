/**
 * Evaluation of the AND/OR expression programs (layout.ts) over skills (does the employee hold skill k for shift s)
 * or over shift tags (does shift s carry tag t). Reference: `SkillOperandNode`, `ShiftTagOperandNode`.
 *
 * Two measures:
 *   penalty  how many more leaves must hold to satisfy the expression: AND / SUM add their children, OR takes the
 *            cheapest child, a leaf costs 0 or 1. A plain list of required skills is AND(leaves), so its penalty is
 *            the number of missing skills; a graded measure lets the search climb towards satisfaction.
 *   reward   the value of a satisfied expression: a leaf is worth its weight, AND the sum (unsatisfied if any child
 *            is), OR the best satisfied child, SUM the sum of its satisfied children (never unsatisfied).
 * Programs were validated at load (problem.ts), so evaluation recurses without bounds checks of its own.
 */
import { OP_LEAF, OP_OR } from "./layout";
import { holdsSkillFor, shiftHasTag } from "./problem";

export const OVER_SKILLS: i32 = 0;
export const OVER_TAGS: i32 = 1;

let cursor = 0;

// @ts-ignore: decorator
@inline
function holds(over: i32, id: i32, s: i32, e: i32): bool {
  return over == OVER_SKILLS ? holdsSkillFor(e, id, s) : shiftHasTag(s, id);
}

function penaltyAt(p: StaticArray<i32>, over: i32, s: i32, e: i32): i32 {
  const op = unchecked(p[cursor]);
  if (op == OP_LEAF) {
    const id = unchecked(p[cursor + 1]);
    cursor += 3;
    return holds(over, id, s, e) ? 0 : 1;
  }
  const n = unchecked(p[cursor + 1]);
  cursor += 2;
  if (op == OP_OR) {
    let best = n == 0 ? 0 : i32.MAX_VALUE;
    for (let i = 0; i < n; i++) best = min(best, penaltyAt(p, over, s, e));
    return best;
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += penaltyAt(p, over, s, e);
  return total;
}

/** Penalty measure of the program at p[from..) for (shift s, employee e). */
export function expressionPenalty(p: StaticArray<i32>, from: i32, over: i32, s: i32, e: i32): i32 {
  cursor = from;
  return penaltyAt(p, over, s, e);
}

function rewardAt(p: StaticArray<i32>, over: i32, s: i32, e: i32): i64 {
  const op = unchecked(p[cursor]);
  if (op == OP_LEAF) {
    const id = unchecked(p[cursor + 1]);
    const weight = <i64>unchecked(p[cursor + 2]);
    cursor += 3;
    return holds(over, id, s, e) ? weight : -1;
  }
  const n = unchecked(p[cursor + 1]);
  cursor += 2;
  if (op == OP_OR) {
    let best: i64 = -1;
    for (let i = 0; i < n; i++) best = max(best, rewardAt(p, over, s, e));
    return best;
  }
  let total: i64 = 0;
  let failed = false;
  for (let i = 0; i < n; i++) {
    const v = rewardAt(p, over, s, e);
    if (v < 0) failed = true; else total += v;
  }
  // OP_SUM never fails; OP_AND fails with any child (the loop still consumed every child's words).
  return failed && op != 3 ? -1 : total;
}

/** Reward measure of the program at p[from..): 0 when unsatisfied. */
export function expressionReward(p: StaticArray<i32>, from: i32, over: i32, s: i32, e: i32): i64 {
  cursor = from;
  return max<i64>(0, rewardAt(p, over, s, e));
}
