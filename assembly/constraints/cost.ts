/**
 * Cost (reference "Cost management", "Employee activation"):
 *
 *   66 / 67  Costs per period not in required / preferred range (`globalRules.costsRules`): per rule and period (in
 *            the rule's `zoneOffset`), the total cost of the assignments it counts: Σ over assigned shifts passing
 *            its shift filter, worked by an employee passing its employee filter, of the cost its
 *            `employeeShiftCostDetails` give the pair (employee cost group, shift cost group). Penalty per period:
 *            how far the total is outside [totalCostsMin, totalCostsMax], in milli-units. A match is such a period.
 *   68       Minimize cost per period (a period rule's `costDefinition`): an EMPLOYEE-scoped contract rule, scored
 *            with the other contract rules (contracts.ts, period-rules.ts; `tieredCost` below).
 *   73       Minimize activated employees (`employeeCostGroups[].employeeActivationCost`): per activated employee
 *            (below) its group's activation cost, in milli-units. A match is an activated employee with a cost.
 *   69       Keep employee activation ratio (`employeeCostGroups[].employeeActivationRatioWeight`): n_g activated
 *            employees of group g (at least one counted shift in the planning window: mandatory ones, or any with
 *            MANDATORY_AND_OPTIONAL_SHIFTS), weights w_g, N = Σ n_g, W = Σ w_g. Penalty per group |n_g·W − w_g·N|
 *            (0 exactly when the activated counts are in the ratio of the weights). A match is a group off its share.
 *   SATURATION_ID  Maximize activated employee saturation (soft reward, `maximizeActivatedEmployeeSaturationWeight`):
 *            per activated employee of a group with an activation cost (the employees 73 counts), n² for its n
 *            activating shifts: the reward grows faster than the shifts, so shifts gather on fewer employees
 *            (Σ n fixed, Σ n² is largest when concentrated). A match is such an employee.
 *
 * Kind: AGGREGATE. Per period totals and per employee activating-shift counts are part of the solution state,
 * updated by `onAssign` (solution.setEmployee); a change's delta is f(new totals) − f(totals) over the periods of the
 * moved shift (and the at most two groups whose activated count changes); a swap changes both shifts at once. The
 * from-scratch penalties recount everything from the assignment. Money is in milli-units (cost-data.ts).
 */
import {
  costRules, costPeriods, costRows, costColumns, ratioGroups, oRules, oPeriods, oRows, oColumns, oTables, oMembers,
  oShiftPeriods, oActivation, oWeights, oOptional, oActivationCost, RULE_COST_WORDS, PERIOD_COST_WORDS, COST_REQUIRED_ID,
  COST_PREFERRED_ID, ACTIVATION_RATIO_ID, ACTIVATION_COST_ID, SATURATION_ID,
} from "../cost-data";
import { costData, shiftCount, employeeCount, ruleAux, isHistoric, isMandatory } from "../problem";
import { RW_AUX, RW_AUX_COUNT } from "../layout";
import { assignment } from "../state";
import { rw } from "./view";
import { KIND_AGGREGATE, PENALTY, REWARD, register, enabled, touched } from "./catalog";
import { LEVEL_HARD, LEVEL_SOFT } from "../layout";
import { markId } from "../id-mask";

export { COST_REQUIRED_ID, COST_PREFERRED_ID, ACTIVATION_RATIO_ID, ACTIVATION_COST_ID, SATURATION_ID };
export { COST_MINIMIZE_ID } from "../cost-data";

/** Costs rules or activation ratio groups present (everything here is skipped otherwise). */
export let active = false;
let rulesActive = false;
/** At least two groups with a ratio weight; some group with an activation cost; either (activation is kept). */
let ratioActive = false;
let activationCostActive = false;
let activationActive = false;

/** Current total cost per period (all rules), milli-units. */
let total = new StaticArray<i64>(0);
/** Per employee: assigned shifts that activate it; per ratio group: activated employees. */
let activating = new StaticArray<i32>(0);
let activated = new StaticArray<i32>(0);
let weightSum: i64 = 0;

// @ts-ignore: decorator
@inline
function d(i: i32): i32 {
  return unchecked(costData[i]);
}

function periodMin(p: i32): i64 {
  const at = oPeriods + p * PERIOD_COST_WORDS;
  return (<i64>d(at + 1) << 32) | <i64>(<u32>d(at));
}

function periodMax(p: i32): i64 {
  const at = oPeriods + p * PERIOD_COST_WORDS + 2;
  return (<i64>d(at + 1) << 32) | <i64>(<u32>d(at));
}

/** Penalty of period p (global index) at total v: how far v is outside [min, max]. */
// @ts-ignore: decorator
@inline
function periodPenalty(p: i32, v: i64): i64 {
  const lo = periodMin(p), hi = periodMax(p);
  if (hi >= 0 && v > hi) return v - hi;
  if (lo >= 0 && v < lo) return lo - v;
  return 0;
}

/** Cost of shift s worked by e under rule r (0 when e is none or not counted). */
// @ts-ignore: decorator
@inline
function costOf(r: i32, s: i32, e: i32): i64 {
  if (e < 0 || d(oMembers + r * employeeCount + e) == 0) return 0;
  return <i64>d(oTables + (r * costRows + d(oRows + e)) * costColumns + d(oColumns + s));
}

// @ts-ignore: decorator
@inline
function ruleConstraint(r: i32): i32 {
  return d(oRules + r * RULE_COST_WORDS);
}

// @ts-ignore: decorator
@inline
function ruleFirst(r: i32): i32 {
  return d(oRules + r * RULE_COST_WORDS + 1);
}

/** Whether shift s activates employee e (e's ratio group counts it). */
// @ts-ignore: decorator
@inline
function activates(s: i32, e: i32): bool {
  if (e < 0 || isHistoric(s)) return false;
  const g = d(oActivation + e);
  if (g < 0) return false;
  return isMandatory(s) || d(oOptional + g) != 0;
}

/** Sizes the state for an empty solution (solution.initSolution). */
export function initCost(): void {
  rulesActive = costRules > 0;
  weightSum = 0;
  let weighted = 0;
  activationCostActive = false;
  for (let g = 0; g < ratioGroups; g++) {
    const w = d(oWeights + g);
    if (w > 0) weighted++;
    weightSum += <i64>w;
    if (d(oActivationCost + g) > 0) activationCostActive = true;
  }
  ratioActive = weighted >= 2;
  activationActive = ratioActive || activationCostActive;
  active = rulesActive || activationActive;
  total = new StaticArray<i64>(costPeriods);
  activating = new StaticArray<i32>(activationActive ? employeeCount : 0);
  activated = new StaticArray<i32>(ratioGroups);
}

/** State hook: shift s moved from `from` to `to` (solution.setEmployee). */
export function onAssign(s: i32, from: i32, to: i32): void {
  if (rulesActive) {
    for (let r = 0; r < costRules; r++) {
      const at = oShiftPeriods + 2 * (r * shiftCount + s);
      const a = d(at);
      if (a < 0) continue;
      const delta = costOf(r, s, to) - costOf(r, s, from);
      if (delta == 0) continue;
      const base = ruleFirst(r);
      for (let p = a, b = d(at + 1); p <= b; p++) unchecked(total[base + p] += delta);
    }
  }
  if (activationActive) {
    if (activates(s, from)) {
      const n = unchecked(activating[from]) - 1;
      unchecked(activating[from] = n);
      if (n == 0) unchecked(activated[d(oActivation + from)] -= 1);
    }
    if (activates(s, to)) {
      const n = unchecked(activating[to]) + 1;
      unchecked(activating[to] = n);
      if (n == 1) unchecked(activated[d(oActivation + to)] += 1);
    }
  }
}

// ---- costs rules: deltas ----------------------------------------------------------------------------------------

/** Adds to raw[] the penalty change of rule r when shift s's cost changes by d1 and shift s2's by d2 (s2 may be -1). */
function ruleDelta(r: i32, s1: i32, d1: i64, s2: i32, d2: i64, raw: StaticArray<i64>): void {
  const at1 = oShiftPeriods + 2 * (r * shiftCount + s1);
  let a1 = d1 != 0 ? d(at1) : -1, b1 = d1 != 0 ? d(at1 + 1) : -2;
  if (a1 < 0) { a1 = 0; b1 = -1; }
  let a2 = 0, b2 = -1;
  if (s2 >= 0 && d2 != 0) {
    const at2 = oShiftPeriods + 2 * (r * shiftCount + s2);
    if (d(at2) >= 0) { a2 = d(at2); b2 = d(at2 + 1); }
  }
  if (b1 < a1 && b2 < a2) return;
  const from = b1 < a1 ? a2 : b2 < a2 ? a1 : min(a1, a2);
  const to = max(b1, b2);
  const base = ruleFirst(r);
  let change: i64 = 0;
  for (let p = from; p <= to; p++) {
    let dv: i64 = 0;
    if (p >= a1 && p <= b1) dv += d1;
    if (p >= a2 && p <= b2) dv += d2;
    if (dv == 0) continue;
    const g = base + p;
    const old = unchecked(total[g]);
    change += periodPenalty(g, old + dv) - periodPenalty(g, old);
  }
  if (change != 0) unchecked(raw[ruleConstraint(r)] += change);
}

// ---- activation ratio ------------------------------------------------------------------------------------------

function ratioPenalty(n: StaticArray<i32>, g1: i32, d1: i32, g2: i32, d2: i32): i64 {
  if (!ratioActive) return 0;
  let N: i64 = 0;
  for (let g = 0; g < ratioGroups; g++) if (d(oWeights + g) > 0) N += <i64>unchecked(n[g]) + (g == g1 ? d1 : 0) + (g == g2 ? d2 : 0);
  let p: i64 = 0;
  for (let g = 0; g < ratioGroups; g++) {
    if (d(oWeights + g) == 0) continue;
    const ng = <i64>unchecked(n[g]) + (g == g1 ? d1 : 0) + (g == g2 ? d2 : 0);
    const v = ng * weightSum - <i64>d(oWeights + g) * N;
    p += v < 0 ? -v : v;
  }
  return p;
}

/** Change of e's activated state when its activating count changes by k: -1, 0 or +1. */
// @ts-ignore: decorator
@inline
function flip(e: i32, k: i32): i32 {
  if (k == 0) return 0;
  const n = unchecked(activating[e]);
  if (n == 0 && n + k > 0) return 1;
  if (n > 0 && n + k <= 0) return -1;
  return 0;
}

/** Saturation reward change of employee e when its activating count changes by k: (n + k)² − n² (its group has an activation cost). */
// @ts-ignore: decorator
@inline
function saturationDelta(e: i32, k: i32): i64 {
  if (e < 0 || k == 0 || d(oActivationCost + d(oActivation + e)) <= 0) return 0;
  const n = <i64>unchecked(activating[e]);
  return (n + k) * (n + k) - n * n;
}

function ratioDelta(a: i32, ka: i32, b: i32, kb: i32, raw: StaticArray<i64>): void {
  if (activationCostActive) unchecked(raw[SATURATION_ID] += saturationDelta(a, ka) + saturationDelta(b, kb));
  const fa = a >= 0 ? flip(a, ka) : 0, fb = b >= 0 ? flip(b, kb) : 0;
  if (fa == 0 && fb == 0) return;
  const ga = fa != 0 ? d(oActivation + a) : -1, gb = fb != 0 ? d(oActivation + b) : -1;
  if (ratioActive) unchecked(raw[ACTIVATION_RATIO_ID] += ratioPenalty(activated, ga, fa, gb, fb) - ratioPenalty(activated, -1, 0, -1, 0));
  if (activationCostActive) {
    let c: i64 = 0;
    if (ga >= 0) c += <i64>fa * <i64>d(oActivationCost + ga);
    if (gb >= 0) c += <i64>fb * <i64>d(oActivationCost + gb);
    unchecked(raw[ACTIVATION_COST_ID] += c);
  }
}

// ---- moves --------------------------------------------------------------------------------------------------------

/** Raw deltas of moving s from `from` to `to` (under the current state) into raw[]. */
export function addChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (rulesActive) {
    for (let r = 0; r < costRules; r++) {
      const delta = costOf(r, s, to) - costOf(r, s, from);
      if (delta != 0) ruleDelta(r, s, delta, -1, 0, raw);
    }
  }
  if (activationActive) {
    const ka = activates(s, from) ? -1 : 0, kb = activates(s, to) ? 1 : 0;
    ratioDelta(from, ka, to, kb, raw);
  }
}

/** Raw deltas of the swap s1: a -> b, s2: b -> a (a != b, both >= 0 or one -1), both at once. */
export function addSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (rulesActive) {
    for (let r = 0; r < costRules; r++) {
      const d1 = costOf(r, s1, b) - costOf(r, s1, a);
      const d2 = costOf(r, s2, a) - costOf(r, s2, b);
      if (d1 != 0 || d2 != 0) ruleDelta(r, s1, d1, s2, d2, raw);
    }
  }
  if (activationActive) {
    const ka = (activates(s2, a) ? 1 : 0) - (activates(s1, a) ? 1 : 0);
    const kb = (activates(s1, b) ? 1 : 0) - (activates(s2, b) ? 1 : 0);
    ratioDelta(a, ka, b, kb, raw);
  }
}

// ---- from scratch -------------------------------------------------------------------------------------------------

let scratchTotal = new StaticArray<i64>(0);
let scratchCount = new StaticArray<i32>(0);
let scratchActivated = new StaticArray<i32>(0);

function recountTotals(): void {
  if (scratchTotal.length != costPeriods) scratchTotal = new StaticArray<i64>(costPeriods);
  for (let p = 0; p < costPeriods; p++) unchecked(scratchTotal[p] = 0);
  for (let s = 0; s < shiftCount; s++) {
    const e = unchecked(assignment[s]);
    if (e < 0) continue;
    for (let r = 0; r < costRules; r++) {
      const at = oShiftPeriods + 2 * (r * shiftCount + s);
      if (d(at) < 0) continue;
      const c = costOf(r, s, e);
      if (c == 0) continue;
      const base = ruleFirst(r);
      for (let p = d(at); p <= d(at + 1); p++) unchecked(scratchTotal[base + p] += c);
    }
  }
}

function recountActivated(): void {
  if (scratchCount.length != employeeCount) scratchCount = new StaticArray<i32>(employeeCount);
  if (scratchActivated.length != ratioGroups) scratchActivated = new StaticArray<i32>(ratioGroups);
  for (let e = 0; e < employeeCount; e++) unchecked(scratchCount[e] = 0);
  for (let g = 0; g < ratioGroups; g++) unchecked(scratchActivated[g] = 0);
  for (let s = 0; s < shiftCount; s++) {
    const e = unchecked(assignment[s]);
    if (activates(s, e)) unchecked(scratchCount[e] += 1);
  }
  for (let e = 0; e < employeeCount; e++) {
    if (unchecked(scratchCount[e]) > 0) unchecked(scratchActivated[d(oActivation + e)] += 1);
  }
}

/** Raw penalty (or, with countMatches, the match count) of constraint id from scratch (independent of the state). */
export function penaltyFull(id: i32, countMatches: bool): i64 {
  if (!active) return 0;
  let out: i64 = 0;
  if (id == ACTIVATION_RATIO_ID) {
    if (!ratioActive) return 0;
    recountActivated();
    return countMatches ? <i64>ratioMatches(scratchActivated) : ratioPenalty(scratchActivated, -1, 0, -1, 0);
  }
  if (id == ACTIVATION_COST_ID || id == SATURATION_ID) {
    if (!activationCostActive) return 0;
    recountActivated();
    for (let e = 0; e < employeeCount; e++) {
      const n = <i64>unchecked(scratchCount[e]);
      if (n == 0) continue;
      const c = <i64>d(oActivationCost + d(oActivation + e));
      out += countMatches ? (c != 0 ? 1 : 0) : id == SATURATION_ID ? (c > 0 ? n * n : 0) : c;
    }
    return out;
  }
  if (!rulesActive) return 0;
  recountTotals();
  for (let r = 0; r < costRules; r++) {
    if (ruleConstraint(r) != id) continue;
    const base = ruleFirst(r), n = d(oRules + r * RULE_COST_WORDS + 2);
    for (let p = base; p < base + n; p++) {
      const v = periodPenalty(p, unchecked(scratchTotal[p]));
      out += countMatches ? (v != 0 ? 1 : 0) : v;
    }
  }
  return out;
}

function ratioMatches(n: StaticArray<i32>): i32 {
  if (!ratioActive) return 0;
  let N: i64 = 0;
  for (let g = 0; g < ratioGroups; g++) if (d(oWeights + g) > 0) N += <i64>unchecked(n[g]);
  let k = 0;
  for (let g = 0; g < ratioGroups; g++) {
    if (d(oWeights + g) > 0 && <i64>unchecked(n[g]) * weightSum != <i64>d(oWeights + g) * N) k++;
  }
  return k;
}

/** Match count from the incremental state (what matchCountsAll reads; equal to the recount). */
export function matchCount(id: i32): i32 {
  if (!active) return 0;
  if (id == ACTIVATION_RATIO_ID) return ratioActive ? ratioMatches(activated) : 0;
  if (id == ACTIVATION_COST_ID || id == SATURATION_ID) {
    if (!activationCostActive) return 0;
    let n = 0;
    for (let e = 0; e < employeeCount; e++) {
      if (unchecked(activating[e]) > 0 && d(oActivationCost + d(oActivation + e)) != 0) n++;
    }
    return n;
  }
  let k = 0;
  for (let r = 0; r < costRules; r++) {
    if (ruleConstraint(r) != id) continue;
    const base = ruleFirst(r), n = d(oRules + r * RULE_COST_WORDS + 2);
    for (let p = base; p < base + n; p++) if (periodPenalty(p, unchecked(total[p])) != 0) k++;
  }
  return k;
}

// ---- reads for explanations -------------------------------------------------------------------------------------

export function periodTotal(p: i32): i64 {
  return p >= 0 && p < costPeriods ? total[p] : 0;
}

export function periodPenaltyCurrent(p: i32): i64 {
  return p >= 0 && p < costPeriods ? periodPenalty(p, total[p]) : 0;
}

export function groupActivated(g: i32): i32 {
  return g >= 0 && g < ratioGroups ? activated[g] : 0;
}

/** Penalty of ratio group g in the current solution. */
export function groupPenalty(g: i32): i64 {
  if (!ratioActive || g < 0 || g >= ratioGroups || d(oWeights + g) == 0) return 0;
  let N: i64 = 0;
  for (let h = 0; h < ratioGroups; h++) if (d(oWeights + h) > 0) N += <i64>activated[h];
  const v = <i64>activated[g] * weightSum - <i64>d(oWeights + g) * N;
  return v < 0 ? -v : v;
}

/** Shifts that activate employee e in the current solution (0 when activation is not tracked). */
export function employeeActivating(e: i32): i32 {
  return e >= 0 && e < activating.length ? activating[e] : 0;
}

// ---- cost definitions (constraint 68, a contract rule kind) -----------------------------------------------------

/** Minutes beyond the base tier of cost rule r (its overtime) for `minutes` worked. */
export function overtimeMinutes(r: i32, minutes: i64): i64 {
  const n = rw(r, RW_AUX_COUNT);
  if (n <= 1) return 0;
  const base = unchecked(ruleAux[rw(r, RW_AUX)]);
  return base < 0 ? 0 : max<i64>(0, minutes - <i64>base);
}

/**
 * Cost in milli-units of `minutes` worked in one period under cost rule r: the tiers in order (base, then the
 * overtime details), each covering its minutes limit at its hourly rate; the last tier takes whatever remains.
 * Σ minutes × milli-units per hour, divided by 60 once and rounded half up (exact integers).
 */
export function tieredCost(r: i32, minutes: i64): i64 {
  const n = rw(r, RW_AUX_COUNT), at = rw(r, RW_AUX);
  let left = minutes;
  let acc: i64 = 0;
  for (let i = 0; i < n && left > 0; i++) {
    const lim = unchecked(ruleAux[at + 2 * i]);
    const rate = <i64>unchecked(ruleAux[at + 2 * i + 1]);
    const take = lim < 0 || i == n - 1 ? left : min<i64>(left, <i64>lim);
    acc += take * rate;
    left -= take;
  }
  return (acc + 30) / 60;
}

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

/** "Minimize cost per period" (COST_MINIMIZE_ID) is scored by compiled rules: the contracts family declares it. */
export function declare(family: i32): void {
  register(COST_REQUIRED_ID, "Costs per period not in required range", LEVEL_HARD, PENALTY, KIND_AGGREGATE, family);
  register(COST_PREFERRED_ID, "Costs per period not in preferred range", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(ACTIVATION_RATIO_ID, "Keep employee activation ratio", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(ACTIVATION_COST_ID, "Minimize activated employees", LEVEL_SOFT, PENALTY, KIND_AGGREGATE, family);
  register(SATURATION_ID, "Maximize activated employee saturation", LEVEL_SOFT, REWARD, KIND_AGGREGATE, family);
}

export function initFamily(): void {
  initCost();
}

// @ts-ignore: decorator
@inline
export function onAssignFamily(s: i32, from: i32, to: i32): void {
  if (active) onAssign(s, from, to);
}

function markCost(): void {
  markId(touched, COST_REQUIRED_ID);
  markId(touched, COST_PREFERRED_ID);
  markId(touched, ACTIVATION_RATIO_ID);
  markId(touched, ACTIVATION_COST_ID);
  markId(touched, SATURATION_ID);
}

/** Every level at once; scored with the hard phase of a move (score.ts). */
export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!active) return;
  addChange(s, from, to, raw);
  markCost();
}

export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!active) return;
  addSwap(s1, s2, a, b, raw);
  markCost();
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull(id, false);
}

export function fullMatchCount(id: i32): i32 {
  return <i32>penaltyFull(id, true);
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  if (enabled[COST_REQUIRED_ID]) counts[COST_REQUIRED_ID] = matchCount(COST_REQUIRED_ID);
  if (enabled[COST_PREFERRED_ID]) counts[COST_PREFERRED_ID] = matchCount(COST_PREFERRED_ID);
  if (enabled[ACTIVATION_RATIO_ID]) counts[ACTIVATION_RATIO_ID] = matchCount(ACTIVATION_RATIO_ID);
  if (enabled[ACTIVATION_COST_ID]) counts[ACTIVATION_COST_ID] = matchCount(ACTIVATION_COST_ID);
  if (enabled[SATURATION_ID]) counts[SATURATION_ID] = matchCount(SATURATION_ID);
}
