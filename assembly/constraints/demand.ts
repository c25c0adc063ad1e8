/**
 * Hourly demand (spec §2.6, `globalRules.minimumMaximumShiftsPerHourlyDemand`): per demand interval, the number of
 * shifts worked that overlap it (assigned, passing the rule's shift tag filter, worked by an employee passing its
 * employee tag filter) is kept within [minDemand, maxDemand] and spread toward the target demand.
 *   70 "Shifts worked not in required hourly demand range" (hard, REQUIRED rules) and
 *   71 "Shifts worked not in preferred hourly demand range" (soft, PREFERRED rules): per interval
 *      max(0, min - count) + max(0, count - max).
 *   72 "Balance shifts worked for minimum hourly demand" (soft, every rule): per interval shortfall², shortfall =
 *      max(0, target - count), target = minDemand when given, else maxDemand: filling the most short-staffed
 *      interval first is always worth more, so coverage spreads over the demand curve.
 *
 * Kind: aggregate. The state is a count per interval, updated by `onAssign` (solution.setEmployee); a change of one
 * shift's employee changes the count of an interval the shift overlaps only when the rule's employee filter answers
 * differently for the old and the new employee (unassigned answers no). Every delta is f(new counts) - f(counts):
 * exact, O(intervals the shift overlaps). A swap accumulates both shifts' count changes per interval first
 * (`pend`), so intervals both shifts overlap are scored once, exactly.
 *
 * The same count engine scores the global shift counts (ids GLOBAL_COUNT_CONSTRAINT + 0..3, layout.ts): a period of
 * `globalRules.minimumMaximumShiftsPerPeriod`, a stretch of time covered by the same shifts of a
 * `concurrentShiftsRules` rule, or a shift group under a `shiftGroupRules` rule is one more interval, with its own
 * rule row (employee filter), limits, no target and its constraint id (solver/encode-demand.ts builds them).
 *
 * Distinct counts (id GROUP_SPLIT_ID, pairings' `groupShiftsPerDayLimit`): an interval may belong to a *parent*; such an
 * interval (a slot: one shift time of one group's day) has no range of its own, and its parent (the group's day)
 * counts its non-empty slots, penalized above the parent's maximum: max(0, nonEmpty - max). A change flips at most
 * one slot per parent; a swap accumulates the slot flips per parent (`pendParent`) before scoring the parents once.
 *
 * Data: its own buffer, loaded by `loadDemand` after the problem (solver/encode-demand.ts writes it):
 *   [D, R, E, S, P, member[R·E] (1 when employee e passes rule r's filter), D × INTERVAL_WORDS
 *    [rule, min, max, target, constraint id, parent (-1: none)], parentMax[P], shiftOff[S + 1], shiftIntervals[...] (intervals each shift overlaps
 *    and whose rule's shift filter it passes)]
 * Without a demand rule nothing is loaded and `active` stays false: every hook returns at once.
 */
import { shiftCount, employeeCount } from "../problem";
import { assignment } from "../state";
import { markId } from "../id-mask";
import { KIND_AGGREGATE, PENALTY, register, enabled, touched } from "./catalog";
import { LEVEL_HARD, LEVEL_SOFT, GLOBAL_COUNT_CONSTRAINT, GLOBAL_COUNT_CONSTRAINTS } from "../layout";

export const REQUIRED_ID: i32 = 70;
export const PREFERRED_ID: i32 = 71;
export const BALANCE_ID: i32 = 72;
export const INTERVAL_WORDS: i32 = 6;
export const GROUP_SPLIT_ID: i32 = GLOBAL_COUNT_CONSTRAINT + 4;
export const PERIOD_REQUIRED_ID: i32 = GLOBAL_COUNT_CONSTRAINT;
export const PERIOD_PREFERRED_ID: i32 = GLOBAL_COUNT_CONSTRAINT + 1;
export const CONCURRENT_ID: i32 = GLOBAL_COUNT_CONSTRAINT + 2;
export const SHIFT_GROUP_ID: i32 = GLOBAL_COUNT_CONSTRAINT + 3;

/** Whether an interval may carry constraint `id` (a range constraint of this family). */
function isRangeId(id: i32): bool {
  return id == REQUIRED_ID || id == PREFERRED_ID || (id >= GLOBAL_COUNT_CONSTRAINT && id < GLOBAL_COUNT_CONSTRAINT + GLOBAL_COUNT_CONSTRAINTS);
}

/** Whether a range constraint id scores hard (its delta is then scored before the early exit of a move). */
function isHardId(id: i32): bool {
  return id == REQUIRED_ID || id == PERIOD_REQUIRED_ID || id == CONCURRENT_ID || id == SHIFT_GROUP_ID || id == GROUP_SPLIT_ID;
}

/** Whether the input has demand intervals (the units are skipped otherwise). */
export let active = false;
/**
 * Whether some interval is REQUIRED (hard): its delta must then be scored before the hard early exit of a move
 * (score.ts), since it can be a gain; without one the demand is scored after the exit, only for moves that pass it.
 */
export let hardActive = false;
let intervalCount: i32 = 0;
let ruleCount: i32 = 0;
let member = new StaticArray<u8>(0);
let intervalRule = new StaticArray<i32>(0);
let intervalMin = new StaticArray<i32>(0);
let intervalMax = new StaticArray<i32>(0);
let intervalTarget = new StaticArray<i32>(0);
let intervalId = new StaticArray<i32>(0);
let intervalParent = new StaticArray<i32>(0);
let parentCount: i32 = 0;
let parentMax = new StaticArray<i32>(0);
/** Non-empty slots per parent in the current solution. */
let parentFilled = new StaticArray<i32>(0);
/** Swap scratch: pending change of non-empty slots per parent, and the parents touched. */
let pendParent = new StaticArray<i32>(0);
let pendParentList = new StaticArray<i32>(0);
let scratchFilled = new StaticArray<i32>(0);
let shiftOff = new StaticArray<i32>(1);
let shiftIntervals = new StaticArray<i32>(0);
/** Shifts worked per interval in the current solution. */
let count = new StaticArray<i32>(0);
/** Swap scratch: pending count change per interval, and the intervals touched. */
let pend = new StaticArray<i32>(0);
let pendList = new StaticArray<i32>(0);
let scratch = new StaticArray<i32>(0);

// @ts-ignore: decorator
@inline
function word(ptr: usize, i: i32): i32 {
  return load<i32>(ptr + (<usize>i << 2));
}

/** Loads the demand buffer (`words` i32 at ptr). 0 ok, 2 size mismatch, 3 value out of range. */
export function loadDemand(ptr: usize, words: i32): i32 {
  if (words < 5) return 2;
  const d = load<i32>(ptr), r = load<i32>(ptr + 4), e = load<i32>(ptr + 8), s = load<i32>(ptr + 12), p = load<i32>(ptr + 16);
  if (d < 0 || r < 0 || p < 0 || e != employeeCount || s != shiftCount) return 2;
  let at = 5;
  const head = 5 + r * e + d * INTERVAL_WORDS + p + s + 1;
  if (words < head) return 2;
  member = new StaticArray<u8>(r * e);
  for (let i = 0; i < r * e; i++) member[i] = word(ptr, at + i) != 0 ? 1 : 0;
  at += r * e;
  intervalRule = new StaticArray<i32>(d);
  intervalMin = new StaticArray<i32>(d);
  intervalMax = new StaticArray<i32>(d);
  intervalTarget = new StaticArray<i32>(d);
  intervalId = new StaticArray<i32>(d);
  intervalParent = new StaticArray<i32>(d);
  for (let i = 0; i < d; i++) {
    const rule = word(ptr, at), id = word(ptr, at + 4), parent = word(ptr, at + 5);
    if (<u32>rule >= <u32>r || !isRangeId(id) || parent < -1 || parent >= p || (parent >= 0) != (id == GROUP_SPLIT_ID)) return 3;
    intervalParent[i] = parent;
    intervalRule[i] = rule;
    intervalMin[i] = word(ptr, at + 1);
    intervalMax[i] = word(ptr, at + 2);
    intervalTarget[i] = word(ptr, at + 3);
    intervalId[i] = id;
    at += INTERVAL_WORDS;
  }
  parentCount = p;
  parentMax = new StaticArray<i32>(p);
  for (let k = 0; k < p; k++) parentMax[k] = word(ptr, at + k);
  at += p;
  parentFilled = new StaticArray<i32>(p);
  pendParent = new StaticArray<i32>(p);
  pendParentList = new StaticArray<i32>(p);
  scratchFilled = new StaticArray<i32>(p);
  shiftOff = new StaticArray<i32>(s + 1);
  for (let i = 0; i <= s; i++) shiftOff[i] = word(ptr, at + i);
  at += s + 1;
  const n = words - at;
  if (shiftOff[0] != 0 || shiftOff[s] != n) return 2;
  for (let i = 0; i < s; i++) if (shiftOff[i + 1] < shiftOff[i]) return 3;
  shiftIntervals = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) {
    const v = word(ptr, at + i);
    if (<u32>v >= <u32>d) return 3;
    shiftIntervals[i] = v;
  }
  intervalCount = d;
  ruleCount = r;
  count = new StaticArray<i32>(d);
  pend = new StaticArray<i32>(d);
  pendList = new StaticArray<i32>(d);
  scratch = new StaticArray<i32>(d);
  active = d > 0;
  hardActive = false;
  for (let i = 0; i < d; i++) if (isHardId(intervalId[i])) hardActive = true;
  return 0;
}

/** Empty solution: every count 0 (called by solution.initSolution). */
export function initDemand(): void {
  for (let i = 0; i < intervalCount; i++) count[i] = 0;
  for (let k = 0; k < parentCount; k++) parentFilled[k] = 0;
}

// @ts-ignore: decorator
@inline
function isMember(r: i32, e: i32): i32 {
  return e < 0 ? 0 : <i32>unchecked(member[r * employeeCount + e]);
}

/** Raw penalty of the range constraint of interval i at count c. */
// @ts-ignore: decorator
@inline
function rangePenalty(i: i32, c: i32): i64 {
  if (unchecked(intervalParent[i]) >= 0) return 0;
  const lo = unchecked(intervalMin[i]), hi = unchecked(intervalMax[i]);
  let p: i64 = 0;
  if (lo >= 0 && c < lo) p += lo - c;
  if (hi >= 0 && c > hi) p += c - hi;
  return p;
}

/** Raw penalty of the balance constraint of interval i at count c. */
// @ts-ignore: decorator
@inline
function balancePenalty(i: i32, c: i32): i64 {
  const t = unchecked(intervalTarget[i]);
  if (t <= 0 || c >= t) return 0;
  const short = <i64>(t - c);
  return short * short;
}

/** Raw penalty of parent k with `filled` non-empty slots. */
// @ts-ignore: decorator
@inline
function parentPenalty(k: i32, filled: i32): i64 {
  const over = filled - unchecked(parentMax[k]);
  return over > 0 ? <i64>over : 0;
}

/** Change of the non-empty slots when a slot's count goes from c by d. */
// @ts-ignore: decorator
@inline
function flip(c: i32, d: i32): i32 {
  return (c + d > 0 ? 1 : 0) - (c > 0 ? 1 : 0);
}

/** State hook: shift s moved from `from` to `to` (solution.setEmployee). */
export function onAssign(s: i32, from: i32, to: i32): void {
  let rule = -1, d = 0;
  for (let k = unchecked(shiftOff[s]), end = unchecked(shiftOff[s + 1]); k < end; k++) {
    const i = unchecked(shiftIntervals[k]);
    const r = unchecked(intervalRule[i]);
    // A shift's intervals are sorted and each rule's intervals are contiguous: one membership test per rule.
    if (r != rule) {
      rule = r;
      d = isMember(r, to) - isMember(r, from);
    }
    if (d != 0) {
      const k = unchecked(intervalParent[i]);
      if (k >= 0) unchecked(parentFilled[k] += flip(unchecked(count[i]), d));
      unchecked(count[i] += d);
    }
  }
}

/** Adds raw deltas of changing interval i's count from c by d into raw[] (and marks what changed). */
// @ts-ignore: decorator
@inline
function addInterval(i: i32, c: i32, d: i32, raw: StaticArray<i64>, touched: StaticArray<u64>): void {
  const range = rangePenalty(i, c + d) - rangePenalty(i, c);
  if (range != 0) {
    const id = unchecked(intervalId[i]);
    unchecked(raw[id] += range);
    markId(touched, id);
  }
  const bal = balancePenalty(i, c + d) - balancePenalty(i, c);
  if (bal != 0) {
    unchecked(raw[BALANCE_ID] += bal);
    markId(touched, BALANCE_ID);
  }
}

/** Adds the raw delta of parent k's non-empty slots changing by f. */
// @ts-ignore: decorator
@inline
function addParent(k: i32, f: i32, raw: StaticArray<i64>, touched: StaticArray<u64>): void {
  const filled = unchecked(parentFilled[k]);
  const v = parentPenalty(k, filled + f) - parentPenalty(k, filled);
  if (v != 0) {
    unchecked(raw[GROUP_SPLIT_ID] += v);
    markId(touched, GROUP_SPLIT_ID);
  }
}

/** Raw deltas (ids 70-72 and the global counts) of moving s from `from` to `to` under the current counts, into raw[]. */
export function addChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>, touched: StaticArray<u64>): void {
  let rule = -1, d = 0;
  for (let k = unchecked(shiftOff[s]), end = unchecked(shiftOff[s + 1]); k < end; k++) {
    const i = unchecked(shiftIntervals[k]);
    const r = unchecked(intervalRule[i]);
    if (r != rule) {
      rule = r;
      d = isMember(r, to) - isMember(r, from);
    }
    if (d == 0) continue;
    const k = unchecked(intervalParent[i]);
    if (k >= 0) {
      const f = flip(unchecked(count[i]), d);
      if (f != 0) addParent(k, f, raw, touched);
    } else addInterval(i, unchecked(count[i]), d, raw, touched);
  }
}

let pendCount: i32 = 0;

function accumulate(s: i32, from: i32, to: i32): void {
  for (let k = unchecked(shiftOff[s]), end = unchecked(shiftOff[s + 1]); k < end; k++) {
    const i = unchecked(shiftIntervals[k]);
    const r = unchecked(intervalRule[i]);
    const d = isMember(r, to) - isMember(r, from);
    if (d == 0) continue;
    if (unchecked(pend[i]) == 0) unchecked(pendList[pendCount++] = i);
    unchecked(pend[i] += d);
  }
}

/** Raw deltas of the swap (s1: a -> b, s2: b -> a) scored at once, into raw[]. */
export function addSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>, touched: StaticArray<u64>): void {
  pendCount = 0;
  accumulate(s1, a, b);
  accumulate(s2, b, a);
  let parents = 0;
  for (let k = 0; k < pendCount; k++) {
    const i = unchecked(pendList[k]);
    const d = unchecked(pend[i]);
    unchecked(pend[i] = 0);
    if (d == 0) continue;
    const p = unchecked(intervalParent[i]);
    if (p >= 0) {
      const f = flip(unchecked(count[i]), d);
      if (f == 0) continue;
      if (unchecked(pendParent[p]) == 0) unchecked(pendParentList[parents++] = p);
      unchecked(pendParent[p] += f);
    } else addInterval(i, unchecked(count[i]), d, raw, touched);
  }
  for (let k = 0; k < parents; k++) {
    const p = unchecked(pendParentList[k]);
    const f = unchecked(pendParent[p]);
    unchecked(pendParent[p] = 0);
    if (f != 0) addParent(p, f, raw, touched);
  }
}

/** Counts of the current assignment recomputed from scratch into `scratch` (independent of the state). */
function countFromScratch(): StaticArray<i32> {
  for (let i = 0; i < intervalCount; i++) scratch[i] = 0;
  for (let s = 0; s < shiftCount; s++) {
    const e = assignment[s];
    if (e < 0) continue;
    for (let k = shiftOff[s]; k < shiftOff[s + 1]; k++) {
      const i = shiftIntervals[k];
      if (isMember(intervalRule[i], e) != 0) scratch[i]++;
    }
  }
  return scratch;
}

function penaltyOf(id: i32, i: i32, c: i32): i64 {
  if (id == BALANCE_ID) return balancePenalty(i, c);
  return intervalId[i] == id ? rangePenalty(i, c) : 0;
}

/** Non-empty slots per parent of the counts `c` into `scratchFilled`. */
function filledOf(c: StaticArray<i32>): StaticArray<i32> {
  for (let k = 0; k < parentCount; k++) scratchFilled[k] = 0;
  for (let i = 0; i < intervalCount; i++) if (intervalParent[i] >= 0 && c[i] > 0) scratchFilled[intervalParent[i]]++;
  return scratchFilled;
}

/** Raw weight of constraint `id` (70-72, global counts) from scratch. */
export function penaltyFull(id: i32): i64 {
  if (!active) return 0;
  const c = countFromScratch();
  if (id == GROUP_SPLIT_ID) {
    const filled = filledOf(c);
    let total: i64 = 0;
    for (let k = 0; k < parentCount; k++) total += parentPenalty(k, filled[k]);
    return total;
  }
  let total: i64 = 0;
  for (let i = 0; i < intervalCount; i++) total += penaltyOf(id, i, c[i]);
  return total;
}

/** Match count (intervals with a non-zero penalty) of `id`, from scratch or from the incremental counts. */
export function matchCount(id: i32, fromScratch: bool): i32 {
  if (!active) return 0;
  const c = fromScratch ? countFromScratch() : count;
  if (id == GROUP_SPLIT_ID) {
    const filled = fromScratch ? filledOf(c) : parentFilled;
    let m = 0;
    for (let k = 0; k < parentCount; k++) if (parentPenalty(k, filled[k]) != 0) m++;
    return m;
  }
  let n = 0;
  for (let i = 0; i < intervalCount; i++) if (penaltyOf(id, i, c[i]) != 0) n++;
  return n;
}

/** Current count of interval i (explanations). */
export function intervalShiftsWorked(i: i32): i32 {
  return i >= 0 && i < intervalCount ? count[i] : 0;
}

/** Raw penalty of constraint `id` for interval i in the current solution (explanations). */
export function intervalPenalty(id: i32, i: i32): i64 {
  return i >= 0 && i < intervalCount ? penaltyOf(id, i, count[i]) : 0;
}

/** Non-empty slots of parent k (explanations). */
export function parentSlotsFilled(k: i32): i32 {
  return k >= 0 && k < parentCount ? parentFilled[k] : 0;
}

/** Raw penalty of parent k in the current solution (explanations). */
export function parentPenaltyOf(k: i32): i64 {
  return k >= 0 && k < parentCount ? parentPenalty(k, parentFilled[k]) : 0;
}

export function demandIntervalCount(): i32 {
  return intervalCount;
}

export function demandRuleCount(): i32 {
  return ruleCount;
}

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(REQUIRED_ID, "Shifts worked not in required hourly demand range", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
  register(PREFERRED_ID, "Shifts worked not in preferred hourly demand range", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(BALANCE_ID, "Balance shifts worked for minimum hourly demand", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(PERIOD_REQUIRED_ID, "Shifts worked per period not in required range", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
  register(PERIOD_PREFERRED_ID, "Shifts worked per period not in preferred range", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(CONCURRENT_ID, "Concurrent shifts not in required range", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
  register(SHIFT_GROUP_ID, "Required shift group assignment mode not met", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
  register(GROUP_SPLIT_ID, "Employee group split into multiple shifts per day", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
}

export function initFamily(): void {
  initDemand();
}

// @ts-ignore: decorator
@inline
export function onAssignFamily(s: i32, from: i32, to: i32): void {
  if (active) onAssign(s, from, to);
}

/** Every level at once; before the early exit of a move when there are REQUIRED intervals (`hardActive`). */
export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (active) addChange(s, from, to, raw, touched);
}

export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (active) addSwap(s1, s2, a, b, raw, touched);
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull(id);
}

export function fullMatchCount(id: i32): i32 {
  return matchCount(id, true);
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  for (let id = REQUIRED_ID; id <= BALANCE_ID; id++) if (enabled[id]) counts[id] = matchCount(id, false);
  for (let id = GLOBAL_COUNT_CONSTRAINT; id < GLOBAL_COUNT_CONSTRAINT + GLOBAL_COUNT_CONSTRAINTS; id++) {
    if (enabled[id]) counts[id] = matchCount(id, false);
  }
}
