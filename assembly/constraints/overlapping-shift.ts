/**
 * "Overlapping shift" (hard): one employee cannot work two shifts at once.
 * Penalty: the overlapping minutes of each pair of one employee's shifts, so a 5-minute overlap is nearly fixed and
 * the search can climb towards zero. A match is a pair with a positive overlap.
 *
 * The delta scans only the employee's list between (start - longest shift) and the shift's end: any shift starting
 * earlier has already ended.
 */
import { LEVEL_HARD } from "../layout";
import { shiftCount, employeeCount, shiftStart, shiftEnd, shiftsByStart, maxShiftDuration, overlapMinutes } from "../problem";
import { assignment, listBase, listAt, listLength, lowerBoundByStart } from "../solution";

export const ID: i32 = 1;
export const NAME = "Overlapping shift";
export const LEVEL: i32 = LEVEL_HARD;

/** Minutes shift `s` overlaps the other shifts of employee `e` (s itself excluded if it is in the list). */
export function overlapWithEmployee(s: i32, e: i32): i64 {
  if (e < 0) return 0;
  const start = unchecked(shiftStart[s]), end = unchecked(shiftEnd[s]);
  const base = listBase(e);
  const len = unchecked(listLength[e]);
  let total: i64 = 0;
  for (let i = lowerBoundByStart(e, start - maxShiftDuration); i < len; i++) {
    const t = listAt(base, i);
    const tStart = unchecked(shiftStart[t]);
    if (tStart >= end) break;
    if (t != s) total += overlapMinutes(start, end, tStart, unchecked(shiftEnd[t]));
  }
  return total;
}

export function penaltyDelta(s: i32, from: i32, to: i32): i64 {
  return overlapWithEmployee(s, to) - overlapWithEmployee(s, from);
}

/**
 * From scratch, independent of the incremental lists (so tests can catch a corrupt list): bucket the shifts by
 * employee in start order, then scan each bucket forward. Returns [penalty, matches].
 */
function scan(countMatches: bool): i64 {
  const s = shiftCount, e = employeeCount;
  const offsets = new StaticArray<i32>(e + 1);
  for (let i = 0; i < s; i++) if (assignment[i] >= 0) offsets[assignment[i] + 1]++;
  for (let i = 0; i < e; i++) offsets[i + 1] += offsets[i];
  const fill = new StaticArray<i32>(e);
  const bucket = new StaticArray<i32>(offsets[e]);
  for (let i = 0; i < s; i++) {
    const shift = shiftsByStart[i];
    const emp = assignment[shift];
    if (emp >= 0) bucket[offsets[emp] + fill[emp]++] = shift;
  }
  let total: i64 = 0;
  for (let emp = 0; emp < e; emp++) {
    const end = offsets[emp + 1];
    for (let i = offsets[emp]; i < end; i++) {
      const a = bucket[i];
      for (let j = i + 1; j < end; j++) {
        const b = bucket[j];
        if (shiftStart[b] >= shiftEnd[a]) break;
        const minutes = overlapMinutes(shiftStart[a], shiftEnd[a], shiftStart[b], shiftEnd[b]);
        if (minutes > 0) total += countMatches ? 1 : minutes;
      }
    }
  }
  return total;
}

export function penaltyFull(): i64 {
  return scan(false);
}

export function matchCount(): i32 {
  return <i32>scan(true);
}
