/**
 * Table of contents of the constraints, hard first. Adding a constraint means: its unit file, one case in each
 * dispatch below, one row in the glue-side verifier table (test/node/constraints.test.ts).
 *
 * Ids are stable (tests, score analysis and recommendations key on them) and dense: 0 .. CONSTRAINT_COUNT - 1.
 * Each unit reports a raw penalty (>= 0, natural units); the score director multiplies by the constraint's weight
 * and negates.
 */
import * as requiredSkillMissing from "./required-skill-missing";
import * as overlappingShift from "./overlapping-shift";
import * as unavailableTime from "./unavailable-time";
import * as unassignedShift from "./unassigned-shift";

export const CONSTRAINT_COUNT: i32 = 4;

export function constraintName(id: i32): string {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.NAME;
    case overlappingShift.ID: return overlappingShift.NAME;
    case unavailableTime.ID: return unavailableTime.NAME;
    case unassignedShift.ID: return unassignedShift.NAME;
  }
  return "";
}

export function constraintLevel(id: i32): i32 {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.LEVEL;
    case overlappingShift.ID: return overlappingShift.LEVEL;
    case unavailableTime.ID: return unavailableTime.LEVEL;
    case unassignedShift.ID: return unassignedShift.LEVEL;
  }
  return -1;
}

/** Raw penalty change when shift `s` moves from employee `from` to `to` (either may be -1). */
// @ts-ignore: decorator
@inline
export function penaltyDelta(id: i32, s: i32, from: i32, to: i32): i64 {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.penaltyDelta(s, from, to);
    case overlappingShift.ID: return overlappingShift.penaltyDelta(s, from, to);
    case unavailableTime.ID: return unavailableTime.penaltyDelta(s, from, to);
    case unassignedShift.ID: return unassignedShift.penaltyDelta(s, from, to);
  }
  return 0;
}

export function penaltyFull(id: i32): i64 {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.penaltyFull();
    case overlappingShift.ID: return overlappingShift.penaltyFull();
    case unavailableTime.ID: return unavailableTime.penaltyFull();
    case unassignedShift.ID: return unassignedShift.penaltyFull();
  }
  return 0;
}

export function matchCount(id: i32): i32 {
  switch (id) {
    case requiredSkillMissing.ID: return requiredSkillMissing.matchCount();
    case overlappingShift.ID: return overlappingShift.matchCount();
    case unavailableTime.ID: return unavailableTime.matchCount();
    case unassignedShift.ID: return unassignedShift.matchCount();
  }
  return 0;
}
