/**
 * Table of contents of the constraints, hard first, then medium, then soft. Adding a constraint means: its unit
 * file, one line in each table below, one row in the glue-side verifier table (test/node/constraints.test.ts) and
 * its override name in solver/constraints.ts.
 *
 * Ids are stable (tests, score analysis and recommendations key on them) and dense: 0 .. CONSTRAINT_COUNT - 1.
 * Each unit reports a raw match weight (>= 0, natural units: minutes, skills, priority weights); the score director
 * multiplies it by the constraint's weight and negates it for a penalty (keeps it for a reward).
 *
 * Kinds of unit, by what a change of one shift's employee can affect:
 *   LOCAL      the (shift, employee) pair only: `penalty(s, e)`. Delta = penalty(s, to) - penalty(s, from).
 *              Fused into `addLocal` below so a move evaluates every local unit in one pass, each guarded by
 *              its enabled flag and an early exit when its data row is empty. Hard ones also feed `addHardUntil`
 *              (early rejection) and `hardLocal` (the violation pool).
 *   PAIRWISE   pairs of one employee's shifts, scanned in that employee's time-ordered list (solution.ts).
 *   AGGREGATE  a function of per-employee loads kept in the solution state (balance.ts, updated by setEmployee).
 *
 *   EMPLOYEE   a function of one employee's time-ordered shifts (contract rules, contracts.ts): a cached value per
 *              (employee, rule), re-evaluated for the two employees a move touches over a view of their shifts as
 *              the move would leave them (nothing applied); the values are pending until the move commits. Scored
 *              with the hard phase of a move (all levels at once), after the LOCAL and PAIRWISE early exit.
 * The disruption units (disruption.ts) are LOCAL: they depend on the shift, its submitted employee and the new one.
 *
 *   CROSS      employee pairings and daily shift pairings (pairings.ts): a sum of per-shift terms that read other
 *              employees' (or the owner's) shifts near the shift; a move re-evaluates the terms it can change
 *              (the moved shifts, the shifts around them of the employees watching the two employees), before and
 *              as the move would leave them. No cache. Scored with the hard phase of a move (all levels at once).
 */
import * as requiredSkillMissing from "./required-skill-missing";
import * as overlappingShift from "./overlapping-shift";
import * as unavailableTime from "./unavailable-time";
import * as availableTime from "./available-time";
import * as prohibitedEmployee from "./prohibited-employee";
import * as prohibitedRiskFactor from "./prohibited-risk-factor";
import * as requiredShiftTags from "./required-shift-tags";
import * as unassignedShift from "./unassigned-shift";
import * as unassignedOptionalShift from "./unassigned-optional-shift";
import * as unpreferredTime from "./unpreferred-time";
import * as preferredTime from "./preferred-time";
import * as preferredSkillMissing from "./preferred-skill-missing";
import * as unpreferredEmployee from "./unpreferred-employee";
import * as preferredEmployee from "./preferred-employee";
import * as preferredShiftTags from "./preferred-shift-tags";
import * as balance from "./balance";
import * as contracts from "./contracts";
import * as disruption from "./disruption";
import * as cost from "./cost";
import * as demand from "./demand";
import * as pairings from "./pairings";
import { LEVEL_HARD, LEVEL_MEDIUM, LEVEL_SOFT, CONTRACT_CONSTRAINT_FIRST, CONTRACT_CONSTRAINT_END, isRuleConstraint } from "../layout";
import { shiftCount, shiftHistoric, balanceRuleCount, overlapGroup, ER_GROUP, ef, isHistoric } from "../problem";
import { assignment, hardClean } from "../solution";
import { MASK_CAPACITY, newMask, markId, clearMask, copyMask, orMask } from "../id-mask";

/**
 * Contract rules (EMPLOYEE-SCOPED units, contracts.ts), ids CONTRACT_CONSTRAINT_FIRST.. in pairs: the REQUIRED
 * variant (hard) then the PREFERRED one (soft), except the soft-only "Minimize gaps". Names are the reference's
 * (its `*Justification` schemas); the glue (solver/constraints.ts) maps the PREFERRED ones to their override names.
 */
const CONTRACT_NAMES: string[] = [
  "Minutes worked per period not in required range for employee",
  "Minutes worked per period not in preferred range for employee",
  "Shifts worked per period not in required range for employee",
  "Shifts worked per period not in preferred range for employee",
  "Days worked per period not in required range for employee",
  "Days worked per period not in preferred range for employee",
  "Days off per period not in required range for employee",
  "Days off per period not in preferred range for employee",
  "Weekends worked per period not in required range for employee",
  "Weekends worked per period not in preferred range for employee",
  "Weekend minutes worked per period not in required range for employee",
  "Weekend minutes worked per period not in preferred range for employee",
  "Consecutive weekends worked per period not in required range for employee",
  "Consecutive weekends worked per period not in preferred range for employee",
  "Consecutive weekends off per period not in required range for employee",
  "Consecutive weekends off per period not in preferred range for employee",
  "Minutes between shifts not in required range for employee",
  "Minutes between shifts not in preferred range for employee",
  "Consecutive days worked not in required range for employee",
  "Consecutive days worked not in preferred range for employee",
  "Consecutive shifts worked not in required range for employee",
  "Consecutive shifts worked not in preferred range for employee",
  "Time off after consecutive shifts worked not in required range for employee",
  "Time off after consecutive shifts worked not in preferred range for employee",
  "Minimize gaps between shifts for employee",
  "Minutes worked in rolling window not in required range for employee",
  "Minutes worked in rolling window not in preferred range for employee",
  "Shifts worked in rolling window not in required range for employee",
  "Shifts worked in rolling window not in preferred range for employee",
  "Days worked in rolling window not in required range for employee",
  "Days worked in rolling window not in preferred range for employee",
  "Weekends worked in rolling window not in required range for employee",
  "Weekends worked in rolling window not in preferred range for employee",
  "Consecutive minutes off in rolling window not in required range for employee",
  "Consecutive minutes off in rolling window not in preferred range for employee",
];
/** Id of "Minimize gaps between shifts for employee" (the one contract constraint without a REQUIRED variant). */
export const GAPS_ID: i32 = 41;

/**
 * After the contract rules and the disruption units (disruption.ts, 52-54): scoped disruption (55-56), employee
 * pairings (57-61), daily shift pairings (62-65), cost (66-69), hourly demand (70-72) and the activation cost
 * (73, cost.ts). Names are the reference's justification names; level and reward per id.
 */
export const FAMILY_FIRST: i32 = disruption.GLOBAL_ID + 1;
const FAMILY_NAMES: string[] = [
  "Required scoped disruption for employee",
  "Minimize preferred scoped disruption for employee",
  "Employee is not paired with required employee",
  "Employee is paired with prohibited employee",
  "Employee is paired with unpreferred employee",
  "Employee is paired with preferred employee",
  "Paired employees don't work shifts with common tags",
  "Employee does not have required daily shift pairing",
  "Employee has prohibited daily shift pairing",
  "Employee has unpreferred daily shift pairing",
  "Employee does not have preferred daily shift pairing",
  "Costs per period not in required range",
  "Costs per period not in preferred range",
  "Minimize cost per period",
  "Keep employee activation ratio",
  "Shifts worked not in required hourly demand range",
  "Shifts worked not in preferred hourly demand range",
  "Balance shifts worked for minimum hourly demand",
  "Minimize activated employees",
];
const FAMILY_LEVELS: i32[] = [
  LEVEL_HARD, LEVEL_SOFT,
  LEVEL_HARD, LEVEL_HARD, LEVEL_SOFT, LEVEL_SOFT, LEVEL_HARD,
  LEVEL_HARD, LEVEL_HARD, LEVEL_SOFT, LEVEL_SOFT,
  LEVEL_HARD, LEVEL_SOFT, LEVEL_SOFT, LEVEL_SOFT,
  LEVEL_HARD, LEVEL_SOFT, LEVEL_SOFT,
  LEVEL_SOFT,
];
/** Ids among them whose matches add to the score. */
export const PAIRED_WITH_PREFERRED_ID: i32 = 60;

export const CONSTRAINT_COUNT: i32 = FAMILY_FIRST + FAMILY_NAMES.length;
// @ts-ignore: top-level assert
assert(FAMILY_LEVELS.length == FAMILY_NAMES.length);
// @ts-ignore: top-level assert
assert(CONTRACT_CONSTRAINT_FIRST + CONTRACT_NAMES.length == CONTRACT_CONSTRAINT_END);
// The score director tracks touched constraints in bit masks (id-mask.ts, score.ts).
// @ts-ignore: top-level assert
assert(CONSTRAINT_COUNT <= MASK_CAPACITY);

export const KIND_LOCAL: i32 = 0;
export const KIND_PAIRWISE: i32 = 1;
export const KIND_AGGREGATE: i32 = 2;
export const KIND_EMPLOYEE: i32 = 3;
export const KIND_CROSS: i32 = 4;

// @ts-ignore: decorator
@inline
export function isContractConstraint(id: i32): bool {
  return isRuleConstraint(id);
}

/** Per constraint id: enabled (weight != 0); maintained by the score director. */
export const enabled = new StaticArray<bool>(CONSTRAINT_COUNT);

export function constraintName(id: i32): string {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.NAME;
    case overlappingShift.ID: return overlappingShift.NAME;
    case unavailableTime.ID: return unavailableTime.NAME;
    case availableTime.ID: return availableTime.NAME;
    case prohibitedEmployee.ID: return prohibitedEmployee.NAME;
    case prohibitedRiskFactor.ID: return prohibitedRiskFactor.NAME;
    case requiredShiftTags.ID: return requiredShiftTags.NAME;
    case unassignedShift.ID: return unassignedShift.NAME;
    case unassignedOptionalShift.ID: return unassignedOptionalShift.NAME;
    case unpreferredTime.ID: return unpreferredTime.NAME;
    case preferredTime.ID: return preferredTime.NAME;
    case preferredSkillMissing.ID: return preferredSkillMissing.NAME;
    case unpreferredEmployee.ID: return unpreferredEmployee.NAME;
    case preferredEmployee.ID: return preferredEmployee.NAME;
    case preferredShiftTags.ID: return preferredShiftTags.NAME;
    case balance.TIME_ID: return balance.TIME_NAME;
    case balance.COUNT_ID: return balance.COUNT_NAME;
  }
  if (id >= CONTRACT_CONSTRAINT_FIRST && id < CONTRACT_CONSTRAINT_END) return CONTRACT_NAMES[id - CONTRACT_CONSTRAINT_FIRST];
  if (id == disruption.OUT_ID) return disruption.OUT_NAME;
  if (id == disruption.IN_ID) return disruption.IN_NAME;
  if (id == disruption.GLOBAL_ID) return disruption.GLOBAL_NAME;
  if (id >= FAMILY_FIRST && id < CONSTRAINT_COUNT) return FAMILY_NAMES[id - FAMILY_FIRST];
  return "";
}

export function constraintLevel(id: i32): i32 {
  if (id >= FAMILY_FIRST) return FAMILY_LEVELS[id - FAMILY_FIRST];
  if (id <= requiredShiftTags.ID) return LEVEL_HARD;
  if (id == unassignedShift.ID) return LEVEL_MEDIUM;
  // Contract pairs: REQUIRED (hard) first; ids after the soft-only gaps constraint shift by one.
  if (isContractConstraint(id) && id != GAPS_ID) return ((id < GAPS_ID ? id - CONTRACT_CONSTRAINT_FIRST : id - GAPS_ID - 1) & 1) == 0 ? LEVEL_HARD : LEVEL_SOFT;
  return LEVEL_SOFT;
}

/** Rewards add to the score; every other constraint is a penalty. */
export function isReward(id: i32): bool {
  return id == preferredTime.ID || id == preferredEmployee.ID || id == preferredShiftTags.ID || id == PAIRED_WITH_PREFERRED_ID;
}

export function constraintKind(id: i32): i32 {
  if (id == overlappingShift.ID) return KIND_PAIRWISE;
  if (id == balance.TIME_ID || id == balance.COUNT_ID) return KIND_AGGREGATE;
  if (isContractConstraint(id)) return KIND_EMPLOYEE;
  if (isCostAggregate(id)) return KIND_AGGREGATE;
  if (isDemandConstraint(id)) return KIND_AGGREGATE;
  if (pairings.isPairingConstraint(id)) return KIND_CROSS;
  return KIND_LOCAL;
}

/** Hourly demand (demand.ts, AGGREGATE): ids 70-72. */
// @ts-ignore: decorator
@inline
export function isDemandConstraint(id: i32): bool {
  return id >= demand.REQUIRED_ID && id <= demand.BALANCE_ID;
}

/** Raw match weight of LOCAL constraint `id` for shift s worked by e (-1 = unassigned). Historic shifts: 0. */
export function localPenalty(id: i32, s: i32, e: i32): i64 {
  if (shiftHistoric[s]) return 0;
  if (id == disruption.OUT_ID) return disruption.outgoing(s, e);
  if (id == disruption.IN_ID) return disruption.incoming(s, e);
  if (id == disruption.GLOBAL_ID) return disruption.disrupted(s, e);
  if (e < 0) {
    if (id == unassignedShift.ID) return unassignedShift.penalty(s);
    if (id == unassignedOptionalShift.ID) return unassignedOptionalShift.penalty(s);
    return 0;
  }
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.penalty(s, e);
    case unavailableTime.ID: return unavailableTime.penalty(s, e);
    case availableTime.ID: return availableTime.penalty(s, e);
    case prohibitedEmployee.ID: return prohibitedEmployee.penalty(s, e);
    case prohibitedRiskFactor.ID: return prohibitedRiskFactor.penalty(s, e);
    case requiredShiftTags.ID: return requiredShiftTags.penalty(s, e);
    case unpreferredTime.ID: return unpreferredTime.penalty(s, e);
    case preferredTime.ID: return preferredTime.penalty(s, e);
    case preferredSkillMissing.ID: return preferredSkillMissing.penalty(s, e);
    case unpreferredEmployee.ID: return unpreferredEmployee.penalty(s, e);
    case preferredEmployee.ID: return preferredEmployee.penalty(s, e);
    case preferredShiftTags.ID: return preferredShiftTags.penalty(s, e);
  }
  return 0;
}

/** Bit per constraint id written by `add` since the last reset: lets the score director visit only those. */
export const touched = newMask();

export function clearTouched(): void {
  clearMask(touched);
}

export function setTouched(mask: StaticArray<u64>): void {
  copyMask(touched, mask);
}

// @ts-ignore: decorator
@inline
function add(raw: StaticArray<i64>, id: i32, sign: i64, v: i64): void {
  if (v != 0) {
    unchecked(raw[id] += sign * v);
    markId(touched, id);
  }
}

/** Adds sign × the raw weights of every enabled LOCAL constraint for (s, e) into raw[id]. The hot path. */
export function addLocal(s: i32, e: i32, sign: i64, raw: StaticArray<i64>): void {
  addLocalHard(s, e, sign, raw);
  addLocalRest(s, e, sign, raw);
}

/**
 * The hard LOCAL constraints only (moves are rejected on the hard level before the rest is computed). Returns
 * whether any of them was non-zero.
 */
export function addLocalHard(s: i32, e: i32, sign: i64, raw: StaticArray<i64>): bool {
  if (e < 0 || isHistoric(s)) return false;
  let any = false;
  let v: i64 = 0;
  if (unchecked(enabled[requiredSkillMissing.ID]) && (v = requiredSkillMissing.penalty(s, e)) != 0) { add(raw, requiredSkillMissing.ID, sign, v); any = true; }
  if (unchecked(enabled[unavailableTime.ID]) && (v = unavailableTime.penalty(s, e)) != 0) { add(raw, unavailableTime.ID, sign, v); any = true; }
  if (unchecked(enabled[availableTime.ID]) && (v = availableTime.penalty(s, e)) != 0) { add(raw, availableTime.ID, sign, v); any = true; }
  if (unchecked(enabled[prohibitedEmployee.ID]) && (v = prohibitedEmployee.penalty(s, e)) != 0) { add(raw, prohibitedEmployee.ID, sign, v); any = true; }
  if (unchecked(enabled[prohibitedRiskFactor.ID]) && (v = prohibitedRiskFactor.penalty(s, e)) != 0) { add(raw, prohibitedRiskFactor.ID, sign, v); any = true; }
  if (unchecked(enabled[requiredShiftTags.ID]) && (v = requiredShiftTags.penalty(s, e)) != 0) { add(raw, requiredShiftTags.ID, sign, v); any = true; }
  return any;
}

/** Running hard delta of `addHardUntil` (score units, penalties negative). */
export let hardRunning: i64 = 0;

export function setHardRunning(v: i64): void {
  hardRunning = v;
}

// @ts-ignore: decorator
@inline
function addHard(raw: StaticArray<i64>, id: i32, v: i64, weight: StaticArray<i64>, floor: i64): bool {
  if (v == 0) return true;
  unchecked(raw[id] += v);
  markId(touched, id);
  hardRunning -= unchecked(weight[id]) * v;
  return hardRunning >= floor;
}

/**
 * The hard penalties of placing s on e (LOCAL units, then the overlap with e's shifts), added one unit at a time
 * while tracking `hardRunning`; stops and returns false as soon as it falls below `floor`. Penalties only lower
 * the score, so once below the floor the candidate is rejected whatever the remaining units say. Cheap and often
 * violated units first, the list scan of the overlap last.
 */
export function addHardUntil(s: i32, e: i32, raw: StaticArray<i64>, weight: StaticArray<i64>, floor: i64): bool {
  if (e < 0) return true;
  if (!isHistoric(s)) {
    if (unchecked(enabled[requiredShiftTags.ID]) && !addHard(raw, requiredShiftTags.ID, requiredShiftTags.penalty(s, e), weight, floor)) return false;
    if (unchecked(enabled[requiredSkillMissing.ID]) && !addHard(raw, requiredSkillMissing.ID, requiredSkillMissing.penalty(s, e), weight, floor)) return false;
    if (unchecked(enabled[prohibitedEmployee.ID]) && !addHard(raw, prohibitedEmployee.ID, prohibitedEmployee.penalty(s, e), weight, floor)) return false;
    if (unchecked(enabled[prohibitedRiskFactor.ID]) && !addHard(raw, prohibitedRiskFactor.ID, prohibitedRiskFactor.penalty(s, e), weight, floor)) return false;
    if (unchecked(enabled[unavailableTime.ID]) && !addHard(raw, unavailableTime.ID, unavailableTime.penalty(s, e), weight, floor)) return false;
    if (unchecked(enabled[availableTime.ID]) && !addHard(raw, availableTime.ID, availableTime.penalty(s, e), weight, floor)) return false;
  }
  if (unchecked(enabled[overlappingShift.ID]) && !addHard(raw, overlappingShift.ID, overlappingShift.overlapWithEmployee(s, e), weight, floor)) return false;
  return true;
}

/**
 * The hard gains of taking s off e (its current employee): its LOCAL hard penalties (skipped when the placement is
 * known clean, solution.ts hardClean) and its overlap with e's other shifts, subtracted.
 */
export function subtractHard(s: i32, e: i32, raw: StaticArray<i64>): void {
  if (e < 0) return;
  const clean = unchecked(hardClean[s]);
  if (clean != 0) {
    const dirty = addLocalHard(s, e, -1, raw);
    if (unchecked(assignment[s]) == e) unchecked(hardClean[s] = dirty ? 1 : 0);
  }
  if (unchecked(enabled[overlappingShift.ID])) add(raw, overlappingShift.ID, -1, overlappingShift.overlapOfOwnShift(s, e));
}

/** The medium and soft LOCAL constraints. */
export function addLocalRest(s: i32, e: i32, sign: i64, raw: StaticArray<i64>): void {
  if (isHistoric(s)) return;
  if (disruption.active) {
    if (unchecked(enabled[disruption.OUT_ID])) add(raw, disruption.OUT_ID, sign, disruption.outgoing(s, e));
    if (unchecked(enabled[disruption.IN_ID])) add(raw, disruption.IN_ID, sign, disruption.incoming(s, e));
    if (unchecked(enabled[disruption.GLOBAL_ID])) add(raw, disruption.GLOBAL_ID, sign, disruption.disrupted(s, e));
  }
  if (e < 0) {
    if (unchecked(enabled[unassignedShift.ID])) add(raw, unassignedShift.ID, sign, unassignedShift.penalty(s));
    if (unchecked(enabled[unassignedOptionalShift.ID])) add(raw, unassignedOptionalShift.ID, sign, unassignedOptionalShift.penalty(s));
    return;
  }
  if (unchecked(enabled[unpreferredTime.ID])) add(raw, unpreferredTime.ID, sign, unpreferredTime.penalty(s, e));
  if (unchecked(enabled[preferredTime.ID])) add(raw, preferredTime.ID, sign, preferredTime.penalty(s, e));
  if (unchecked(enabled[preferredSkillMissing.ID])) add(raw, preferredSkillMissing.ID, sign, preferredSkillMissing.penalty(s, e));
  if (unchecked(enabled[unpreferredEmployee.ID])) add(raw, unpreferredEmployee.ID, sign, unpreferredEmployee.penalty(s, e));
  if (unchecked(enabled[preferredEmployee.ID])) add(raw, preferredEmployee.ID, sign, preferredEmployee.penalty(s, e));
  if (unchecked(enabled[preferredShiftTags.ID])) add(raw, preferredShiftTags.ID, sign, preferredShiftTags.penalty(s, e));
}

/** Raw hard weight of the enabled LOCAL hard constraints for (s, e): is this placement itself infeasible? */
export function hardLocal(s: i32, e: i32): i64 {
  if (e < 0 || isHistoric(s)) return 0;
  let total: i64 = 0;
  if (unchecked(enabled[requiredSkillMissing.ID])) total += requiredSkillMissing.penalty(s, e);
  if (unchecked(enabled[unavailableTime.ID])) total += unavailableTime.penalty(s, e);
  if (unchecked(enabled[availableTime.ID])) total += availableTime.penalty(s, e);
  if (unchecked(enabled[prohibitedEmployee.ID])) total += prohibitedEmployee.penalty(s, e);
  if (unchecked(enabled[prohibitedRiskFactor.ID])) total += prohibitedRiskFactor.penalty(s, e);
  if (unchecked(enabled[requiredShiftTags.ID])) total += requiredShiftTags.penalty(s, e);
  return total;
}

/** Raw penalty delta of the non-local constraints for moving s from `from` to `to`, into raw[]. */
export function addNonLocal(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  addNonLocalHard(s, from, to, raw);
  addNonLocalRest(s, from, to, raw);
  addContractChange(s, from, to, raw);
  addCostChange(s, from, to, raw);
  addDemandChange(s, from, to, raw);
  addPairingChange(s, from, to, raw);
}

/** Hourly demand deltas (every level at once), for a change; scored with the hard phase of a move (score.ts). */
// @ts-ignore: decorator
@inline
export function addDemandChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (demand.active) demand.addChange(s, from, to, raw, touched);
}

// @ts-ignore: decorator
@inline
export function addDemandSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (demand.active) demand.addSwap(s1, s2, a, b, raw, touched);
}

export function addNonLocalHard(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (unchecked(enabled[overlappingShift.ID])) add(raw, overlappingShift.ID, 1, overlappingShift.penaltyDelta(s, from, to));
}

/**
 * The contract rules' deltas (every level at once: one view per employee serves them all), for a change; the
 * values go to the probe buffer (contracts.ts). Disabled constraints are scored and then ignored by their weight 0.
 */
export function addContractChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!contracts.active) return;
  contracts.addChange(s, from, to, raw);
  orMask(touched, contracts.touchedMask);
}

/** The cost aggregates' deltas (costs rules 66-67, activation ratio 69; every level at once) for a change. */
export function addCostChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!cost.active) return;
  cost.addChange(s, from, to, raw);
  markCost();
}

export function addCostSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!cost.active) return;
  cost.addSwap(s1, s2, a, b, raw);
  markCost();
}

function markCost(): void {
  markId(touched, cost.COST_REQUIRED_ID);
  markId(touched, cost.COST_PREFERRED_ID);
  markId(touched, cost.ACTIVATION_RATIO_ID);
  markId(touched, cost.ACTIVATION_COST_ID);
}

/** The cost AGGREGATE units (constraints/cost.ts): costs rules, activation ratio, activation cost. */
function isCostAggregate(id: i32): bool {
  return id == cost.COST_REQUIRED_ID || id == cost.COST_PREFERRED_ID || id == cost.ACTIVATION_RATIO_ID || id == cost.ACTIVATION_COST_ID;
}

export function addContractSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!contracts.active) return;
  contracts.addSwap(s1, s2, a, b, raw);
  orMask(touched, contracts.touchedMask);
}

/** The pairings' deltas (every level at once) for a change, evaluated without applying it (pairings.ts). */
export function addPairingChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!pairings.active) return;
  pairings.addChange(s, from, to, raw);
  orMask(touched, pairings.touchedMask);
}

export function addPairingSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!pairings.active) return;
  pairings.addSwap(s1, s2, a, b, raw);
  orMask(touched, pairings.touchedMask);
}

export function addNonLocalRest(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (balanceRuleCount > 0 && (unchecked(enabled[balance.TIME_ID]) || unchecked(enabled[balance.COUNT_ID]))) {
    balance.addDelta(s, from, to, raw);
    markId(touched, balance.TIME_ID);
    markId(touched, balance.COUNT_ID);
  }
}

/**
 * Swap of s1 (on a) and s2 (on b), scored without applying either change: each change is scored against the
 * current solution, then corrected for the one interaction between them. For overlap, s1 joining b is no longer
 * paired with s2 (which leaves b), and likewise s2 joining a; the balance loads of a and b change by both shifts
 * at once (`balance.addSwapDelta`). Local constraints do not interact.
 */
export function addSwapOverlapCorrection(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!unchecked(enabled[overlappingShift.ID])) return;
  let correction: i64 = 0;
  if (b >= 0) correction += overlappingShift.pairMinutes(s1, s2, ef(b, ER_GROUP));
  if (a >= 0) correction += overlappingShift.pairMinutes(s2, s1, ef(a, ER_GROUP));
  add(raw, overlappingShift.ID, -1, correction);
}

export function addSwapBalance(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (balanceRuleCount > 0 && (unchecked(enabled[balance.TIME_ID]) || unchecked(enabled[balance.COUNT_ID]))) {
    balance.addSwapDelta(s1, s2, a, b, raw);
    markId(touched, balance.TIME_ID);
    markId(touched, balance.COUNT_ID);
  }
}

/** Raw weight of constraint `id` from scratch (independent of the incremental state). */
export function penaltyFull(id: i32): i64 {
  if (id == overlappingShift.ID) return overlappingShift.penaltyFull();
  if (id == balance.TIME_ID) return balance.penaltyFull(balance.BALANCE_TIME);
  if (id == balance.COUNT_ID) return balance.penaltyFull(balance.BALANCE_COUNT);
  if (isContractConstraint(id)) return contracts.penaltyFull(id, false);
  if (isCostAggregate(id)) return cost.penaltyFull(id, false);
  if (isDemandConstraint(id)) return demand.penaltyFull(id);
  if (pairings.isPairingConstraint(id)) return pairings.penaltyFull(id);
  let total: i64 = 0;
  for (let s = 0; s < shiftCount; s++) total += localPenalty(id, s, assignment[s]);
  return total;
}

/**
 * Every constraint's match count of the current solution into counts[] (0 for disabled ones), in one pass: the
 * LOCAL constraints over the shifts once, the overlap scan once, the contract rules' counts from their caches
 * (kept at every commit). What `constraintScores()` reads; O(shifts × local constraints), tens of microseconds.
 */
export function matchCountsAll(counts: StaticArray<i32>): void {
  for (let id = 0; id < CONSTRAINT_COUNT; id++) unchecked(counts[id] = 0);
  for (let s = 0; s < shiftCount; s++) {
    if (shiftHistoric[s]) continue;
    const e = unchecked(assignment[s]);
    for (let id = 0; id < CONSTRAINT_COUNT; id++) {
      if (id == overlappingShift.ID || id == balance.TIME_ID || id == balance.COUNT_ID || isContractConstraint(id) || isDemandConstraint(id) || pairings.isPairingConstraint(id)) continue;
      if (!unchecked(enabled[id])) continue;
      if (localPenalty(id, s, e) != 0) unchecked(counts[id]++);
    }
  }
  if (enabled[overlappingShift.ID]) counts[overlappingShift.ID] = overlappingShift.matchCount();
  if (enabled[balance.TIME_ID]) counts[balance.TIME_ID] = balance.matchCount(balance.BALANCE_TIME);
  if (enabled[balance.COUNT_ID]) counts[balance.COUNT_ID] = balance.matchCount(balance.BALANCE_COUNT);
  for (let id = 0; id < CONSTRAINT_COUNT; id++) {
    if (isContractConstraint(id) && enabled[id]) counts[id] = <i32>unchecked(contracts.matchTotals[id]);
  }
  if (enabled[cost.COST_REQUIRED_ID]) counts[cost.COST_REQUIRED_ID] = cost.matchCount(cost.COST_REQUIRED_ID);
  if (enabled[cost.COST_PREFERRED_ID]) counts[cost.COST_PREFERRED_ID] = cost.matchCount(cost.COST_PREFERRED_ID);
  if (enabled[cost.ACTIVATION_RATIO_ID]) counts[cost.ACTIVATION_RATIO_ID] = cost.matchCount(cost.ACTIVATION_RATIO_ID);
  if (enabled[cost.ACTIVATION_COST_ID]) counts[cost.ACTIVATION_COST_ID] = cost.matchCount(cost.ACTIVATION_COST_ID);
  for (let id = demand.REQUIRED_ID; id <= demand.BALANCE_ID; id++) if (enabled[id]) counts[id] = demand.matchCount(id, false);
  pairings.matchCounts(counts, enabled);
}

export function matchCount(id: i32): i32 {
  if (id == overlappingShift.ID) return overlappingShift.matchCount();
  if (id == balance.TIME_ID) return balance.matchCount(balance.BALANCE_TIME);
  if (id == balance.COUNT_ID) return balance.matchCount(balance.BALANCE_COUNT);
  if (isContractConstraint(id)) return <i32>contracts.penaltyFull(id, true);
  if (isCostAggregate(id)) return <i32>cost.penaltyFull(id, true);
  if (isDemandConstraint(id)) return demand.matchCount(id, true);
  if (pairings.isPairingConstraint(id)) return pairings.matchCount(id);
  let n = 0;
  for (let s = 0; s < shiftCount; s++) if (localPenalty(id, s, assignment[s]) != 0) n++;
  return n;
}
