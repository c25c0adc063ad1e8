/**
 * The LOCAL family: units whose penalty depends on one (shift, employee) pair only, `penalty(s, e)` (the unit files
 * named below, and the disruption units of disruption.ts, which also read the shift's submitted employee). The delta
 * of a change is penalty(s, to) - penalty(s, from); historic shifts score 0.
 *
 * The hot path of the search: a move evaluates every local unit in one pass, each guarded by its enabled flag, so
 * the units are listed here by hand (no dispatch per unit): `addLocalHard` / `addHardUntil` / `hardLocal` for the
 * hard ones (early rejection of a move and the violation pool), `addLocalRest` for the medium and soft ones, and
 * `localPenalty` for the scores from scratch. A new LOCAL unit: its file (its id from assembly/layout.ts), its
 * `register` line in `declare`, its line in `localPenalty` and in the level's pass (hard: `addLocalHard`,
 * `addHardUntil`, `hardLocal`; else `addLocalRest`).
 */
import { LEVEL_SOFT } from "../layout";
import { shiftCount, isHistoric } from "../problem";
import { assignment } from "../state";
import { KIND_LOCAL, PENALTY, register, enabled, add, addHard } from "./catalog";
import * as requiredSkillMissing from "./required-skill-missing";
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
import * as disruption from "./disruption";
import * as nearDayOff from "./near-day-off";
import * as travel from "./travel";

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(requiredSkillMissing.ID, requiredSkillMissing.NAME, requiredSkillMissing.LEVEL, requiredSkillMissing.REWARD, KIND_LOCAL, family);
  register(unavailableTime.ID, unavailableTime.NAME, unavailableTime.LEVEL, unavailableTime.REWARD, KIND_LOCAL, family);
  register(availableTime.ID, availableTime.NAME, availableTime.LEVEL, availableTime.REWARD, KIND_LOCAL, family);
  register(prohibitedEmployee.ID, prohibitedEmployee.NAME, prohibitedEmployee.LEVEL, prohibitedEmployee.REWARD, KIND_LOCAL, family);
  register(prohibitedRiskFactor.ID, prohibitedRiskFactor.NAME, prohibitedRiskFactor.LEVEL, prohibitedRiskFactor.REWARD, KIND_LOCAL, family);
  register(requiredShiftTags.ID, requiredShiftTags.NAME, requiredShiftTags.LEVEL, requiredShiftTags.REWARD, KIND_LOCAL, family);
  register(unassignedShift.ID, unassignedShift.NAME, unassignedShift.LEVEL, unassignedShift.REWARD, KIND_LOCAL, family);
  register(unassignedOptionalShift.ID, unassignedOptionalShift.NAME, unassignedOptionalShift.LEVEL, unassignedOptionalShift.REWARD, KIND_LOCAL, family);
  register(unpreferredTime.ID, unpreferredTime.NAME, unpreferredTime.LEVEL, unpreferredTime.REWARD, KIND_LOCAL, family);
  register(preferredTime.ID, preferredTime.NAME, preferredTime.LEVEL, preferredTime.REWARD, KIND_LOCAL, family);
  register(preferredSkillMissing.ID, preferredSkillMissing.NAME, preferredSkillMissing.LEVEL, preferredSkillMissing.REWARD, KIND_LOCAL, family);
  register(unpreferredEmployee.ID, unpreferredEmployee.NAME, unpreferredEmployee.LEVEL, unpreferredEmployee.REWARD, KIND_LOCAL, family);
  register(preferredEmployee.ID, preferredEmployee.NAME, preferredEmployee.LEVEL, preferredEmployee.REWARD, KIND_LOCAL, family);
  register(preferredShiftTags.ID, preferredShiftTags.NAME, preferredShiftTags.LEVEL, preferredShiftTags.REWARD, KIND_LOCAL, family);
  register(disruption.OUT_ID, disruption.OUT_NAME, LEVEL_SOFT, PENALTY, KIND_LOCAL, family);
  register(disruption.IN_ID, disruption.IN_NAME, LEVEL_SOFT, PENALTY, KIND_LOCAL, family);
  register(disruption.GLOBAL_ID, disruption.GLOBAL_NAME, LEVEL_SOFT, PENALTY, KIND_LOCAL, family);
  register(nearDayOff.PROHIBITED_ID, nearDayOff.PROHIBITED_NAME, nearDayOff.PROHIBITED_LEVEL, PENALTY, KIND_LOCAL, family);
  register(nearDayOff.UNPREFERRED_ID, nearDayOff.UNPREFERRED_NAME, nearDayOff.UNPREFERRED_LEVEL, PENALTY, KIND_LOCAL, family);
  register(travel.MAX_ID, travel.MAX_NAME, travel.MAX_LEVEL, PENALTY, KIND_LOCAL, family);
  register(travel.MINIMIZE_ID, travel.MINIMIZE_NAME, travel.MINIMIZE_LEVEL, PENALTY, KIND_LOCAL, family);
}

export function initFamily(): void {
  disruption.initDisruption();
}

/** Every local unit of the change (both sides); the hard ones also in the two-phase path of score.ts. */
export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  addLocal(s, to, 1, raw);
  addLocal(s, from, -1, raw);
}

/** Raw weight of constraint `id` from scratch. */
export function fullPenalty(id: i32): i64 {
  let total: i64 = 0;
  for (let s = 0; s < shiftCount; s++) total += localPenalty(id, s, assignment[s]);
  return total;
}

export function fullMatchCount(id: i32): i32 {
  let n = 0;
  for (let s = 0; s < shiftCount; s++) if (localPenalty(id, s, assignment[s]) != 0) n++;
  return n;
}

/** Match counts of the enabled local units (ids of this family per `isLocal`) in one pass over the shifts. */
export function matchCountsInto(counts: StaticArray<i32>, isLocal: StaticArray<bool>): void {
  for (let s = 0; s < shiftCount; s++) {
    if (isHistoric(s)) continue;
    const e = unchecked(assignment[s]);
    for (let id = 0; id < counts.length; id++) {
      if (!unchecked(isLocal[id]) || !unchecked(enabled[id])) continue;
      if (localPenalty(id, s, e) != 0) unchecked(counts[id]++);
    }
  }
}

// ---- the units -------------------------------------------------------------------------------------------------------

/** Raw match weight of LOCAL constraint `id` for shift s worked by e (-1 = unassigned). Historic shifts: 0. */
export function localPenalty(id: i32, s: i32, e: i32): i64 {
  if (isHistoric(s)) return 0;
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
    case nearDayOff.PROHIBITED_ID: return nearDayOff.prohibitedPenalty(s, e);
    case nearDayOff.UNPREFERRED_ID: return nearDayOff.unpreferredPenalty(s, e);
    case travel.MAX_ID: return travel.maxPenalty(s, e);
    case travel.MINIMIZE_ID: return travel.minimizePenalty(s, e);
  }
  return 0;
}

/** Adds sign × the raw weights of every enabled LOCAL constraint for (s, e) into raw[id]. */
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
  if (unchecked(enabled[nearDayOff.PROHIBITED_ID]) && (v = nearDayOff.prohibitedPenalty(s, e)) != 0) { add(raw, nearDayOff.PROHIBITED_ID, sign, v); any = true; }
  if (unchecked(enabled[travel.MAX_ID]) && (v = travel.maxPenalty(s, e)) != 0) { add(raw, travel.MAX_ID, sign, v); any = true; }
  return any;
}

/**
 * The hard LOCAL penalties of placing s on e, one unit at a time (cheap and often violated units first) while
 * tracking `hardRunning`; false as soon as it falls below `floor` (constraints/index.ts addHardUntil).
 */
// @ts-ignore: decorator
@inline
export function addHardUntil(s: i32, e: i32, raw: StaticArray<i64>, weight: StaticArray<i64>, floor: i64): bool {
  if (isHistoric(s)) return true;
  if (unchecked(enabled[requiredShiftTags.ID]) && !addHard(raw, requiredShiftTags.ID, requiredShiftTags.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[requiredSkillMissing.ID]) && !addHard(raw, requiredSkillMissing.ID, requiredSkillMissing.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[prohibitedEmployee.ID]) && !addHard(raw, prohibitedEmployee.ID, prohibitedEmployee.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[prohibitedRiskFactor.ID]) && !addHard(raw, prohibitedRiskFactor.ID, prohibitedRiskFactor.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[unavailableTime.ID]) && !addHard(raw, unavailableTime.ID, unavailableTime.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[availableTime.ID]) && !addHard(raw, availableTime.ID, availableTime.penalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[nearDayOff.PROHIBITED_ID]) && !addHard(raw, nearDayOff.PROHIBITED_ID, nearDayOff.prohibitedPenalty(s, e), weight, floor)) return false;
  if (unchecked(enabled[travel.MAX_ID]) && !addHard(raw, travel.MAX_ID, travel.maxPenalty(s, e), weight, floor)) return false;
  return true;
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
  if (unchecked(enabled[nearDayOff.UNPREFERRED_ID])) add(raw, nearDayOff.UNPREFERRED_ID, sign, nearDayOff.unpreferredPenalty(s, e));
  if (unchecked(enabled[travel.MINIMIZE_ID])) add(raw, travel.MINIMIZE_ID, sign, travel.minimizePenalty(s, e));
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
  if (unchecked(enabled[nearDayOff.PROHIBITED_ID])) total += nearDayOff.prohibitedPenalty(s, e);
  if (unchecked(enabled[travel.MAX_ID])) total += travel.maxPenalty(s, e);
  return total;
}
