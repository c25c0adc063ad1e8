/**
 * "Overlapping shift" (hard): one employee cannot work two shifts at once, except shifts that a rule of the
 * employee's contracts (`allowOverlappingShiftsRules`) lets overlap: a pair is exempt when either shift matches.
 * A pair of two historic shifts is skipped (planning window: all its shifts end before the window).
 * Penalty: the overlapping minutes of each pair, so a 5-minute overlap is nearly fixed and the search can climb
 * towards zero. A match is a pair with a positive, non-exempt overlap.
 *
 * Kind: pairwise over the employee's time-ordered list (solution.ts). The delta scans only that list between
 * (start - longest shift) and the shift's end: any shift starting earlier has already ended.
 */
import { LEVEL_HARD } from "../layout";
import { shiftCount, employeeCount, shiftsByStart, maxShiftDuration, overlapMinutes, overlapGroup, overlapAllowed, ER_GROUP, SR_END, SR_START, ef, isHistoric, sf, overlapAllowedFor } from "../problem";
import { KIND_PAIRWISE, PENALTY, register, enabled, add, addHard } from "./catalog";
import { assignment, listBase, listAt, listStart, listEnd, listLength, lowerBoundByStart } from "../state";

export const ID: i32 = 1;
export const NAME = "Overlapping shift";
export const LEVEL: i32 = LEVEL_HARD;

/**
 * Per employee, the penalized overlap minutes among its own shifts (the sum of its pairs), kept by `onAssign` at
 * every solution.setEmployee. When it is 0, no shift of the employee overlaps another, so the side a shift leaves
 * needs no list scan (`overlapOfOwnShift`): on large instances that scan is a cache miss per move.
 */
export let employeeOverlap = new StaticArray<i64>(0);

export function initEmployeeOverlap(): void {
  employeeOverlap = new StaticArray<i64>(employeeCount);
}

/** Called by solution.setEmployee after s moved from `from` to `to` (lists already updated). */
export function onAssign(s: i32, from: i32, to: i32): void {
  // A total of 0 means s overlapped nothing there: no scan.
  if (from >= 0 && unchecked(employeeOverlap[from]) != 0) unchecked(employeeOverlap[from] -= overlapWithEmployee(s, from));
  if (to >= 0) unchecked(employeeOverlap[to] += overlapWithEmployee(s, to));
}

/** overlapWithEmployee for a shift e works (s in e's list): 0 at once when e's shifts overlap nowhere. */
// @ts-ignore: decorator
@inline
export function overlapOfOwnShift(s: i32, e: i32): i64 {
  return e < 0 || unchecked(employeeOverlap[e]) == 0 ? 0 : overlapWithEmployee(s, e);
}

/** Whether shift `s` may overlap others when worked by an employee of allow-overlap group `g` (0 = none). */
// @ts-ignore: decorator
@inline
function allowed(g: i32, s: i32): bool {
  return overlapAllowedFor(g, s);
}

/** Penalized minutes between shifts a and b of one employee of group g (0 when exempt). */
export function pairMinutes(a: i32, b: i32, g: i32): i32 {
  const minutes = overlapMinutes(sf(a, SR_START), sf(a, SR_END), sf(b, SR_START), sf(b, SR_END));
  return minutes == 0 ? 0 : exempt(a, b, g) ? 0 : minutes;
}

/** Whether an overlapping pair is exempt: both historic, or either shift allowed to overlap for group g. */
// @ts-ignore: decorator
@inline
function exempt(a: i32, b: i32, g: i32): bool {
  return (isHistoric(a) && isHistoric(b)) || allowed(g, a) || allowed(g, b);
}

/**
 * Minutes shift `s` overlaps the other shifts of employee `e` (s itself excluded if it is in the list); with
 * `count`, the number of such overlapping shifts instead.
 */
export function overlapWithEmployee(s: i32, e: i32, count: bool = false): i64 {
  if (e < 0) return 0;
  const start = sf(s, SR_START), end = sf(s, SR_END);
  const g = ef(e, ER_GROUP);
  if (allowed(g, s)) return 0;
  const base = listBase(e);
  const len = unchecked(listLength[e]);
  let total: i64 = 0;
  for (let i = lowerBoundByStart(e, start - maxShiftDuration); i < len; i++) {
    const tStart = listStart(base, i);
    if (tStart >= end) break;
    const minutes = overlapMinutes(start, end, tStart, listEnd(base, i));
    if (minutes == 0) continue;
    const t = listAt(base, i);
    if (t == s || exempt(s, t, g)) continue;
    total += count ? 1 : minutes;
  }
  return total;
}

export function penaltyDelta(s: i32, from: i32, to: i32): i64 {
  return overlapWithEmployee(s, to) - overlapWithEmployee(s, from);
}

/**
 * From scratch, independent of the incremental lists (so tests can catch a corrupt list): bucket the shifts by
 * employee in start order, then scan each bucket forward. With `visit`, calls it per match (for explanations).
 */
/** Scratch buffers of `scan`, kept between calls: a from-scratch score allocates nothing (the Wasm heap doubles). */
let scanOffsets = new StaticArray<i32>(0);
let scanFill = new StaticArray<i32>(0);
let scanBucket = new StaticArray<i32>(0);

export function scan(countMatches: bool, out: StaticArray<i32> | null = null): i64 {
  const s = shiftCount, e = employeeCount;
  if (scanOffsets.length != e + 1) {
    scanOffsets = new StaticArray<i32>(e + 1);
    scanFill = new StaticArray<i32>(e);
    scanBucket = new StaticArray<i32>(s);
  }
  const offsets = scanOffsets, fill = scanFill, bucket = scanBucket;
  for (let i = 0; i <= e; i++) offsets[i] = 0;
  for (let i = 0; i < e; i++) fill[i] = 0;
  for (let i = 0; i < s; i++) if (assignment[i] >= 0) offsets[assignment[i] + 1]++;
  for (let i = 0; i < e; i++) offsets[i + 1] += offsets[i];
  for (let i = 0; i < s; i++) {
    const shift = shiftsByStart[i];
    const emp = assignment[shift];
    if (emp >= 0) bucket[offsets[emp] + fill[emp]++] = shift;
  }
  let total: i64 = 0;
  let matches = 0;
  for (let emp = 0; emp < e; emp++) {
    const end = offsets[emp + 1];
    const g = overlapGroup[emp];
    for (let i = offsets[emp]; i < end; i++) {
      const a = bucket[i];
      for (let j = i + 1; j < end; j++) {
        const b = bucket[j];
        if (sf(b, SR_START) >= sf(a, SR_END)) break;
        const minutes = pairMinutes(a, b, g);
        if (minutes == 0) continue;
        if (out !== null && 3 * matches + 2 < out.length) {
          out[3 * matches] = a;
          out[3 * matches + 1] = b;
          out[3 * matches + 2] = minutes;
        }
        matches++;
        total += countMatches ? 1 : minutes;
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

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(ID, NAME, LEVEL, PENALTY, KIND_PAIRWISE, family);
}

export function initFamily(): void {
  initEmployeeOverlap();
}

export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (unchecked(enabled[ID])) add(raw, ID, 1, penaltyDelta(s, from, to));
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull();
}

export function fullMatchCount(id: i32): i32 {
  return matchCount();
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  if (enabled[ID]) counts[ID] = matchCount();
}

/** Hard path (constraints/index.ts subtractHard): the overlap s leaves on e, its current employee. */
// @ts-ignore: decorator
@inline
export function subtractOwn(s: i32, e: i32, raw: StaticArray<i64>): void {
  if (unchecked(enabled[ID])) add(raw, ID, -1, overlapOfOwnShift(s, e));
}

/** Hard path (constraints/index.ts addHardUntil): the overlap of placing s on e; false once below `floor`. */
// @ts-ignore: decorator
@inline
export function addHardUntil(s: i32, e: i32, raw: StaticArray<i64>, weight: StaticArray<i64>, floor: i64): bool {
  return !unchecked(enabled[ID]) || addHard(raw, ID, overlapWithEmployee(s, e), weight, floor);
}

/**
 * Swap of s1 (on a) and s2 (on b), each change scored against the current solution: s1 joining b is no longer
 * paired with s2 (which leaves b), and likewise s2 joining a.
 */
export function swapCorrection(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!unchecked(enabled[ID])) return;
  let correction: i64 = 0;
  if (b >= 0) correction += pairMinutes(s1, s2, ef(b, ER_GROUP));
  if (a >= 0) correction += pairMinutes(s2, s1, ef(a, ER_GROUP));
  add(raw, ID, -1, correction);
}
