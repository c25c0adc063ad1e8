/**
 * "Balance time worked" and "Balance shift count" (soft): `globalRules.balanceTimeWorkedRules` and
 * `balanceShiftCountRules` spread work evenly over the employees they select, counting the published history
 * (`employeeToPublishedMinutesWorked`, `employeeToPublishedShiftCount`) and historic shifts.
 *
 * Penalty per rule: the unfairness of the loads x_e (minutes worked per FTE, or shifts) of its n employees,
 *   round( sqrt( Σ (x_e - mean)² ) ),   Σ (x_e - mean)² = Σ x_e² - (Σ x_e)² / n,
 * the squared deviation from the mean under a square root, as Timefold Solver's `LoadBalance.unfairness()`
 * (docs "Load balancing and fairness"): minimizing it minimizes the squared deviation, while the root keeps the
 * penalty in the unit of the load (minutes, shifts), commensurate with the other soft constraints and far from
 * i64 overflow under large weights. A match is a rule with a positive penalty.
 *
 * Kind: aggregate. The state (x per rule and employee, Σx and Σx² per rule) is part of the solution and is updated
 * by `onAssign` whenever solution.setEmployee moves a shift, so every delta is f(new aggregates) - f(aggregates):
 * exact, O(rules) per change. f64 arithmetic on the i64 aggregates is deterministic (IEEE 754), so incremental and
 * from-scratch scores agree bit for bit.
 */
import { LEVEL_SOFT, BALANCE_TIME, BALANCE_COUNT } from "../layout";
import { shiftCount, employeeCount, balanceRuleCount, balanceRules, balanceMembers, balanceHistory, balanceShifts, SR_WORKED, sf, balanceCounts, balanceMember } from "../problem";
import { assignment } from "../state";
import { KIND_AGGREGATE, PENALTY, register, enabled, touched } from "./catalog";
import { markId } from "../id-mask";

export const TIME_ID: i32 = 15;
export const TIME_NAME = "Balance time worked";
export const COUNT_ID: i32 = 16;
export const COUNT_NAME = "Balance shift count";
export const LEVEL: i32 = LEVEL_SOFT;

let x = new StaticArray<i64>(0);
let sumX = new StaticArray<i64>(0);
let sumX2 = new StaticArray<i64>(0);
let members = new StaticArray<i32>(0);

/**
 * Load of shift s for employee e under rule r (0 when the shift does not count for it): 1 for a shift count rule;
 * for a time rule the worked minutes per FTE, minutes * 1000 / fte rounded half up (balanceMembers holds the
 * employee's FTE in thousandths, 1000 = full time: the minutes themselves).
 */
// @ts-ignore: decorator
@inline
function load_(r: i32, s: i32, e: i32): i64 {
  if (!balanceCounts(r, s)) return 0;
  if (unchecked(balanceRules[2 * r]) != BALANCE_TIME) return 1;
  const minutes = <i64>sf(s, SR_WORKED);
  const fte = <i64>unchecked(balanceMembers[r * employeeCount + e]);
  return fte == 1000 ? minutes : (minutes * 1000 + fte / 2) / fte;
}

// @ts-ignore: decorator
@inline
function member(r: i32, e: i32): bool {
  return e >= 0 && balanceMember(r, e);
}

export function unfairness(sum: i64, sum2: i64, n: i32): i64 {
  if (n <= 1) return 0;
  const fs = <f64>sum;
  const q = <f64>sum2 - (fs * fs) / <f64>n;
  return q <= 0 ? 0 : <i64>Math.round(Math.sqrt(q));
}

/** Loads start from the published history (an empty solution). */
export function initBalance(): void {
  const r = balanceRuleCount, e = employeeCount;
  x = new StaticArray<i64>(r * e);
  sumX = new StaticArray<i64>(r);
  sumX2 = new StaticArray<i64>(r);
  members = new StaticArray<i32>(r);
  for (let i = 0; i < r; i++) {
    for (let emp = 0; emp < e; emp++) {
      if (!member(i, emp)) continue;
      const h = <i64>balanceHistory[i * e + emp];
      x[i * e + emp] = h;
      sumX[i] += h;
      sumX2[i] += h * h;
      members[i]++;
    }
  }
}

/** State hook: shift s moved from employee `from` to `to` (called by solution.setEmployee). */
export function onAssign(s: i32, from: i32, to: i32): void {
  const e = employeeCount;
  for (let r = 0; r < balanceRuleCount; r++) {
    if (!balanceCounts(r, s)) continue;
    if (member(r, from)) {
      const v = load_(r, s, from);
      const old = unchecked(x[r * e + from]);
      unchecked(x[r * e + from] = old - v);
      unchecked(sumX[r] -= v);
      unchecked(sumX2[r] += (old - v) * (old - v) - old * old);
    }
    if (member(r, to)) {
      const v = load_(r, s, to);
      const old = unchecked(x[r * e + to]);
      unchecked(x[r * e + to] = old + v);
      unchecked(sumX[r] += v);
      unchecked(sumX2[r] += (old + v) * (old + v) - old * old);
    }
  }
}

/** Adds the penalty deltas of moving s from `from` to `to` into raw[TIME_ID] and raw[COUNT_ID]. */
export function addDelta(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  const e = employeeCount;
  for (let r = 0; r < balanceRuleCount; r++) {
    if (!balanceCounts(r, s)) continue;
    const inFrom = member(r, from), inTo = member(r, to);
    if (!inFrom && !inTo) continue;
    let sum = unchecked(sumX[r]), sum2 = unchecked(sumX2[r]);
    const before = unfairness(sum, sum2, unchecked(members[r]));
    if (inFrom) {
      const v = load_(r, s, from);
      const old = unchecked(x[r * e + from]);
      sum -= v;
      sum2 += (old - v) * (old - v) - old * old;
    }
    if (inTo) {
      const v = load_(r, s, to);
      const old = unchecked(x[r * e + to]);
      sum += v;
      sum2 += (old + v) * (old + v) - old * old;
    }
    const id = unchecked(balanceRules[2 * r]) == BALANCE_TIME ? TIME_ID : COUNT_ID;
    unchecked(raw[id] += unfairness(sum, sum2, unchecked(members[r])) - before);
  }
}

/**
 * Adds the penalty deltas of the swap (s1: a -> b, s2: b -> a, a != b) into raw[]: both shifts move at once, so
 * a's load changes by its load of s2 minus its load of s1, b's the other way (each employee's own loads: minutes per
 * FTE differ between employees).
 */
export function addSwapDelta(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  const e = employeeCount;
  for (let r = 0; r < balanceRuleCount; r++) {
    if (!balanceCounts(r, s1) && !balanceCounts(r, s2)) continue;
    const inA = member(r, a), inB = member(r, b);
    if (!inA && !inB) continue;
    let sum = unchecked(sumX[r]), sum2 = unchecked(sumX2[r]);
    const before = unfairness(sum, sum2, unchecked(members[r]));
    let changed = false;
    if (inA) {
      const d = load_(r, s2, a) - load_(r, s1, a);
      const old = unchecked(x[r * e + a]);
      sum += d;
      sum2 += (old + d) * (old + d) - old * old;
      changed = d != 0;
    }
    if (inB) {
      const d = load_(r, s1, b) - load_(r, s2, b);
      const old = unchecked(x[r * e + b]);
      sum += d;
      sum2 += (old + d) * (old + d) - old * old;
      changed = changed || d != 0;
    }
    if (!changed) continue;
    const id = unchecked(balanceRules[2 * r]) == BALANCE_TIME ? TIME_ID : COUNT_ID;
    unchecked(raw[id] += unfairness(sum, sum2, unchecked(members[r])) - before);
  }
}

/** Scratch loads of rulePenaltyFull, kept between calls (a from-scratch score allocates nothing). */
let scratchLoads = new StaticArray<i64>(0);

/** Penalty of rule r from scratch (from the assignment, not the incremental state). */
export function rulePenaltyFull(r: i32): i64 {
  const e = employeeCount;
  if (scratchLoads.length != e) scratchLoads = new StaticArray<i64>(e);
  const loads = scratchLoads;
  for (let emp = 0; emp < e; emp++) loads[emp] = member(r, emp) ? <i64>balanceHistory[r * e + emp] : 0;
  for (let s = 0; s < shiftCount; s++) {
    const emp = assignment[s];
    if (member(r, emp)) loads[emp] += load_(r, s, emp);
  }
  let sum: i64 = 0, sum2: i64 = 0, n = 0;
  for (let emp = 0; emp < e; emp++) {
    if (!member(r, emp)) continue;
    sum += loads[emp];
    sum2 += loads[emp] * loads[emp];
    n++;
  }
  return unfairness(sum, sum2, n);
}

/** Penalty of rule r from the incremental aggregates (O(1)). */
export function rulePenaltyCurrent(r: i32): i64 {
  return unfairness(sumX[r], sumX2[r], members[r]);
}

/** Load of employee e under rule r in the current solution (history included). */
export function ruleLoad(r: i32, e: i32): i64 {
  return x[r * employeeCount + e];
}

export function ruleKind(r: i32): i32 {
  return balanceRules[2 * r];
}

export function penaltyFull(kind: i32): i64 {
  let total: i64 = 0;
  for (let r = 0; r < balanceRuleCount; r++) if (balanceRules[2 * r] == kind) total += rulePenaltyFull(r);
  return total;
}

export function matchCount(kind: i32): i32 {
  let n = 0;
  for (let r = 0; r < balanceRuleCount; r++) if (balanceRules[2 * r] == kind && rulePenaltyFull(r) != 0) n++;
  return n;
}

export { BALANCE_TIME, BALANCE_COUNT };

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(TIME_ID, TIME_NAME, LEVEL, PENALTY, KIND_AGGREGATE, family);
  register(COUNT_ID, COUNT_NAME, LEVEL, PENALTY, KIND_AGGREGATE, family);
}

export function initFamily(): void {
  initBalance();
}

/** State hook: shift s moved from `from` to `to` (solution.setEmployee). */
// @ts-ignore: decorator
@inline
export function onAssignFamily(s: i32, from: i32, to: i32): void {
  if (balanceRuleCount > 0) onAssign(s, from, to);
}

// @ts-ignore: decorator
@inline
function scored(): bool {
  return balanceRuleCount > 0 && (unchecked(enabled[TIME_ID]) || unchecked(enabled[COUNT_ID]));
}

export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!scored()) return;
  addDelta(s, from, to, raw);
  markId(touched, TIME_ID);
  markId(touched, COUNT_ID);
}

/** Swap of s1 (on a) and s2 (on b): the loads of a and b change by both shifts at once. */
export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!scored()) return;
  addSwapDelta(s1, s2, a, b, raw);
  markId(touched, TIME_ID);
  markId(touched, COUNT_ID);
}

function kindOf(id: i32): i32 {
  return id == TIME_ID ? BALANCE_TIME : BALANCE_COUNT;
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull(kindOf(id));
}

export function fullMatchCount(id: i32): i32 {
  return matchCount(kindOf(id));
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  if (enabled[TIME_ID]) counts[TIME_ID] = matchCount(BALANCE_TIME);
  if (enabled[COUNT_ID]) counts[COUNT_ID] = matchCount(BALANCE_COUNT);
}
