/**
 * Contract `periodRules` (spec §2.6; reference `PeriodRule`): limits per period (DAY, WEEK from
 * `scheduleParameterization.weekStart`, MONTH, YEAR, SCHEDULE, or a custom period of `scheduleParameterization.periods`)
 * in the employee's local calendar. One compiled rule per limit:
 *   minutes worked   `minutesWorkedLimit` (or the deprecated `minutesWorkedMin`/`minutesWorkedMax`), minutes
 *   shifts worked    `shiftsWorkedMin`/`shiftsWorkedMax`, shifts
 *   days worked      `daysWorkedMin`/`daysWorkedMax`, days
 *   days off         `daysOffLimit` (days of `includeDays` in the period and the schedule with no shift), days
 *   weekends worked  `weekendsLimit.weekendsWorkedMax`, weekends (contract `weekendConfiguration`)
 *   weekend minutes  `weekendsLimit.weekendMinutesWorkedMax`, minutes on weekend days
 *   consecutive weekends worked / off  `consecutiveWeekendsLimit` / `consecutiveWeekendsOffLimit`, weekends
 *   consecutive days off  `consecutiveDaysOffLimit.consecutiveDaysOffMin`: the longest run of days of the period
 *                    (inside the schedule) without a counted shift, days
 *   minutes logged   `minutesLoggedMin`/`minutesLoggedMax`: `shifts[].loggedTime`, else the minutes worked
 *   unique tags, locations, shift types, start time difference: period-limits.ts
 * Penalty per period: how far the count is outside [min, max] (natural units). Periods are those intersecting the
 * schedule's range (the planning window, else the shifts' span); shifts outside the range still count in them
 * (published history). START_ONLY (default) counts a shift in the period of its start day; START_AND_END in every
 * period it overlaps, with the minutes of the overlapping part. A match is a period out of range.
 *
 * A period's value reads only the shifts counted on its days, so a move changes only the periods holding a day the
 * moved shifts count on: `periodWindow` picks those periods and the list window of the shifts counted in them, and
 * the evaluation scores only the periods reaching the given days (all of them for the from-scratch score).
 */
import { KIND_EMPLOYEE, PENALTY, register, registerPair } from "./catalog";
import { PERIOD_RULE_CONSTRAINT, COST_DEFINITION_CONSTRAINT, LEVEL_SOFT } from "../layout";
import {
  RW_KIND, RW_MIN, RW_MAX, RW_FLAGS, RW_PERIOD, RW_PERIOD_PARAM, RW_P1, RW_FILTER, RW_VALID_FROM, RW_VALID_TO, RW_MINUTES_ROW, RF_START_AND_END, RF_WEEKDAY_SHIFT,
  K_PERIOD_MINUTES, K_PERIOD_SHIFTS, K_PERIOD_DAYS, K_PERIOD_DAYS_OFF, K_PERIOD_WEEKENDS, K_PERIOD_WEEKEND_MINUTES,
  K_PERIOD_CONSECUTIVE_WEEKENDS, K_PERIOD_CONSECUTIVE_WEEKENDS_OFF, K_PERIOD_COST, PERIOD_CUSTOM, PERIOD_SCHEDULE,
  K_PERIOD_DAYS_OFF_RUN, K_PERIOD_UNIQUE_TAGS, K_PERIOD_START_DIFFERENCE, K_PERIOD_SHIFT_TYPES, K_PERIOD_MINUTES_LOGGED,
} from "../layout";
import * as limits from "./period-limits";
import { tieredCost, overtimeMinutes } from "./cost";
import { periodAt, nextPeriod, periodFirst, periodLast, weekday } from "../calendar";
import {
  viewShift, viewLength, rw, counts, countedMinutes, minutesOnDay, startDay, endDay, clearDays, daySlot, touchDay, patchDay,
  dayMinutes, dayCount, dayUsed, rangeFirst, rangeLast, dayBase, daySpan, recording, record, movedDayFrom, movedDayTo,
  windowOverDays, setTermDays, viewSerial, daysStamp, moveSerial, setWindow, windowFrom, windowTo, buildView, moveEmployee,
} from "./view";

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;
/** The value of the last period scorePeriods scored (0 when none): a running total's value (`runningTotal`). */
export let evValue: i64 = 0;

function outside(v: i64, lo: i32, hi: i32): i64 {
  let p: i64 = 0;
  if (hi >= 0 && v > <i64>hi) p += v - <i64>hi;
  if (lo >= 0 && v < <i64>lo) p += <i64>lo - v;
  return p;
}

function floorDiv7(a: i32): i32 {
  return a >= 0 ? a / 7 : -((-a + 6) / 7);
}

/** Weekend index of day d, weekends starting on weekday `firstDay` (the glue passes it in RW_P1). */
// @ts-ignore: decorator
@inline
function weekendOf(d: i32, firstDay: i32): i32 {
  return floorDiv7(d + 3 - firstDay);
}

/** What the per-day scratch holds: the aggregation of a rule reading these, over view `aggSerial` (-1: none). */
let aggSerial = -1, aggStamp = 0, aggGroup = 0, aggFilter = 0, aggValidFrom = 0, aggValidTo = 0, aggRow = 0;
let aggSplit = false, aggPeriod = 0, aggParam = 0;
/** Whether patchMove changed the scratch (an odd number of calls). */
let patched = false;

/**
 * Records the shifts rule r counts into the per-day scratch (minutes and shift starts per day). Kept when the scratch
 * already holds the same aggregation of the same view (rules that differ only in their limits: a contract's minimum
 * and maximum minutes per week, days and minutes per week).
 */
function aggregate(r: i32, g: i32, splitDays: bool): void {
  const kind = rw(r, RW_PERIOD), param = rw(r, RW_PERIOD_PARAM);
  const filter = rw(r, RW_FILTER), validFrom = rw(r, RW_VALID_FROM), validTo = rw(r, RW_VALID_TO), row = rw(r, RW_MINUTES_ROW);
  if (!patched && aggSerial == viewSerial && aggStamp == daysStamp() && aggGroup == g && aggFilter == filter && aggValidFrom == validFrom &&
    aggValidTo == validTo && aggRow == row && aggSplit == splitDays && (!splitDays || (aggPeriod == kind && aggParam == param))) return;
  clearDays();
  patched = false;
  aggSerial = viewSerial;
  aggStamp = daysStamp();
  aggGroup = g;
  aggFilter = filter;
  aggValidFrom = validFrom;
  aggValidTo = validTo;
  aggRow = row;
  aggSplit = splitDays;
  aggPeriod = kind;
  aggParam = param;
  const first = rangeFirst(g), last = rangeLast(g);
  for (let k = 0; k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    if (!counts(r, g, s)) continue;
    const d0 = startDay(g, s);
    if (!splitDays) {
      const i = daySlot(g, d0);
      if (i < 0) continue;
      touchDay(i);
      unchecked(dayMinutes[i] += countedMinutes(r, g, s));
      unchecked(dayCount[i] += 1);
      continue;
    }
    const d1 = endDay(g, s);
    for (let d = d0; d <= d1; d++) {
      const i = daySlot(g, d);
      if (i < 0) continue;
      touchDay(i);
      unchecked(dayMinutes[i] += minutesOnDay(r, g, s, d));
      // A shift counts once in each period it overlaps: on its start day and on the first day of a later period.
      if (d == d0 || (periodAt(kind, param, d, first, last) && periodFirst == d)) unchecked(dayCount[i] += 1);
    }
  }
}

/** Whether rules of this kind read only the days of the weekday mask (weekends worked, weekend minutes, runs of weekends). */
// @ts-ignore: decorator
@inline
function readsWeekendDaysOnly(kind: i32): bool {
  return kind == K_PERIOD_WEEKENDS || kind == K_PERIOD_WEEKEND_MINUTES || kind == K_PERIOD_CONSECUTIVE_WEEKENDS ||
    kind == K_PERIOD_CONSECUTIVE_WEEKENDS_OFF;
}

/** Whether rule r counts a shift on every day it touches (else on its start day). */
function splits(r: i32): bool {
  return (rw(r, RW_FLAGS) & RF_START_AND_END) != 0 || rw(r, RW_KIND) == K_PERIOD_WEEKEND_MINUTES;
}

/**
 * Moves periodFirst / periodLast to the first period the score counts (those from the one holding the range's first
 * day on) that can reach day `from`: for calendar periods directly the one holding `from` (or the range's last day).
 */
function firstPeriod(pKind: i32, param: i32, first: i32, last: i32, from: i32): bool {
  if (from > first && pKind != PERIOD_CUSTOM && pKind != PERIOD_SCHEDULE) return periodAt(pKind, param, min(from, last), first, last);
  return periodAt(pKind, param, first, first, last) || nextPeriod(pKind, param, first - 1, first, last, last);
}

/**
 * The window of a move (view.ts locateMove) for rule r: the periods holding a day the moved shifts count on, and
 * the list positions of the shifts counted in them. False when no counted period holds such a day.
 */
export function periodWindow(r: i32, g: i32): bool {
  const dayFrom = movedDayFrom(g), dayTo = movedDayTo(g, splits(r));
  // Weekend rules read only the days of their weekend (the weekday mask): a move on other days changes no term.
  if (readsWeekendDaysOnly(rw(r, RW_KIND))) {
    const mask = (rw(r, RW_FLAGS) >> RF_WEEKDAY_SHIFT) & 127;
    let weekend = false;
    for (let d = dayFrom; d <= dayTo && d < dayFrom + 7; d++) if (((mask >> weekday(d)) & 1) != 0) weekend = true;
    if (!weekend) return false;
  }
  const pKind = rw(r, RW_PERIOD), param = rw(r, RW_PERIOD_PARAM);
  // The same periods as the last rule's for this move (a contract's minimum and maximum per week): its window.
  if (lastMove == moveSerial && lastGroup == g && lastPeriod == pKind && lastParam == param && lastDayFrom == dayFrom && lastDayTo == dayTo) {
    if (!lastFound) return false;
    setTermDays(dayFrom, dayTo);
    setWindow(lastWindowFrom, lastWindowTo);
    return true;
  }
  lastMove = moveSerial;
  lastGroup = g;
  lastPeriod = pKind;
  lastParam = param;
  lastDayFrom = dayFrom;
  lastDayTo = dayTo;
  lastFound = false;
  const first = rangeFirst(g), last = rangeLast(g);
  let lo = i32.MAX_VALUE, hi = i32.MIN_VALUE;
  let more = firstPeriod(pKind, param, first, last, dayFrom);
  let guard = 0;
  while (more && guard++ < 100_000 && periodFirst <= dayTo) {
    if (periodLast >= dayFrom) {
      lo = min(lo, periodFirst);
      hi = max(hi, periodLast);
    }
    more = nextPeriod(pKind, param, periodLast, first, last, last);
  }
  if (lo > hi) return false;
  setTermDays(dayFrom, dayTo);
  windowOverDays(g, lo, hi);
  lastFound = true;
  lastWindowFrom = windowFrom;
  lastWindowTo = windowTo;
  return true;
}

/** The last periodWindow computed: its move (view.ts moveSerial), key and window. */
let lastMove = -1, lastGroup = 0, lastPeriod = 0, lastParam = 0, lastDayFrom = 0, lastDayTo = 0;
let lastFound = false, lastWindowFrom = 0, lastWindowTo = 0;

/** Penalty and matches of period rule r over the view (employee in time zone group g), periods reaching [dayFrom, dayTo]. */
export function evaluatePeriodRule(r: i32, g: i32, dayFrom: i32, dayTo: i32): void {
  aggregate(r, g, splits(r));
  scorePeriods(r, g, dayFrom, dayTo);
}

/**
 * Whether a move's "after" value of rule r can come from the "before" aggregation patched with the moved shifts
 * (`patchMove`): rules counting a shift on its start day only, from the per-day scratch (not the set-like limits).
 */
export function patchable(r: i32): bool {
  const kind = rw(r, RW_KIND);
  return !splits(r) && !(kind >= K_PERIOD_UNIQUE_TAGS && kind <= K_PERIOD_START_DIFFERENCE);
}

/**
 * After evaluatePeriodRule on the view of the list as it is (patchable rule r): the per-day scratch becomes that of
 * the list as the move leaves it (without `remove`, with `add`), so `scorePeriods` scores it without a second view
 * and aggregation. A day whose count falls to 0 reads as empty (`usedDay`).
 */
export function patchMove(r: i32, g: i32, remove: i32, add: i32): void {
  // Patched, the scratch is no longer the view's aggregation until unpatched (patchMove(r, g, add, remove)).
  patched = !patched;
  if (remove >= 0 && counts(r, g, remove)) {
    patchDay(r, g, remove, -1);
  }
  if (add >= 0 && counts(r, g, add)) {
    patchDay(r, g, add, 1);
  }
}

/** Whether day slot i holds a counted shift (START_ONLY rules: a start; START_AND_END: any part of one). */
// @ts-ignore: decorator
@inline
function usedDay(i: i32, split: bool): bool {
  return dayUsed(i) && (split || unchecked(dayCount[i]) > 0);
}

const WEEKEND_WORKED = 1, WEEKEND_IN_RANGE = 2;

/**
 * Weekend w of group g (its days: from its anchor, the consecutive days of the weekday mask) inside period [pFirst, pLast], from
 * the per-day scratch: WEEKEND_WORKED when a shift counts on one of its days, WEEKEND_IN_RANGE when one of its days
 * is inside the schedule [first, last].
 */
function weekendState(g: i32, w: i32, weekendStart: i32, mask: i32, pFirst: i32, pLast: i32, first: i32, last: i32, split: bool): i32 {
  const spanLo = unchecked(dayBase[g]), spanHi = spanLo + daySpan - 1;
  const anchor = 7 * w + weekendStart - 3;
  let state = 0;
  for (let j = 0; j < 7; j++) {
    const d = anchor + j;
    if (((mask >> weekday(d)) & 1) == 0) break;
    if (d < pFirst || d > pLast) continue;
    if (d >= first && d <= last) state |= WEEKEND_IN_RANGE;
    if (d >= spanLo && d <= spanHi && usedDay(d - spanLo, split)) state |= WEEKEND_WORKED;
  }
  return state;
}

/** evaluatePeriodRule from the per-day scratch `aggregate` filled (or `patchMove` patched). */
export function scorePeriods(r: i32, g: i32, dayFrom: i32, dayTo: i32): void {
  evPenalty = 0;
  evMatches = 0;
  evValue = 0;
  const kind = rw(r, RW_KIND);
  const flags = rw(r, RW_FLAGS);
  const split = splits(r);
  const lo = rw(r, RW_MIN), hi = rw(r, RW_MAX);
  const pKind = rw(r, RW_PERIOD), param = rw(r, RW_PERIOD_PARAM);
  const first = rangeFirst(g), last = rangeLast(g);
  const spanLo = unchecked(dayBase[g]), spanHi = spanLo + daySpan - 1;
  const mask = (flags >> RF_WEEKDAY_SHIFT) & 127;
  const weekendStart = rw(r, RW_P1);
  // Cost definitions (cost.ts) count minutes like minutesWorked and price them per period.
  const minutesLike = kind == K_PERIOD_MINUTES || kind == K_PERIOD_COST || kind == K_PERIOD_MINUTES_LOGGED;
  const setLike = kind >= K_PERIOD_UNIQUE_TAGS && kind <= K_PERIOD_START_DIFFERENCE;
  if (setLike) limits.startPeriods();
  let more = firstPeriod(pKind, param, first, last, dayFrom);
  let guard = 0;
  while (more && guard++ < 100_000 && periodFirst <= dayTo) {
    const pFirst = periodFirst, pLast = periodLast;
    if (pLast < dayFrom) {
      more = nextPeriod(pKind, param, pLast, first, last, last);
      continue;
    }
    const from = max(pFirst, spanLo), to = min(pLast, spanHi);
    let v: i64 = 0;
    if (minutesLike || kind == K_PERIOD_SHIFTS || kind == K_PERIOD_DAYS) {
      for (let d = from; d <= to; d++) {
        const i = d - spanLo;
        if (!usedDay(i, split)) continue;
        v += minutesLike ? <i64>unchecked(dayMinutes[i]) : kind == K_PERIOD_SHIFTS ? <i64>unchecked(dayCount[i]) : 1;
      }
    } else if (setLike) {
      v = limits.periodValue(r, g, kind, pFirst, pLast);
    } else if (kind == K_PERIOD_DAYS_OFF_RUN) {
      let run: i64 = 0;
      for (let d = max(from, first); d <= min(to, last); d++) {
        if (usedDay(d - spanLo, split)) run = 0;
        else {
          run++;
          v = max(v, run);
        }
      }
    } else if (kind == K_PERIOD_DAYS_OFF) {
      for (let d = max(from, first); d <= min(to, last); d++) {
        if (mask != 0 && ((mask >> weekday(d)) & 1) == 0) continue;
        if (!usedDay(d - spanLo, split)) v++;
      }
    } else if (kind == K_PERIOD_WEEKEND_MINUTES) {
      for (let d = from; d <= to; d++) {
        const i = d - spanLo;
        if (usedDay(i, split) && ((mask >> weekday(d)) & 1) != 0) v += <i64>unchecked(dayMinutes[i]);
      }
    } else {
      // Weekends: worked when a shift counts on one of its days inside the period.
      const w0 = weekendOf(pFirst, weekendStart), w1 = weekendOf(pLast, weekendStart);
      let run: i64 = 0, longest: i64 = 0;
      for (let w = w0; w <= w1; w++) {
        const state = weekendState(g, w, weekendStart, mask, pFirst, pLast, first, last, split);
        const worked = (state & WEEKEND_WORKED) != 0, inRange = (state & WEEKEND_IN_RANGE) != 0;
        if (kind == K_PERIOD_WEEKENDS) {
          if (worked) v++;
        } else if (kind == K_PERIOD_CONSECUTIVE_WEEKENDS) {
          if (worked) run++;
          else {
            v += max<i64>(0, run - <i64>hi);
            run = 0;
          }
        } else {
          // Consecutive weekends off: the longest stretch of weekends off (inside the schedule) must reach `min`.
          if (!worked && inRange) {
            run++;
            longest = max(longest, run);
          } else run = 0;
        }
      }
      if (kind == K_PERIOD_CONSECUTIVE_WEEKENDS) v += max<i64>(0, run - <i64>hi);
      if (kind == K_PERIOD_CONSECUTIVE_WEEKENDS_OFF) v = longest;
    }
    evValue = v;
    let p: i64;
    if (kind == K_PERIOD_CONSECUTIVE_WEEKENDS) p = hi >= 0 ? v : 0;
    else if (kind == K_PERIOD_SHIFT_TYPES) p = limits.typesPenalty;
    else p = totalPenalty(r, v);
    if (p != 0) {
      evPenalty += p;
      evMatches++;
      if (recording) record(p, pFirst, pLast, <i32>v, kind == K_PERIOD_COST ? <i32>overtimeMinutes(r, v) : 0);
    }
    more = nextPeriod(pKind, param, pLast, first, last, last);
  }
}

// ---- running totals --------------------------------------------------------------------------------------------------

/**
 * Whether rule r (an employee in time zone group g) is a *running total*: one period, the whole schedule, whose value
 * is a sum of terms a move changes only near its days: the shifts it counts on their start day (minutes worked or
 * logged, shifts, a cost definition's minutes) or the weekends worked. contracts.ts keeps the value per slot and
 * adds a move's `totalDelta`, instead of aggregating the employee's whole list (a SCHEDULE period's window is the
 * whole list).
 */
export function runningTotal(r: i32, g: i32): bool {
  const kind = rw(r, RW_KIND);
  const summed = kind == K_PERIOD_MINUTES || kind == K_PERIOD_SHIFTS || kind == K_PERIOD_MINUTES_LOGGED || kind == K_PERIOD_COST || kind == K_PERIOD_WEEKENDS;
  return summed && rw(r, RW_PERIOD) == PERIOD_SCHEDULE && !splits(r) && rangeFirst(g) <= rangeLast(g);
}

/** Whether running total r's delta reads a window of the list (weekends worked), so needs the move located (view.ts locateMove). */
export function totalWindowed(r: i32): bool {
  return rw(r, RW_KIND) == K_PERIOD_WEEKENDS;
}

/**
 * How much the move (employee e's list without `remove`, with `add`) changes running total r's value (group g): the
 * moved shifts' own contributions, or for weekends worked the weekends worked among those holding their start days,
 * after less before, on the window of those weekends' days (the move located).
 */
export function totalDelta(r: i32, g: i32, remove: i32, add: i32): i64 {
  if (!totalWindowed(r)) return contribution(r, g, add) - contribution(r, g, remove);
  const mask = (rw(r, RW_FLAGS) >> RF_WEEKDAY_SHIFT) & 127, weekendStart = rw(r, RW_P1);
  let w0 = i32.MAX_VALUE, w1 = i32.MIN_VALUE;
  if (remove >= 0) {
    const w = weekendOf(startDay(g, remove), weekendStart);
    w0 = min(w0, w);
    w1 = max(w1, w);
  }
  if (add >= 0) {
    const w = weekendOf(startDay(g, add), weekendStart);
    w0 = min(w0, w);
    w1 = max(w1, w);
  }
  const first = rangeFirst(g), last = rangeLast(g);
  windowOverDays(g, 7 * w0 + weekendStart - 3, 7 * w1 + weekendStart + 3);
  buildView(moveEmployee, g, -1, -1, windowFrom, windowTo);
  aggregate(r, g, false);
  let delta: i64 = 0;
  for (let w = w0; w <= w1; w++) delta -= weekendState(g, w, weekendStart, mask, first, last, first, last, false) & WEEKEND_WORKED;
  patchMove(r, g, remove, add);
  for (let w = w0; w <= w1; w++) delta += weekendState(g, w, weekendStart, mask, first, last, first, last, false) & WEEKEND_WORKED;
  patchMove(r, g, add, remove);
  return delta;
}

/** What shift s adds to running total r's value (group g) when r sums shifts: as `aggregate` and `scorePeriods` count it. */
function contribution(r: i32, g: i32, s: i32): i64 {
  if (s < 0 || !counts(r, g, s)) return 0;
  const d = startDay(g, s);
  if (daySlot(g, d) < 0 || d < rangeFirst(g) || d > rangeLast(g)) return 0;
  return rw(r, RW_KIND) == K_PERIOD_SHIFTS ? 1 : <i64>countedMinutes(r, g, s);
}

/** Penalty of a period of rule r whose value is v (a match when not 0), for every kind but the weekend runs and shift types. */
export function totalPenalty(r: i32, v: i64): i64 {
  return rw(r, RW_KIND) == K_PERIOD_COST ? tieredCost(r, v) : outside(v, rw(r, RW_MIN), rw(r, RW_MAX));
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/** Period rules in pairs from PERIOD_RULE_CONSTRAINT (REQUIRED hard, PREFERRED soft); names are the reference's. */
const NAMES: string[] = [
  "Minutes worked per period not in {} range for employee",
  "Shifts worked per period not in {} range for employee",
  "Days worked per period not in {} range for employee",
  "Days off per period not in {} range for employee",
  "Weekends worked per period not in {} range for employee",
  "Weekend minutes worked per period not in {} range for employee",
  "Consecutive weekends worked per period not in {} range for employee",
  "Consecutive weekends off per period not in {} range for employee",
];

/** This module's constraints: the period rules, and cost definitions (soft). */
export function declare(family: i32): void {
  for (let i = 0; i < NAMES.length; i++) registerPair(PERIOD_RULE_CONSTRAINT + 2 * i, NAMES[i], KIND_EMPLOYEE, family);
  register(COST_DEFINITION_CONSTRAINT, "Minimize cost per period", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
}
