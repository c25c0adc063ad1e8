/**
 * The period limits of contract `periodRules` that read more than a per-day total (reference `PeriodRule`); the
 * periods, the windowing of a move and the per-day ones (consecutive days off, minutes logged) are period-rules.ts's.
 * Per period, over the shifts the rule counts in it (START_ONLY: starting on one of its days; START_AND_END: touching
 * one):
 *   unique tags      `uniqueTagsLimit`: distinct tags of the listed tag types (RULE_AUX: [tag index, 0] each), max
 *   locations        `locationsWorkedMax`: distinct `shifts[].location` (the rule's row: location index, -1 none)
 *   shift types      `shiftTypesTagCategories` with `shiftTypesWorkedMin`/`Max`: shifts of each category (the
 *                    rule's row: the shift's category 0 .. RW_P1 − 1, -1 none); each category is checked on its own
 *   start difference `shiftStartTimeDifferenceInMinutesMax`: latest minus earliest local start time of day
 * `periodValue` gives the value (and, for shift types, the penalty summed over the categories in `typesPenalty`).
 */
import { KIND_EMPLOYEE, registerPair } from "./catalog";
import { PERIOD_LIMIT_CONSTRAINT, PERIOD_LIMIT_COUNT } from "../layout";
import {
  RW_FLAGS, RW_AUX, RW_AUX_COUNT, RW_P1, RW_MIN, RW_MAX, RF_START_AND_END, K_PERIOD_UNIQUE_TAGS, K_PERIOD_LOCATIONS,
  K_PERIOD_SHIFT_TYPES,
} from "../layout";
import { shiftCount, tagCount, shiftTags, ruleAux, SR_START, SR_TAGS, sf } from "../problem";
import { viewShift, viewLength, rw, counts, countedMinutes, startDay, endDay, tz, longestShiftDays } from "./view";

/** Penalty of the last shift types value, summed over the categories. */
export let typesPenalty: i64 = 0;

/** First view position whose shift starts on or after the current period (periods come in day order). */
let cursor = 0;
/** Per distinct thing (tag or location index): the stamp of the period that saw it. */
let seen = new StaticArray<i32>(0);
let seenStamp = 0;
let typeCounts = new StaticArray<i32>(16);

/** Starts an evaluation (its periods follow in day order). */
export function startPeriods(): void {
  cursor = 0;
  const n = max(tagCount, shiftCount) + 1;
  if (seen.length < n) {
    seen = new StaticArray<i32>(n);
    seenStamp = 0;
  }
}

function nextStamp(): void {
  seenStamp++;
  if (seenStamp == i32.MAX_VALUE) {
    for (let i = 0; i < seen.length; i++) unchecked(seen[i] = 0);
    seenStamp = 1;
  }
}

/** Marks thing i as seen; true the first time in this period. */
// @ts-ignore: decorator
@inline
function firstSight(i: i32): bool {
  if (<u32>i >= <u32>seen.length || unchecked(seen[i]) == seenStamp) return false;
  unchecked(seen[i] = seenStamp);
  return true;
}

/** Whether tag t is one the unique tags rule r counts (its sorted list in RULE_AUX). */
function listsTag(r: i32, t: i32): bool {
  let lo = 0, hi = rw(r, RW_AUX_COUNT) - 1;
  const aux = rw(r, RW_AUX);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = unchecked(ruleAux[aux + 2 * mid]);
    if (v == t) return true;
    if (v < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function outside(v: i64, lo: i32, hi: i32): i64 {
  let p: i64 = 0;
  if (hi >= 0 && v > <i64>hi) p += v - <i64>hi;
  if (lo >= 0 && v < <i64>lo) p += <i64>lo - v;
  return p;
}

/** Value of rule r (a kind above) over the period [pFirst, pLast], employee in time zone group g. */
export function periodValue(r: i32, g: i32, kind: i32, pFirst: i32, pLast: i32): i64 {
  const split = (rw(r, RW_FLAGS) & RF_START_AND_END) != 0;
  while (cursor < viewLength && startDay(g, unchecked(viewShift[cursor])) < pFirst) cursor++;
  let k = cursor;
  // START_AND_END: shifts starting before the period may reach into it.
  if (split) while (k > 0 && startDay(g, unchecked(viewShift[k - 1])) >= pFirst - longestShiftDays) k--;
  nextStamp();
  const types = kind == K_PERIOD_SHIFT_TYPES ? max(0, rw(r, RW_P1)) : 0;
  if (typeCounts.length < types) typeCounts = new StaticArray<i32>(types);
  for (let c = 0; c < types; c++) unchecked(typeCounts[c] = 0);
  let v: i64 = 0;
  let earliest = i32.MAX_VALUE, latest = i32.MIN_VALUE;
  for (; k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    if (startDay(g, s) > pLast) break;
    if (startDay(g, s) < pFirst && (!split || endDay(g, s) < pFirst)) continue;
    if (!counts(r, g, s)) continue;
    if (kind == K_PERIOD_UNIQUE_TAGS) {
      for (let i = sf(s, SR_TAGS), to = sf(s + 1, SR_TAGS); i < to; i++) {
        const t = unchecked(shiftTags[i]);
        if (listsTag(r, t) && firstSight(t)) v++;
      }
    } else if (kind == K_PERIOD_LOCATIONS) {
      const at = countedMinutes(r, g, s);
      if (at >= 0 && firstSight(at)) v++;
    } else if (kind == K_PERIOD_SHIFT_TYPES) {
      const c = countedMinutes(r, g, s);
      if (c >= 0 && c < types) unchecked(typeCounts[c] += 1);
    } else {
      // Start time of day in the employee's zone.
      const local = (sf(s, SR_START) + tz(g, s, 2)) % 1440;
      const tod = local < 0 ? local + 1440 : local;
      earliest = min(earliest, tod);
      latest = max(latest, tod);
    }
  }
  if (kind == K_PERIOD_SHIFT_TYPES) {
    // Each category on its own; the value reported is the count of the category furthest outside the limits.
    typesPenalty = 0;
    let worst: i64 = -1;
    for (let c = 0; c < types; c++) {
      const n = <i64>unchecked(typeCounts[c]);
      const p = outside(n, rw(r, RW_MIN), rw(r, RW_MAX));
      typesPenalty += p;
      if (p > worst) {
        worst = p;
        v = n;
      }
    }
    return v;
  }
  if (kind == K_PERIOD_UNIQUE_TAGS || kind == K_PERIOD_LOCATIONS) return v;
  return latest >= earliest ? <i64>(latest - earliest) : 0;
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/**
 * The period limits and consecutive days off in rolling windows, in pairs from PERIOD_LIMIT_CONSTRAINT (REQUIRED
 * hard, PREFERRED soft); names are the reference's (its `*Justification` schemas).
 */
const LIMIT_NAMES: string[] = [
  "Consecutive days off per period not in {} range for employee",
  "Unique tags per period not in {} range for employee",
  "Locations worked per period not in {} range for employee",
  "Shift types worked per period not in {} range for employee",
  "Shift start time difference in minutes per period not in {} range for employee",
  "Minutes logged per period not in {} range for employee",
  "Consecutive days off in rolling window not in {} range for employee",
];
// @ts-ignore: top-level assert
assert(2 * LIMIT_NAMES.length == PERIOD_LIMIT_COUNT);

export function declare(family: i32): void {
  for (let i = 0; i < LIMIT_NAMES.length; i++) registerPair(PERIOD_LIMIT_CONSTRAINT + 2 * i, LIMIT_NAMES[i], KIND_EMPLOYEE, family);
}
