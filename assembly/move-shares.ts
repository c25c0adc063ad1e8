/**
 * Adaptive shares of the move kinds (local-search.ts, once the search is `deep`): probability matching with a
 * floor (Thierens 2005, "An adaptive pursuit strategy for allocating operator probabilities", GECCO '05, its
 * baseline), the credit of a kind being what it earns per unit of work.
 *
 * Each kind k has a base share and a current share, out of SHARE_SCALE; a kind whose base is 0 is never drawn.
 * Every step of kind k adds to the kind's work the score evaluations it made (score.ts evalCount) plus one, and,
 * when it left the current solution better, to its reward: 64 when the hard or medium level improved, else the bit
 * length of the soft gain (a gain of 1 counts 1, of 100 counts 7, of a million 20: what a move earns, not how large
 * the weights of the instance are). Every SHARE_PERIOD steps (reweigh) each kind's rate is its reward over its
 * work (with a prior of one reward per PRIOR_WORK), and its fresh share is half its base plus the other half of the
 * scale split in proportion to the rates, kept within [base / 2, 2 base] (what the bounds cut or leave is spread
 * over the kinds within them): no kind dies out (a kind that pays off rarely but much, such as the horizon
 * re-roster on the small benchmark instances, keeps its chances), and no dear kind takes over the time (with no
 * upper bound, ruin and recreate and the horizon re-roster rose to 15 and 4 times their base on instance 5,
 * cutting its steps per second to a third, and its schedules got worse). Its share becomes the mean of the old
 * one and the fresh one. The rewards and works then start again.
 *
 * On the nurse rostering benchmark the cover move earns several times what any other kind does per evaluation
 * (README "Nurse rostering benchmark"), and the shares follow. The shares, rewards and works are in the
 * checkpoint, so a resumed run draws alike.
 */
import { rngBelow } from "./rng";
import { isBetter, scoreHard, scoreMedium, scoreSoft } from "./score";

export const SHARE_SCALE: i32 = 1 << 16;
/** Steps between reweighs (a power of two: local-search.ts tests it with a mask). */
export const SHARE_PERIOD: i64 = 1 << 15;
/** Work that a reward of 1 is assumed to have cost, before any step of the period (the prior of every rate). */
const PRIOR_WORK: f64 = 1000;
/** Reward of a step that improved the hard or medium level. */
const LEVEL_REWARD: i64 = 64;

export let shareKinds = 0;
export let shareBase = new StaticArray<i32>(0);
export let share = new StaticArray<i32>(0);
export let shareReward = new StaticArray<i64>(0);
export let shareWork = new StaticArray<i64>(0);
let rate = new StaticArray<f64>(0);
let fresh = new StaticArray<f64>(0);

/** Sets the base shares (each out of SHARE_SCALE, summing to it), once, at the module's start. */
export function setBaseShares(base: StaticArray<i32>): void {
  shareKinds = base.length;
  shareBase = base;
  share = new StaticArray<i32>(shareKinds);
  shareReward = new StaticArray<i64>(shareKinds);
  shareWork = new StaticArray<i64>(shareKinds);
  rate = new StaticArray<f64>(shareKinds);
  fresh = new StaticArray<f64>(shareKinds);
  resetShares();
}

/** Starts from the base shares, with no reward or work. */
export function resetShares(): void {
  for (let k = 0; k < shareKinds; k++) {
    unchecked(share[k] = shareBase[k]);
    unchecked(shareReward[k] = 0);
    unchecked(shareWork[k] = 0);
  }
}

/** A kind drawn by the current shares (the one seeded generator, rng.ts). */
export function drawKind(): i32 {
  let r = rngBelow(SHARE_SCALE), k = 0;
  while (k < shareKinds - 1 && r >= unchecked(share[k])) r -= unchecked(share[k++]);
  return k;
}

/**
 * Credits a step of kind k that made `work` score evaluations and found the current score at (h0, m0, s0): the
 * reward when the current score is now better (see the header).
 */
export function creditStep(k: i32, work: i64, h0: i64, m0: i64, s0: i64): void {
  unchecked(shareWork[k] += work + 1);
  if (!isBetter(scoreHard, scoreMedium, scoreSoft, h0, m0, s0)) return;
  unchecked(shareReward[k] += scoreHard != h0 || scoreMedium != m0 ? LEVEL_REWARD : 64 - clz<i64>(scoreSoft - s0));
}

/**
 * The period's end: new shares from the rates (see the header), each kept within [base / 2, 2 base]; the rewards
 * and works start again.
 */
export function reweigh(): void {
  let total: f64 = 0, floors = 0;
  for (let k = 0; k < shareKinds; k++) {
    const r = unchecked(shareBase[k]) == 0
      ? 0
      : (<f64>unchecked(shareReward[k]) + 1) / (<f64>unchecked(shareWork[k]) + PRIOR_WORK);
    unchecked(rate[k] = r);
    total += r;
    floors += unchecked(shareBase[k]) >> 1;
  }
  const spare = <f64>(SHARE_SCALE - floors);
  for (let k = 0; k < shareKinds; k++) {
    const b = unchecked(shareBase[k]);
    unchecked(fresh[k] = clamp(<f64>(b >> 1) + spare * unchecked(rate[k]) / total, b));
  }
  // The bounds leave the sum off the scale: the difference is spread over the kinds within their bounds, in
  // proportion to their shares, until it is (a few rounds; the caps sum to twice the scale, the floors to half).
  for (let round = 0; round < 8; round++) {
    let sum: f64 = 0, free: f64 = 0;
    for (let k = 0; k < shareKinds; k++) {
      const v = unchecked(fresh[k]), b = <f64>unchecked(shareBase[k]);
      sum += v;
      if (b > 0 && v > b / 2 && v < 2 * b) free += v;
    }
    const gap = <f64>SHARE_SCALE - sum;
    if (Math.abs(gap) < 1 || free == 0) break;
    for (let k = 0; k < shareKinds; k++) {
      const v = unchecked(fresh[k]), b = <f64>unchecked(shareBase[k]);
      if (b > 0 && v > b / 2 && v < 2 * b) unchecked(fresh[k] = clamp(v + gap * v / free, unchecked(shareBase[k])));
    }
  }
  let sum = 0, largest = 0;
  for (let k = 0; k < shareKinds; k++) {
    const v = (unchecked(share[k]) + <i32>unchecked(fresh[k])) >> 1;
    unchecked(share[k] = v);
    sum += v;
    if (v > unchecked(share[largest])) largest = k;
    unchecked(shareReward[k] = 0);
    unchecked(shareWork[k] = 0);
  }
  // Rounding leaves a few units: they go to the largest share, so the shares sum to the scale.
  unchecked(share[largest] += SHARE_SCALE - sum);
}

/** v within [base / 2, 2 base]. */
function clamp(v: f64, base: i32): f64 {
  return Math.min(<f64>(2 * base), Math.max(<f64>(base >> 1), v));
}

/** Bytes of the shares, rewards and works in a checkpoint (checkpoint.ts): K i64 rewards, K i64 works, K i32 shares. */
export function sharesBytes(): usize {
  return <usize>(20 * shareKinds);
}

function rewardAt(src: usize, k: i32): i64 {
  return load<i64>(src + (<usize>k << 3));
}
function workAt(src: usize, k: i32): i64 {
  return load<i64>(src + (<usize>(shareKinds + k) << 3));
}
function shareAt(src: usize, k: i32): i32 {
  return load<i32>(src + (<usize>(2 * shareKinds) << 3) + (<usize>k << 2));
}

/** Writes the shares, rewards and works at `out` (sharesBytes() bytes). */
export function writeShares(out: usize): void {
  for (let k = 0; k < shareKinds; k++) {
    store<i64>(out + (<usize>k << 3), unchecked(shareReward[k]));
    store<i64>(out + (<usize>(shareKinds + k) << 3), unchecked(shareWork[k]));
    store<i32>(out + (<usize>(2 * shareKinds) << 3) + (<usize>k << 2), unchecked(share[k]));
  }
}

/**
 * Whether a checkpoint's shares at `src` can be restored: rewards and works not negative, shares summing to the
 * scale, none for a kind whose base is 0.
 */
export function sharesValid(src: usize): bool {
  let sum = 0;
  for (let k = 0; k < shareKinds; k++) {
    const v = shareAt(src, k);
    if (rewardAt(src, k) < 0 || workAt(src, k) < 0 || v < 0 || v > SHARE_SCALE) return false;
    if (v > 0 && unchecked(shareBase[k]) == 0) return false;
    sum += v;
  }
  return sum == SHARE_SCALE;
}

/** Restores the shares, rewards and works of a checkpoint (checked by sharesValid). */
export function restoreShares(src: usize): void {
  for (let k = 0; k < shareKinds; k++) {
    unchecked(shareReward[k] = rewardAt(src, k));
    unchecked(shareWork[k] = workAt(src, k));
    unchecked(share[k] = shareAt(src, k));
  }
}
