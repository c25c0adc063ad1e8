/**
 * Contract `rollingWindowRules` (spec §2.6; reference `RollingWindowRule`): limits over windows of `size` days
 * (DAILY), weeks (WEEKLY) or months (MONTHLY). Maximums are checked on the windows starting on each local day a
 * counted shift starts (every window over a maximum contains such a window with at least its load, so each excess
 * is found, and counted once rather than once per day before it), including shifts before the range (history);
 * minimums (weekends worked, minutes off) on the windows starting on each day of the schedule's range and lying
 * inside it, which can be judged in full.
 *   minutes worked   `minutesWorkedLimit.minutesWorkedMax` (with `countOnlyBetween`); ABSENCE_AWARE scales the
 *                    maximum by the share of the window the employee is not unavailable (unfiltered
 *                    unavailable spans; window bounds at the offset of the employee's first shift)
 *   shifts worked    `shiftsWorkedLimit.shiftsWorkedMax`
 *   days worked      `daysWorkedLimit.daysWorkedMax`
 *   weekends worked  `weekendsLimit.weekendsWorkedMin/Max` (contract `weekendConfiguration`)
 *   minutes off      `consecutiveMinutesOffLimit`: the longest stretch without a counted shift must reach
 *                    `consecutiveMinutesOffMin`; or, with `consecutiveMinutesOffMinIntervals`, the k-th longest
 *                    stretches must reach the k-th largest required interval (each `count` times), and together
 *                    `totalConsecutiveMinutesOffMin`. Penalty: the minutes missing.
 *   days off         `consecutiveDaysOffLimit.consecutiveDaysOffMin`: the longest run of days in the window without
 *                    a counted shift (START_AND_END: without one touching it) must reach it. Penalty: the days missing.
 * START_ONLY (default) counts a shift in the windows containing its start day; START_AND_END counts the minutes of
 * the part inside the window and the days it touches. `condition` (MIN_SHIFTS_WORKED / MIN_MINUTES_WORKED with its
 * own shift tags): a window is checked only when the employee works at least `triggerLimit` such shifts (minutes) in
 * it. Penalty per window: the amount outside the limits. A match is a penalized window.
 * With START_AND_END a window is anchored on a shift's start day even when it began the day before.
 *
 * A window reads only the shifts counted on its days, so a move changes only the windows holding a day the moved
 * shifts count on: `rollingWindow` picks the list window of the shifts counted in them, and the evaluation scores
 * only the windows reaching the given days (all of them for the from-scratch score). Minutes off and ABSENCE_AWARE
 * maximums place windows by the offset of the employee's first shift, which a move can change: those rules are
 * evaluated over the whole list.
 */
import { KIND_EMPLOYEE, registerPair } from "./catalog";
import { ROLLING_RULE_CONSTRAINT } from "../layout";
import {
  RW_KIND, RW_MIN, RW_MAX, RW_FLAGS, RW_FILTER2, RW_P1, RW_P2, RW_P3, RW_P4, RW_AUX, RW_AUX_COUNT, RF_START_AND_END,
  RF_ABSENCE_AWARE, RF_WEEKDAY_SHIFT, K_ROLLING_MINUTES, K_ROLLING_SHIFTS, K_ROLLING_DAYS, K_ROLLING_WEEKENDS,
  K_ROLLING_MINUTES_OFF, WINDOW_WEEKLY, WINDOW_MONTHLY, CONDITION_NONE, CONDITION_MIN_MINUTES,
  K_ROLLING_DAYS_OFF_RUN, WINDOW_HOURLY,
} from "../layout";
import { SR_START, SR_END, SR_WORKED, sf, ruleAux } from "../problem";
import { addMonths, weekday } from "../calendar";
import { listBase, listAt, listLength } from "../state";
import {
  viewShift, viewLength, rw, counts, passes, countedMinutes, minutesOnDay, startDay, endDay, tz, clearDays, daySlot, patchDay,
  touchDay, dayMinutes, dayCount, dayAux, dayUsed, rangeFirst, rangeLast, dayBase, daySpan, isHistoricShift, recording,
  record, moveEmployee, movedDayFrom, movedDayTo, windowOverDays, setTermDays, windowFrom, windowTo, viewFrom, awayMinutes,
} from "./view";

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;

let windowFirst = 0, windowLast = 0;

/** Scores a window's penalty p; `value` is what the justification reports (days off: the longest run). */
function note(p: i64, value: i32 = 0): void {
  if (p > 0) {
    evPenalty += p;
    evMatches++;
    if (recording) record(p, windowFirst, windowLast, value, 0);
  }
}

/** Last day of the window starting on day d. */
function windowEnd(type: i32, size: i32, d: i32): i32 {
  if (type == WINDOW_MONTHLY) return addMonths(d, size) - 1;
  if (type == WINDOW_HOURLY) return d + (size + 23) / 24;
  return d + (type == WINDOW_WEEKLY ? 7 * size : size) - 1;
}

/** Days a window of rule r spans at most. */
function longestWindow(r: i32): i32 {
  const type = rw(r, RW_P1), size = max(1, rw(r, RW_P2));
  return type == WINDOW_MONTHLY ? 31 * size : type == WINDOW_WEEKLY ? 7 * size : type == WINDOW_HOURLY ? (size + 23) / 24 + 1 : size;
}

/** Whether a move is scored on a window of the list (rollingWindow) rather than over the whole list. */
export function rollingWindowed(r: i32): bool {
  return rw(r, RW_KIND) != K_ROLLING_MINUTES_OFF && (rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) == 0 && rw(r, RW_P1) != WINDOW_HOURLY;
}

/** Whether the employee has planned work rule r counts outside the list window (rollingWindow sets it). */
export let plannedOutside = false;

/**
 * The window of a move (view.ts locateMove) for rule r (rollingWindowed): the list positions of the shifts counted
 * in the windows holding a day the moved shifts count on.
 */
export function rollingWindow(r: i32, g: i32): void {
  const dayFrom = movedDayFrom(g), dayTo = movedDayTo(g, (rw(r, RW_FLAGS) & RF_START_AND_END) != 0);
  const reach = longestWindow(r) - 1;
  setTermDays(dayFrom, dayTo);
  windowOverDays(g, dayFrom - reach, dayTo + reach);
  // Maximums are skipped for an employee without planned work: look past the window for some.
  const e = moveEmployee, base = listBase(e);
  plannedOutside = false;
  for (let i = windowFrom - 1; i >= 0 && !plannedOutside; i--) plannedOutside = plannedCount(r, g, listAt(base, i));
  for (let i = windowTo, n = unchecked(listLength[e]); i < n && !plannedOutside; i++) plannedOutside = plannedCount(r, g, listAt(base, i));
}

// @ts-ignore: decorator
@inline
function plannedCount(r: i32, g: i32, s: i32): bool {
  return !isHistoricShift(s) && counts(r, g, s);
}

let prefixMinutes = new StaticArray<i64>(0);
let prefixCount = new StaticArray<i64>(0);
let prefixDays = new StaticArray<i64>(0);
let prefixAux = new StaticArray<i64>(0);
let gapList = new StaticArray<i32>(64);

/**
 * Penalty and matches of rule r over the view (employee e in group g), windows reaching [dayFrom, dayTo];
 * `plannedElsewhere`: the employee has planned counted work outside the view.
 */
export function evaluateRollingRule(r: i32, g: i32, e: i32, dayFrom: i32, dayTo: i32, plannedElsewhere: bool): void {
  evPenalty = 0;
  evMatches = 0;
  const kind = rw(r, RW_KIND);
  const flags = rw(r, RW_FLAGS);
  const split = (flags & RF_START_AND_END) != 0;
  const condType = rw(r, RW_P3), condFilter = rw(r, RW_FILTER2), trigger = rw(r, RW_P4);
  clearDays();
  let planned = plannedElsewhere;
  let offset = 0;
  plannedInView = 0;
  for (let k = 0; k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    if (k == 0) offset = tz(g, s, 2);
    if (condType != CONDITION_NONE && passes(condFilter, s)) {
      const i = daySlot(g, startDay(g, s));
      if (i >= 0) {
        touchDay(i);
        unchecked(dayAux[i] += condType == CONDITION_MIN_MINUTES ? sf(s, SR_WORKED) : 1);
      }
    }
    if (!counts(r, g, s)) continue;
    if (!isHistoricShift(s)) {
      planned = true;
      plannedInView++;
    }
    const d0 = startDay(g, s), d1 = split ? endDay(g, s) : d0;
    for (let d = d0; d <= d1; d++) {
      const i = daySlot(g, d);
      if (i < 0) continue;
      touchDay(i);
      unchecked(dayMinutes[i] += split ? minutesOnDay(r, g, s, d) : countedMinutes(r, g, s));
      // dayCount: shifts starting on the day.
      if (d == d0) unchecked(dayCount[i] += 1);
    }
  }
  viewOffset = offset;
  scoreWindows(r, g, e, dayFrom, dayTo, planned, offset);
}

/** Counted planned (not historic) shifts in the view, and the offset of its first shift (evaluateRollingRule). */
let plannedInView = 0;
let viewOffset = 0;

/**
 * Whether a move's "after" value of windowed rule r can come from the "before" aggregation patched with the moved
 * shifts (`patchMove`): START_ONLY rules without a condition (each counted shift adds to its start day only).
 */
export function patchable(r: i32): bool {
  return (rw(r, RW_FLAGS) & RF_START_AND_END) == 0 && rw(r, RW_P3) == CONDITION_NONE;
}

/**
 * After evaluateRollingRule on the view of the list as it is (patchable rule r, windowed: neither HOURLY, minutes
 * off nor ABSENCE_AWARE, so the first shift's offset is not read): scores the list as the move leaves it (without
 * `remove`, with `add`) from the per-day scratch patched with the moved shifts, without a second view and aggregation.
 */
export function evaluatePatched(r: i32, g: i32, e: i32, dayFrom: i32, dayTo: i32, plannedElsewhere: bool, remove: i32, add: i32): void {
  evPenalty = 0;
  evMatches = 0;
  if (remove >= 0 && counts(r, g, remove)) {
    patchDay(r, g, remove, -1);
    if (!isHistoricShift(remove)) plannedInView--;
  }
  if (add >= 0 && counts(r, g, add)) {
    patchDay(r, g, add, 1);
    if (!isHistoricShift(add)) plannedInView++;
  }
  scoreWindows(r, g, e, dayFrom, dayTo, plannedElsewhere || plannedInView > 0, viewOffset);
}

/** evaluateRollingRule from the per-day scratch: the windows reaching [dayFrom, dayTo]. */
function scoreWindows(r: i32, g: i32, e: i32, dayFrom: i32, dayTo: i32, planned: bool, offset: i32): void {
  const kind = rw(r, RW_KIND);
  const flags = rw(r, RW_FLAGS);
  // Windows of an employee with only historic work (or none) are skipped, except minimums inside the range.
  const minimumKind = kind == K_ROLLING_MINUTES_OFF || kind == K_ROLLING_DAYS_OFF_RUN || (kind == K_ROLLING_WEEKENDS && rw(r, RW_MIN) > 0);
  if (!planned && !minimumKind) return;
  const type = rw(r, RW_P1), size = max(1, rw(r, RW_P2));
  const first = rangeFirst(g), last = rangeLast(g);
  const spanLo = unchecked(dayBase[g]), span = daySpan;
  // Prefix sums over the day slots: a window's totals in O(1).
  if (prefixMinutes.length < span + 1) {
    prefixMinutes = new StaticArray<i64>(span + 1);
    prefixCount = new StaticArray<i64>(span + 1);
    prefixDays = new StaticArray<i64>(span + 1);
    prefixAux = new StaticArray<i64>(span + 1);
  }
  // Window starts: for maximums every window reaching into the range; for minimums the windows inside it. Only
  // those reaching [dayFrom, dayTo], whose days lie in the prefix sums' slots [slotFrom, slotTo).
  const length0 = windowEnd(type, size, first) - first + 1;
  const dFrom = max(minimumKind ? first : first - length0 + 1, dayFrom - longestWindow(r) + 1);
  const dTo = min(last, dayTo);
  const slotFrom = max(0, min(span, dFrom - spanLo)), slotTo = max(slotFrom, min(span, dTo + longestWindow(r) - spanLo));
  unchecked(prefixMinutes[slotFrom] = 0);
  unchecked(prefixCount[slotFrom] = 0);
  unchecked(prefixDays[slotFrom] = 0);
  unchecked(prefixAux[slotFrom] = 0);
  for (let i = slotFrom; i < slotTo; i++) {
    const used = dayUsed(i);
    unchecked(prefixMinutes[i + 1] = prefixMinutes[i] + (used ? <i64>unchecked(dayMinutes[i]) : 0));
    unchecked(prefixCount[i + 1] = prefixCount[i] + (used ? <i64>unchecked(dayCount[i]) : 0));
    unchecked(prefixDays[i + 1] = prefixDays[i] + (used && (unchecked(dayMinutes[i]) > 0 || unchecked(dayCount[i]) > 0) ? 1 : 0));
    unchecked(prefixAux[i + 1] = prefixAux[i] + (used ? <i64>unchecked(dayAux[i]) : 0));
  }
  const lo = rw(r, RW_MIN), hi = rw(r, RW_MAX);
  const mask = (flags >> RF_WEEKDAY_SHIFT) & 127;
  if (type == WINDOW_HOURLY) {
    evaluateHourly(r, g, e, kind, minimumKind, offset, lo, hi, mask);
    return;
  }
  for (let d = max(dFrom, spanLo); d <= dTo; d++) {
    const dEnd = windowEnd(type, size, d);
    if (minimumKind && dEnd > last) break;
    if (dEnd < dayFrom) continue;
    const a = d - spanLo;
    if (min(dEnd - spanLo + 1, span) <= a) continue;
    // Maximums: windows starting on a day a counted shift starts (any window over a limit contains one starting
    // at its first shift, with at least the same load), so each excess is counted once, not once per day before it.
    if (!minimumKind && !(dayUsed(a) && unchecked(dayCount[a]) > 0)) continue;
    judge(r, g, e, kind, d, dEnd, d * 1440 - offset, (dEnd + 1) * 1440 - offset, false, offset, lo, hi, mask);
  }
}

/**
 * Scores one window: local days [d, dEnd], minutes [ws, we). Day-based totals come from the prefix sums; with
 * `exact` (HOURLY windows) minutes and shifts are counted on the window's minutes instead.
 */
function judge(r: i32, g: i32, e: i32, kind: i32, d: i32, dEnd: i32, ws: i32, we: i32, exact: bool, offset: i32, lo: i32, hi: i32, mask: i32): void {
  const spanLo = unchecked(dayBase[g]), span = daySpan;
  const flags = rw(r, RW_FLAGS);
  windowFirst = d;
  windowLast = dEnd;
  const a = max(0, d - spanLo), b = min(dEnd - spanLo + 1, span);
  if (b <= a) return;
  if (rw(r, RW_P3) != CONDITION_NONE && unchecked(prefixAux[b]) - unchecked(prefixAux[a]) < <i64>rw(r, RW_P4)) return;
  if (kind == K_ROLLING_MINUTES) {
    let limit = <i64>hi;
    if (hi < 0) return;
    if ((flags & RF_ABSENCE_AWARE) != 0) limit = scaledLimit(e, hi, ws, we);
    note((exact ? exactTotal(r, g, ws, we, true) : unchecked(prefixMinutes[b]) - unchecked(prefixMinutes[a])) - limit);
  } else if (kind == K_ROLLING_SHIFTS) {
    if (hi >= 0) note((exact ? exactTotal(r, g, ws, we, false) : unchecked(prefixCount[b]) - unchecked(prefixCount[a])) - <i64>hi);
  } else if (kind == K_ROLLING_DAYS) {
    if (hi >= 0) note(unchecked(prefixDays[b]) - unchecked(prefixDays[a]) - <i64>hi);
  } else if (kind == K_ROLLING_WEEKENDS) {
    // Weekends (Saturday-Sunday unless the contract's mask says otherwise) with a counted day in the window.
    let weekends: i64 = 0;
    let inWeekend = false, worked = false;
    for (let day = d; day <= dEnd + 1; day++) {
      const isWeekend = day <= dEnd && ((mask >> weekday(day)) & 1) != 0;
      if (isWeekend) {
        inWeekend = true;
        const i = day - spanLo;
        if (i >= 0 && i < span && dayUsed(i) && (unchecked(dayMinutes[i]) > 0 || unchecked(dayCount[i]) > 0)) worked = true;
      } else if (inWeekend) {
        if (worked) weekends++;
        inWeekend = false;
        worked = false;
      }
    }
    let p: i64 = 0;
    if (hi >= 0 && weekends > <i64>hi) p += weekends - <i64>hi;
    if (lo > 0 && weekends < <i64>lo) p += <i64>lo - weekends;
    note(p);
  } else if (kind == K_ROLLING_MINUTES_OFF) {
    note(minutesOffPenalty(r, g, ws, we));
  } else if (kind == K_ROLLING_DAYS_OFF_RUN) {
    let run = 0, longest = 0;
    for (let day = d; day <= dEnd; day++) {
      const i = day - spanLo;
      if (i >= 0 && i < span && dayUsed(i) && (unchecked(dayMinutes[i]) > 0 || unchecked(dayCount[i]) > 0)) run = 0;
      else longest = max(longest, ++run);
    }
    note(<i64>max(0, lo - longest), longest);
  }
}

/**
 * HOURLY windows of `size` hours (evaluated over the whole list): maximums on the windows starting at each counted
 * shift's start that reach into the schedule; minimums on the windows starting at each whole hour of the schedule
 * (from its first local midnight, at the offset of the employee's first shift) that end inside it. Minutes and shifts
 * are counted on the window's minutes (START_ONLY: the shifts starting in it, whole; START_AND_END: the part inside
 * it); days worked, weekends, days off and the condition read the local days the window touches (days off: the days
 * wholly inside it).
 */
function evaluateHourly(r: i32, g: i32, e: i32, kind: i32, minimumKind: bool, offset: i32, lo: i32, hi: i32, mask: i32): void {
  const length = max(1, rw(r, RW_P2)) * 60;
  const rangeFrom = rangeFirst(g) * 1440 - offset, rangeTo = (rangeLast(g) + 1) * 1440 - offset;
  if (minimumKind) {
    for (let ws = rangeFrom; ws + length <= rangeTo; ws += 60) {
      const we = ws + length;
      const dA = dayOfMinute(ws, offset), dB = dayOfMinute(we - 1, offset);
      // Days off: only the days wholly inside the window.
      const whole = kind == K_ROLLING_DAYS_OFF_RUN;
      const d = whole ? dayOfMinute(ws + 1439, offset) : dA, dEnd = whole ? dayOfMinute(we - 1440, offset) : dB;
      if (dEnd < d) {
        windowFirst = dA;
        windowLast = dB;
        if (whole) note(<i64>lo, 0);
        continue;
      }
      judge(r, g, e, kind, d, dEnd, ws, we, true, offset, lo, hi, mask);
    }
    return;
  }
  for (let k = 0; k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    if (!counts(r, g, s)) continue;
    const ws = sf(s, SR_START), we = ws + length;
    if (we <= rangeFrom || ws >= rangeTo) continue;
    // One window per start minute (shifts starting together share it).
    if (k > 0 && sf(unchecked(viewShift[k - 1]), SR_START) == ws && anyCountedBefore(r, g, k, ws)) continue;
    judge(r, g, e, kind, dayOfMinute(ws, offset), dayOfMinute(we - 1, offset), ws, we, true, offset, lo, hi, mask);
  }
}

// @ts-ignore: decorator
@inline
function dayOfMinute(m: i32, offset: i32): i32 {
  const local = m + offset;
  return local >= 0 ? local / 1440 : -((-local + 1439) / 1440);
}

/** Whether a counted shift before view position k starts at minute ws. */
function anyCountedBefore(r: i32, g: i32, k: i32, ws: i32): bool {
  for (let j = k - 1; j >= 0 && sf(unchecked(viewShift[j]), SR_START) == ws; j--) if (counts(r, g, unchecked(viewShift[j]))) return true;
  return false;
}

/**
 * Minutes (else shifts) rule r counts in minutes [ws, we): START_ONLY the shifts starting in it, whole; START_AND_END
 * the shifts overlapping it, minutes by the part inside.
 */
function exactTotal(r: i32, g: i32, ws: i32, we: i32, minutes: bool): i64 {
  const split = (rw(r, RW_FLAGS) & RF_START_AND_END) != 0;
  let total: i64 = 0;
  for (let k = viewFrom(ws); k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    const start = sf(s, SR_START), end = sf(s, SR_END);
    if (start >= we) break;
    if (split ? end <= ws : start < ws) continue;
    if (!counts(r, g, s)) continue;
    if (!minutes) total++;
    else if (!split) total += <i64>countedMinutes(r, g, s);
    else {
      const duration = max(1, end - start);
      total += (<i64>countedMinutes(r, g, s) * <i64>(min(end, we) - max(start, ws))) / <i64>duration;
    }
  }
  return total;
}

/** The window's maximum scaled by the share of it the employee is available (not inside an unavailable span). */
function scaledLimit(e: i32, limit: i32, ws: i32, we: i32): i64 {
  const away = <i64>awayMinutes(e, ws, we);
  const total = <i64>(we - ws);
  return total <= 0 ? <i64>limit : (<i64>limit * (total - away)) / total;
}

/** Minutes missing to the window's required stretches off (see the module header). */
function minutesOffPenalty(r: i32, g: i32, ws: i32, we: i32): i64 {
  let n = 0;
  let free = ws;
  for (let k = viewFrom(ws); k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    const start = sf(s, SR_START), end = sf(s, SR_END);
    if (end <= ws) continue;
    if (start >= we) break;
    if (!counts(r, g, s)) continue;
    if (start > free) pushGap(n++, start - free);
    free = max(free, end);
  }
  if (we > free) pushGap(n++, we - free);
  // Longest first (insertion sort: a window holds a handful of gaps).
  for (let i = 1; i < n; i++) {
    const v = unchecked(gapList[i]);
    let j = i - 1;
    while (j >= 0 && unchecked(gapList[j]) < v) {
      unchecked(gapList[j + 1] = gapList[j]);
      j--;
    }
    unchecked(gapList[j + 1] = v);
  }
  let p: i64 = 0;
  const single = rw(r, RW_MIN);
  if (single > 0) {
    const longest = n > 0 ? unchecked(gapList[0]) : 0;
    if (longest < single) p += <i64>(single - longest);
  }
  const aux = rw(r, RW_AUX), count = rw(r, RW_AUX_COUNT);
  if (count > 0) {
    // Required stretches, longest first (the glue sorts the intervals by minutes, descending).
    let k = 0;
    let taken: i64 = 0;
    for (let q = 0; q < count; q++) {
      const minutes = unchecked(ruleAux[aux + 2 * q]), times = unchecked(ruleAux[aux + 2 * q + 1]);
      for (let t = 0; t < times && k < 10_000; t++, k++) {
        const gap = k < n ? unchecked(gapList[k]) : 0;
        taken += gap;
        if (gap < minutes) p += <i64>(minutes - gap);
      }
    }
    const total = rw(r, RW_MAX);
    if (total > 0 && taken < <i64>total) p += <i64>total - taken;
  }
  return p;
}

function pushGap(i: i32, v: i32): void {
  if (i >= gapList.length) {
    const grown = new StaticArray<i32>(gapList.length << 1);
    for (let k = 0; k < gapList.length; k++) grown[k] = gapList[k];
    gapList = grown;
  }
  unchecked(gapList[i] = v);
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/** Rolling window rules in pairs from ROLLING_RULE_CONSTRAINT (REQUIRED hard, PREFERRED soft); the reference's names. */
const NAMES: string[] = [
  "Minutes worked in rolling window not in {} range for employee",
  "Shifts worked in rolling window not in {} range for employee",
  "Days worked in rolling window not in {} range for employee",
  "Weekends worked in rolling window not in {} range for employee",
  "Consecutive minutes off in rolling window not in {} range for employee",
];

export function declare(family: i32): void {
  for (let i = 0; i < NAMES.length; i++) registerPair(ROLLING_RULE_CONSTRAINT + 2 * i, NAMES[i], KIND_EMPLOYEE, family);
}
