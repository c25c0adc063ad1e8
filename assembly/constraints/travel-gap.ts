/**
 * "Minimum time between shifts including travel not met" (hard): the `minMinutesBetweenShiftsInDifferentLocations`
 * of the travel configurations (README "Days off, rotations and travel"). Two shifts of one employee whose locations
 * differ (both have one) must be at least m minutes apart (from the end of the earlier-starting one to the start of
 * the other), m being the larger of the minimums of the configurations covering them for the employee's travel group
 * (solver/encode-travel.ts; an uncovered shift, or one without a minimum, brings none). A pair of two historic shifts
 * is skipped. Penalty: the minutes missing, m − max(0, gap), so an overlapping pair misses all m. A match is such a
 * pair.
 *
 * Kind: pairwise over the employee's time-ordered list (solution.ts), like the overlap: the delta scans only the list
 * between (start − longest shift − largest minimum) and (end + largest minimum). Inactive (nothing scanned) without a
 * minimum in the input. Scored with the families at every level (constraints/index.ts).
 */
import { LEVEL_HARD, LOCATION_NONE, TRAVEL_GAP_CONSTRAINT } from "../layout";
import {
  shiftCount, employeeCount, employeeTravel, travelShifts, shiftLocation, shiftsByStart, maxShiftDuration, maxTravelGap,
  SR_END, SR_START, isHistoric, sf,
} from "../problem";
import { KIND_PAIRWISE, PENALTY, register, enabled, add } from "./catalog";
import { assignment, listBase, listAt, listStart, listLength, lowerBoundByStart } from "../state";

export const ID: i32 = TRAVEL_GAP_CONSTRAINT;
export const NAME = "Minimum time between shifts including travel not met";

/** Some configuration has a minimum (everything here is skipped otherwise). */
export let active = false;

/** The minimum of the configuration covering shift s for travel group g (0 = none). */
// @ts-ignore: decorator
@inline
function minimumOf(g: i32, s: i32): i32 {
  return max(0, unchecked(travelShifts[2 * (g * shiftCount + s) + 1]));
}

/** Minutes missing between shifts a and b of one employee of travel group g (0 when fine or not concerned). */
export function pairPenalty(a: i32, b: i32, g: i32): i64 {
  if (g < 0) return 0;
  const m = max(minimumOf(g, a), minimumOf(g, b));
  if (m == 0 || (isHistoric(a) && isHistoric(b))) return 0;
  const latA = unchecked(shiftLocation[2 * a]), latB = unchecked(shiftLocation[2 * b]);
  if (latA == LOCATION_NONE || latB == LOCATION_NONE) return 0;
  if (latA == latB && unchecked(shiftLocation[2 * a + 1]) == unchecked(shiftLocation[2 * b + 1])) return 0;
  const startA = sf(a, SR_START), startB = sf(b, SR_START);
  const gap = <i64>(startA <= startB ? startB - sf(a, SR_END) : startA - sf(b, SR_END));
  return gap >= <i64>m ? 0 : <i64>m - max<i64>(0, gap);
}

/**
 * Penalty of shift s paired with employee e's shifts (s and `skip` excluded); with `count`, the number of such
 * pairs instead.
 */
export function withEmployee(s: i32, e: i32, skip: i32, count: bool = false): i64 {
  if (!active || e < 0) return 0;
  const g = unchecked(employeeTravel[3 * e]);
  if (g < 0) return 0;
  const reach = <i64>maxShiftDuration + <i64>maxTravelGap;
  const from = <i32>max<i64>(<i64>sf(s, SR_START) - reach, <i64>i32.MIN_VALUE + 1);
  const until = <i64>sf(s, SR_END) + <i64>maxTravelGap;
  const base = listBase(e);
  const len = unchecked(listLength[e]);
  let total: i64 = 0;
  for (let i = lowerBoundByStart(e, from); i < len; i++) {
    if (<i64>listStart(base, i) >= until) break;
    const t = listAt(base, i);
    if (t == s || t == skip) continue;
    const p = pairPenalty(s, t, g);
    if (p != 0) total += count ? 1 : p;
  }
  return total;
}

// ---- from scratch ------------------------------------------------------------------------------------------------

let scanOffsets = new StaticArray<i32>(0);
let scanFill = new StaticArray<i32>(0);
let scanBucket = new StaticArray<i32>(0);

/** From scratch, independent of the incremental lists: bucket the shifts by employee in start order, scan forward. */
export function scan(countMatches: bool): i64 {
  if (!active) return 0;
  const S = shiftCount, E = employeeCount;
  if (scanOffsets.length != E + 1 || scanBucket.length != S) {
    scanOffsets = new StaticArray<i32>(E + 1);
    scanFill = new StaticArray<i32>(E);
    scanBucket = new StaticArray<i32>(S);
  }
  const offsets = scanOffsets, fill = scanFill, bucket = scanBucket;
  for (let i = 0; i <= E; i++) offsets[i] = 0;
  for (let i = 0; i < E; i++) fill[i] = 0;
  for (let i = 0; i < S; i++) if (assignment[i] >= 0) offsets[assignment[i] + 1]++;
  for (let i = 0; i < E; i++) offsets[i + 1] += offsets[i];
  for (let i = 0; i < S; i++) {
    const shift = shiftsByStart[i];
    const emp = assignment[shift];
    if (emp >= 0) bucket[offsets[emp] + fill[emp]++] = shift;
  }
  let total: i64 = 0;
  for (let emp = 0; emp < E; emp++) {
    const g = employeeTravel[3 * emp];
    if (g < 0) continue;
    const end = offsets[emp + 1];
    for (let i = offsets[emp]; i < end; i++) {
      const a = bucket[i];
      for (let j = i + 1; j < end; j++) {
        const b = bucket[j];
        // b starts no earlier than a: from here on every gap is at least the largest minimum.
        if (<i64>sf(b, SR_START) >= <i64>sf(a, SR_END) + <i64>maxTravelGap) break;
        const p = pairPenalty(a, b, g);
        if (p != 0) total += countMatches ? 1 : p;
      }
    }
  }
  return total;
}

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(ID, NAME, LEVEL_HARD, PENALTY, KIND_PAIRWISE, family);
}

export function initFamily(): void {
  active = maxTravelGap > 0;
}

export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!active || !unchecked(enabled[ID])) return;
  add(raw, ID, 1, withEmployee(s, to, -1) - withEmployee(s, from, -1));
}

/** Swap s1: a -> b, s2: b -> a at once: each leaves its side and joins the other, where the other shift has left. */
export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!active || !unchecked(enabled[ID])) return;
  add(raw, ID, 1, withEmployee(s2, a, s1) - withEmployee(s1, a, s1) + withEmployee(s1, b, s2) - withEmployee(s2, b, s2));
}

export function fullPenalty(id: i32): i64 {
  return scan(false);
}

export function fullMatchCount(id: i32): i32 {
  return <i32>scan(true);
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  if (active && enabled[ID]) counts[ID] = <i32>scan(true);
}
