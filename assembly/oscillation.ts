/**
 * Strategic oscillation (Glover & Hao 2011, "The case for strategic oscillation", Ann. Oper. Res. 183) of the
 * acceptance measure, for searches that have stalled (`deep`, local-search.ts): for a stretch of steps every two
 * kick periods (relaxingAt), the soft penalties weighted NEAR_HARD or more (rules that stand for hard ones, e.g. the nurse
 * rostering benchmark's minimum runs and minimums of minutes, README "Nurse rostering benchmark") count at weight 1
 * in what the late acceptance search accepts, so that it may cross schedules that break them to reach others; the
 * rest of the period it accepts on the true score again and repairs. The best solution is kept by the true score
 * throughout (best.ts). Which measure is in force is a function of the step count and `deep`, which checkpoints
 * hold, so resumed runs oscillate alike; the history holds scores in the measure in force (local-search.ts
 * refills it when the measure changes).
 */
import { CONSTRAINT_COUNT, constraintLevel, isReward } from "./constraints/index";
import { LEVEL_SOFT } from "./layout";
import { constraintWeight, constraintScore, moveRawAt } from "./score";

/** Soft penalty weights from this one up are relaxed. */
const NEAR_HARD: i64 = 1000;

const ids = new StaticArray<i32>(CONSTRAINT_COUNT);
let idCount = 0;
let listed = false;
/** Whether the relaxed measure is in force. */
export let relaxing = false;

/** Forgets the relaxed ids (the weights may change before the search) and the measure: the true one. */
export function resetOscillation(): void {
  listed = false;
  relaxing = false;
}

/**
 * Whether step `steps` accepts on the relaxed measure: when `deep`, the last quarter of every other kick period
 * (local-search.ts kickPeriod: 25,000 steps in 200,000 by default; tests that shorten the kick period oscillate
 * as often).
 */
export function relaxingAt(steps: i64, deep: bool, kickPeriod: i64): bool {
  if (!deep || kickPeriod <= 0) return false;
  const period = 2 * kickPeriod;
  return steps % period >= period - max<i64>(1, kickPeriod >> 2);
}

/** Sets the measure in force; true when it changed. */
export function setRelaxing(v: bool): bool {
  if (v == relaxing) return false;
  relaxing = v;
  if (v && !listed) {
    idCount = 0;
    for (let id = 0; id < CONSTRAINT_COUNT; id++) {
      if (constraintLevel(id) == LEVEL_SOFT && !isReward(id) && unchecked(constraintWeight[id]) >= NEAR_HARD) unchecked(ids[idCount++] = id);
    }
    listed = true;
  }
  return true;
}

/** What the relaxed measure adds to the current soft score (0 under the true one). */
export function relaxedShift(): i64 {
  if (!relaxing) return 0;
  let shift: i64 = 0;
  for (let i = 0; i < idCount; i++) {
    const id = unchecked(ids[i]), w = unchecked(constraintWeight[id]);
    // A penalty's score is -w × raw; relaxed, -1 × raw.
    shift += (-unchecked(constraintScore[id]) / w) * (w - 1);
  }
  return shift;
}

/** What the relaxed measure adds to the soft delta of the move in progress (0 under the true one). */
export function relaxedMoveShift(): i64 {
  if (!relaxing) return 0;
  let shift: i64 = 0;
  for (let i = 0; i < idCount; i++) {
    const id = unchecked(ids[i]);
    shift += moveRawAt(id) * (unchecked(constraintWeight[id]) - 1);
  }
  return shift;
}
