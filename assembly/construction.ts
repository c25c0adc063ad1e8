/**
 * Construction heuristic: First Fit Decreasing. The shifts that start unassigned and unpinned are placed one by one,
 * hardest first: fewest employees holding all required skills, then higher priority, then earlier start. Each
 * placement scores every employee (one work unit each, resumable between slices) and takes the best strictly
 * improving one; unassigned is the zero-delta baseline, so a shift stays open only if every employee would break a
 * hard rule (hard outranks the medium unassigned penalty).
 */
import {
  shiftCount, employeeCount, skillCount, shiftStart, shiftWeight, shiftPinned, shiftSkillOffsets, shiftSkills,
  employeeSkillOffsets, employeeSkills, employeeHasSkill,
} from "./problem";
import { assignment, setEmployee } from "./solution";
import { resetDelta, addChangeDelta, commitDelta, dHard, dMedium, dSoft, isBetter } from "./score";
import { markBest } from "./best";
import { sortIndicesByKey } from "./sort";

export let order = new StaticArray<i32>(0);
export let orderLength = 0;
export let cursor = 0;
export let employeeCursor = 0;
export let bestEmployee = -1;
export let candidateHard: i64 = 0;
export let candidateMedium: i64 = 0;
export let candidateSoft: i64 = 0;

/** Employees holding every skill shift `s` requires. */
function skilledEmployees(s: i32, holders: StaticArray<i32>): i32 {
  const from = shiftSkillOffsets[s], to = shiftSkillOffsets[s + 1];
  if (from == to) return employeeCount;
  if (to - from == 1) return holders[shiftSkills[from]];
  let count = 0;
  for (let e = 0; e < employeeCount; e++) {
    let all = true;
    for (let i = from; i < to && all; i++) all = employeeHasSkill(e, shiftSkills[i]);
    if (all) count++;
  }
  return count;
}

/** Orders the unassigned, unpinned shifts by difficulty (call once the initial assignment is in place). */
export function buildConstructionOrder(): void {
  const holders = new StaticArray<i32>(skillCount);
  for (let i = 0, n = employeeSkillOffsets[employeeCount]; i < n; i++) holders[employeeSkills[i]]++;
  let earliest = i32.MAX_VALUE;
  for (let s = 0; s < shiftCount; s++) earliest = min(earliest, shiftStart[s]);

  order = new StaticArray<i32>(shiftCount);
  const keys = new StaticArray<i64>(shiftCount);
  orderLength = 0;
  for (let s = 0; s < shiftCount; s++) {
    if (assignment[s] >= 0 || shiftPinned[s]) continue;
    order[orderLength++] = s;
    // (skilled employees, 15 - weight, start) packed most significant first; the stable sort breaks ties by index.
    const urgency = 15 - min(15, shiftWeight[s]);
    keys[s] = (<i64>skilledEmployees(s, holders) << 36) | (<i64>urgency << 32) | <i64>(<u32>(shiftStart[s] - earliest));
  }
  sortIndicesByKey(order, orderLength, keys);
  cursor = 0;
  resetPlacement();
}

function resetPlacement(): void {
  employeeCursor = 0;
  bestEmployee = -1;
  candidateHard = 0;
  candidateMedium = 0;
  candidateSoft = 0;
}

export function constructionDone(): bool {
  return cursor >= orderLength;
}

/** Does at most `budget` units of construction; zero-cost work (commits, skips) always runs. Returns units used. */
export function constructionRun(budget: i32): i32 {
  let used = 0;
  while (cursor < orderLength) {
    const s = unchecked(order[cursor]);
    // Placed meanwhile by an applied assignment or a manual move: nothing to construct.
    if (assignment[s] >= 0) {
      cursor++;
      resetPlacement();
      continue;
    }
    if (employeeCursor < employeeCount) {
      if (used >= budget) break;
      resetDelta();
      addChangeDelta(s, -1, employeeCursor);
      if (isBetter(dHard, dMedium, dSoft, candidateHard, candidateMedium, candidateSoft)) {
        candidateHard = dHard;
        candidateMedium = dMedium;
        candidateSoft = dSoft;
        bestEmployee = employeeCursor;
      }
      employeeCursor++;
      used++;
      continue;
    }
    if (bestEmployee >= 0) {
      resetDelta();
      addChangeDelta(s, -1, bestEmployee);
      setEmployee(s, bestEmployee);
      commitDelta();
    }
    // During construction the partial solution is the best one: it only ever gains assignments.
    markBest();
    cursor++;
    resetPlacement();
  }
  return used;
}

/** Restores the construction state from a checkpoint (order words at `src`). */
export function restoreConstruction(
  src: usize, length: i32, atCursor: i32, atEmployee: i32, best: i32, hard: i64, medium: i64, soft: i64,
): void {
  order = new StaticArray<i32>(max(length, shiftCount));
  memory.copy(changetype<usize>(order), src, <usize>length << 2);
  orderLength = length;
  cursor = atCursor;
  employeeCursor = atEmployee;
  bestEmployee = best;
  candidateHard = hard;
  candidateMedium = medium;
  candidateSoft = soft;
}
