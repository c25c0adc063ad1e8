/**
 * Score director: the current score (three i64 levels, penalties negative), the weighted score per constraint, the
 * per-constraint weights, and the delta of a candidate move.
 *
 * A move is scored as a sequence of change deltas accumulated into `moveDelta` (per constraint) and dHard/dMedium/
 * dSoft; the caller then either `commitDelta()`s or drops it. Compound moves (swap) apply their first change before
 * scoring the second, so the deltas see each other.
 */
import { LEVEL_HARD, LEVEL_MEDIUM } from "./layout";
import { CONSTRAINT_COUNT, constraintLevel, penaltyDelta, penaltyFull } from "./constraints/index";

export let scoreHard: i64 = 0;
export let scoreMedium: i64 = 0;
export let scoreSoft: i64 = 0;

export let dHard: i64 = 0;
export let dMedium: i64 = 0;
export let dSoft: i64 = 0;

/** Weighted (negated) score per constraint id. */
export const constraintScore = new StaticArray<i64>(CONSTRAINT_COUNT);
const moveDelta = new StaticArray<i64>(CONSTRAINT_COUNT);
/** Multiplier per constraint id; 0 disables the constraint (it is then skipped in deltas). */
export const constraintWeight = new StaticArray<i32>(CONSTRAINT_COUNT);
const levelOf = new StaticArray<i32>(CONSTRAINT_COUNT);
for (let id = 0; id < CONSTRAINT_COUNT; id++) {
  constraintWeight[id] = 1;
  levelOf[id] = constraintLevel(id);
}

export function resetDelta(): void {
  dHard = 0;
  dMedium = 0;
  dSoft = 0;
  for (let id = 0; id < CONSTRAINT_COUNT; id++) unchecked(moveDelta[id] = 0);
}

/** Adds the delta of moving shift `s` from `from` to `to` under the current solution. */
export function addChangeDelta(s: i32, from: i32, to: i32): void {
  if (from == to) return;
  for (let id = 0; id < CONSTRAINT_COUNT; id++) {
    const w = unchecked(constraintWeight[id]);
    if (w == 0) continue;
    const d = -<i64>w * penaltyDelta(id, s, from, to);
    unchecked(moveDelta[id] += d);
    const level = unchecked(levelOf[id]);
    if (level == LEVEL_HARD) dHard += d;
    else if (level == LEVEL_MEDIUM) dMedium += d;
    else dSoft += d;
  }
}

export function commitDelta(): void {
  scoreHard += dHard;
  scoreMedium += dMedium;
  scoreSoft += dSoft;
  for (let id = 0; id < CONSTRAINT_COUNT; id++) unchecked(constraintScore[id] += moveDelta[id]);
}

/** Weighted score of one constraint computed from scratch. */
export function constraintScoreFromScratch(id: i32): i64 {
  const w = constraintWeight[id];
  return w == 0 ? 0 : -<i64>w * penaltyFull(id);
}

/** Replaces the incremental scores with from-scratch ones (after loading or restoring a solution). */
export function recomputeScore(): void {
  scoreHard = 0;
  scoreMedium = 0;
  scoreSoft = 0;
  for (let id = 0; id < CONSTRAINT_COUNT; id++) {
    const v = constraintScoreFromScratch(id);
    constraintScore[id] = v;
    const level = levelOf[id];
    if (level == LEVEL_HARD) scoreHard += v;
    else if (level == LEVEL_MEDIUM) scoreMedium += v;
    else scoreSoft += v;
  }
}

/** From-scratch total of one level, for tests comparing against the incremental score. */
export function levelScoreFromScratch(level: i32): i64 {
  let total: i64 = 0;
  for (let id = 0; id < CONSTRAINT_COUNT; id++) if (levelOf[id] == level) total += constraintScoreFromScratch(id);
  return total;
}

/** Lexicographic comparison of (hard, medium, soft): true when a is strictly better than b. */
// @ts-ignore: decorator
@inline
export function isBetter(aHard: i64, aMedium: i64, aSoft: i64, bHard: i64, bMedium: i64, bSoft: i64): bool {
  if (aHard != bHard) return aHard > bHard;
  if (aMedium != bMedium) return aMedium > bMedium;
  return aSoft > bSoft;
}
