/**
 * Score director: the current score (three i64 levels, penalties negative, rewards positive), the weighted score per
 * constraint, the per-constraint weights, and the delta of a candidate move.
 *
 * Weights are i64 multipliers (the API caps them at 10^12, spec §8): a constraint's score is ±weight × raw, raw in
 * natural units. i64 holds about 9.2e18, so at the cap a constraint's raw total may reach 9.2e6 (e.g. 150,000
 * minutes of overlap) before wrapping; at ordinary weights the headroom is a million times larger.
 *
 * A move is scored as a sequence of changes. `evalChange` scores one change into a scratch row (raw per constraint)
 * and the level deltas pHard/pMedium/pSoft without touching anything else (construction and ruin-and-recreate probe
 * candidates with it); `addChangeDelta` adds a change to the move in progress (dHard/dMedium/dSoft); the caller then
 * either `commitDelta()`s or drops it. Compound moves (swap, ruin-and-recreate) apply each change before scoring the
 * next, so the deltas see each other. The constraint families are reached only through their registry
 * (constraints/index.ts), stage by stage.
 */
import { LEVEL_HARD, LEVEL_MEDIUM } from "./layout";
import {
  CONSTRAINT_COUNT, constraintLevel, isReward, enabled, penaltyFull, touched, clearTouched, setTouched, addChange,
  addHardUntil, subtractHard, hardRunning, setHardRunning, addChangeEarly, addSwapEarly, addChangeAllLevels,
  addSwapAllLevels, addChangeRest, addSwapRest, addSwapHard, keepChange, commitMove, dropMove, rebuildFamilies,
  declareFamilies, anyAllLevels,
} from "./constraints/index";
import { MASK_WORDS, newMask, copyMask, orMask } from "./id-mask";

export let scoreHard: i64 = 0;
export let scoreMedium: i64 = 0;
export let scoreSoft: i64 = 0;

/** Delta of the move in progress. */
export let dHard: i64 = 0;
export let dMedium: i64 = 0;
export let dSoft: i64 = 0;

/**
 * Changes scored so far (evalChange, and each change of a move scored without applying it): the measure of a
 * step's work that the adaptive move shares read (move-shares.ts); never reset.
 */
export let evalCount: i64 = 0;

/** Delta of the last `evalChange`. */
export let pHard: i64 = 0;
export let pMedium: i64 = 0;
export let pSoft: i64 = 0;

/** Weighted score per constraint id. */
export const constraintScore = new StaticArray<i64>(CONSTRAINT_COUNT);
/** Multiplier per constraint id; 0 disables the constraint (it is then skipped in deltas). */
export const constraintWeight = new StaticArray<i64>(CONSTRAINT_COUNT);
/** Signed multiplier: -weight for a penalty, +weight for a reward. */
const factor = new StaticArray<i64>(CONSTRAINT_COUNT);
const levelOf = new StaticArray<i32>(CONSTRAINT_COUNT);
/** Raw weights of the last evalChange, and of the whole move in progress. */
export const changeRaw = new StaticArray<i64>(CONSTRAINT_COUNT);
const moveRaw = new StaticArray<i64>(CONSTRAINT_COUNT);
declareFamilies();
for (let id = 0; id < CONSTRAINT_COUNT; id++) {
  levelOf[id] = constraintLevel(id);
  setWeight(id, 1);
}

export function setWeight(id: i32, weight: i64): void {
  constraintWeight[id] = weight;
  enabled[id] = weight != 0;
  factor[id] = isReward(id) ? weight : -weight;
}

/** Level sums of `sumLevels`. */
let sumHard: i64 = 0;
let sumMedium: i64 = 0;
let sumSoft: i64 = 0;

/** Weighted sums per level of raw[id] over the ids in `mask` into sumHard / sumMedium / sumSoft. */
// @ts-ignore: decorator
@inline
function sumLevels(mask: StaticArray<u64>, raw: StaticArray<i64>): void {
  sumHard = 0;
  sumMedium = 0;
  sumSoft = 0;
  for (let w = 0; w < MASK_WORDS; w++) {
    let m = unchecked(mask[w]);
    while (m) {
      const id = (w << 6) | <i32>ctz(m);
      m &= m - 1;
      const d = unchecked(factor[id]) * unchecked(raw[id]);
      const level = unchecked(levelOf[id]);
      if (level == LEVEL_HARD) sumHard += d;
      else if (level == LEVEL_MEDIUM) sumMedium += d;
      else sumSoft += d;
    }
  }
}

/** Bits of the non-zero entries of changeRaw; the move's `touched` saved while a change is evaluated. */
const changeMask = newMask();
const moveTouched = newMask();

/**
 * Scores one change (shift s from `from` to `to`) under the current solution into changeRaw and
 * pHard/pMedium/pSoft. Leaves the move in progress alone.
 */
export function evalChange(s: i32, from: i32, to: i32): void {
  evalCount++;
  for (let w = 0; w < MASK_WORDS; w++) {
    let m = unchecked(changeMask[w]);
    while (m) {
      unchecked(changeRaw[(w << 6) | <i32>ctz(m)] = 0);
      m &= m - 1;
    }
  }
  copyMask(moveTouched, touched);
  clearTouched();
  if (from != to) addChange(s, from, to, changeRaw);
  copyMask(changeMask, touched);
  setTouched(moveTouched);
  sumLevels(changeMask, changeRaw);
  pHard = sumHard;
  pMedium = sumMedium;
  pSoft = sumSoft;
}

/** Starts a move: empty delta. `touched` (constraints/index.ts) tracks the non-zero entries of moveRaw. */
export function resetDelta(): void {
  dropMove();
  dHard = 0;
  dMedium = 0;
  dSoft = 0;
  for (let w = 0; w < MASK_WORDS; w++) {
    let m = unchecked(touched[w]);
    while (m) {
      unchecked(moveRaw[(w << 6) | <i32>ctz(m)] = 0);
      m &= m - 1;
    }
  }
  clearTouched();
}

/** Recomputes dHard/dMedium/dSoft from the move's raw weights. */
function settleMove(): void {
  sumLevels(touched, moveRaw);
  dHard = sumHard;
  dMedium = sumMedium;
  dSoft = sumSoft;
}

/** Adds the change of shift `s` from `from` to `to` (under the current solution) to the move in progress. */
export function addChangeDelta(s: i32, from: i32, to: i32): void {
  if (from == to) return;
  evalChange(s, from, to);
  keepChange();
  for (let w = 0; w < MASK_WORDS; w++) {
    let m = unchecked(changeMask[w]);
    while (m) {
      const id = (w << 6) | <i32>ctz(m);
      unchecked(moveRaw[id] += changeRaw[id]);
      m &= m - 1;
    }
  }
  orMask(touched, changeMask);
  dHard += pHard;
  dMedium += pMedium;
  dSoft += pSoft;
}

/**
 * Two-phase scoring of a change move without applying it: the hard level first, with early exit: returns false
 * (the move is to be rejected) as soon as the hard score of the candidate is certainly below `limit`, so the search
 * can reject a move that breaks a hard constraint before computing the rest (`moveRest`). Scores are lexicographic,
 * so a candidate whose hard score is below both acceptance thresholds is rejected whatever its other levels. Gains
 * (taking s off `from`) are counted first, then the penalties of `to` one unit at a time, then the contract rules
 * (all their levels at once: one view per employee serves them all). When it returns true, dHard is exact.
 */
export function moveHardUntil(s: i32, from: i32, to: i32, limit: i64): bool {
  evalCount++;
  subtractHard(s, from, moveRaw);
  addChangeEarly(s, from, to, moveRaw);
  settleMove();
  setHardRunning(dHard);
  if (!addHardUntil(s, to, moveRaw, constraintWeight, limit - scoreHard)) return false;
  dHard = hardRunning;
  if (anyAllLevels()) {
    addChangeAllLevels(s, from, to, moveRaw);
    settleMove();
  }
  return true;
}

/** swapHard with early exit (see moveHardUntil). */
export function swapHardUntil(s1: i32, s2: i32, a: i32, b: i32, limit: i64): bool {
  evalCount += 2;
  subtractHard(s1, a, moveRaw);
  subtractHard(s2, b, moveRaw);
  addSwapHard(s1, s2, a, b, moveRaw);
  addSwapEarly(s1, s2, a, b, moveRaw);
  settleMove();
  setHardRunning(dHard);
  const floor = limit - scoreHard;
  if (!addHardUntil(s1, b, moveRaw, constraintWeight, floor)) return false;
  if (!addHardUntil(s2, a, moveRaw, constraintWeight, floor)) return false;
  dHard = hardRunning;
  if (anyAllLevels()) {
    addSwapAllLevels(s1, s2, a, b, moveRaw);
    settleMove();
  }
  return true;
}

export function moveRest(s: i32, from: i32, to: i32): void {
  addChangeRest(s, from, to, moveRaw);
  settleMove();
}

export function swapRest(s1: i32, s2: i32, a: i32, b: i32): void {
  addSwapRest(s1, s2, a, b, moveRaw);
  settleMove();
}

export function commitDelta(): void {
  commitMove();
  scoreHard += dHard;
  scoreMedium += dMedium;
  scoreSoft += dSoft;
  for (let w = 0; w < MASK_WORDS; w++) {
    let m = unchecked(touched[w]);
    while (m) {
      const id = (w << 6) | <i32>ctz(m);
      m &= m - 1;
      unchecked(constraintScore[id] += factor[id] * moveRaw[id]);
    }
  }
}

/** Weighted score of one constraint computed from scratch. */
export function constraintScoreFromScratch(id: i32): i64 {
  const w = constraintWeight[id];
  return w == 0 ? 0 : factor[id] * penaltyFull(id);
}

/** Replaces the incremental scores with from-scratch ones (after loading or restoring a solution). */
export function recomputeScore(): void {
  rebuildFamilies();
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
