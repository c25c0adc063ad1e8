/**
 * Shift rotations of contracts (reference `ShiftRotationRule`), evaluated over one employee's view (view.ts). A shift
 * belongs to the first rotation group whose tag filter it passes (RULE_AUX: [filter, 0] per group), or to none (it
 * takes no part). Shifts are read in start order, on the local day they start on.
 *
 *   WEEKLY        all the employee's group shifts of one week (from the week start) are of one group: each pair of
 *                 successive group shifts of a week in different groups is a match of penalty 1, recorded as
 *                 [shift1, shift2, 0, 0]. Scored on the weeks of the moved shifts (`rotationWindow`).
 *   CUSTOM_MAX    a *block* is a maximal run of successive group shifts of one group; its length in days (first to
 *                 last shift day, inclusive) above RW_MAX is a match of penalty length - max.
 *   CUSTOM_RANGE  the same against RW_MAX, and below RW_MIN for blocks that are neither the employee's first nor its
 *                 last (those may continue outside the schedule): penalty min - length.
 *                 A block's match is recorded as [first day, last day, group, 1 when above the maximum else 0].
 *                 Custom rotations are evaluated over the whole list (a block can span it).
 */
import { KIND_EMPLOYEE, PENALTY, register } from "./catalog";
import { ROTATION_CONSTRAINT, LEVEL_HARD, LEVEL_SOFT } from "../layout";
import { RW_P2, RW_P4, RW_MIN, RW_MAX, RW_AUX, RW_AUX_COUNT, ROTATION_WEEKLY, ROTATION_CUSTOM_RANGE } from "../layout";
import { ruleAux } from "../problem";
import { viewShift, viewLength, rw, passes, startDay, recording, record, movedDayFrom, movedDayTo, windowOverDays, setTermDays } from "./view";

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;

/** The rotation group of shift s for rule r, or -1. */
function groupOf(r: i32, s: i32): i32 {
  const aux = rw(r, RW_AUX), n = rw(r, RW_AUX_COUNT);
  for (let i = 0; i < n; i++) if (passes(unchecked(ruleAux[aux + 2 * i]), s)) return i;
  return -1;
}

/** First day of the week holding `day` (weeks start on weekday `start`, 0 = Monday; day 0 = 1970-01-01, a Thursday). */
function weekOf(day: i32, start: i32): i32 {
  return day - ((((day + 3 - start) % 7) + 7) % 7);
}

/** Evaluates rule r into evPenalty / evMatches: WEEKLY, the pairs on days [dayFrom, dayTo]; custom, every block. */
export function evaluateRotationRule(r: i32, g: i32, dayFrom: i32, dayTo: i32): void {
  evPenalty = 0;
  evMatches = 0;
  const mode = rw(r, RW_P2);
  if (mode == ROTATION_WEEKLY) {
    const start = rw(r, RW_P4);
    let prev = -1, prevGroup = -1, prevWeek = 0;
    for (let j = 0; j < viewLength; j++) {
      const s = unchecked(viewShift[j]);
      const group = groupOf(r, s);
      if (group < 0) continue;
      const d = startDay(g, s), week = weekOf(d, start);
      if (prev >= 0 && week == prevWeek && group != prevGroup && d >= dayFrom && d <= dayTo) {
        evPenalty++;
        evMatches++;
        if (recording) record(1, prev, s, 0, 0);
      }
      prev = s;
      prevGroup = group;
      prevWeek = week;
    }
    return;
  }
  const most = rw(r, RW_MAX), least = mode == ROTATION_CUSTOM_RANGE ? rw(r, RW_MIN) : -1;
  let group = -1, first = 0, last = 0, blocks = 0;
  for (let j = 0; j <= viewLength; j++) {
    const s = j < viewLength ? unchecked(viewShift[j]) : -1;
    const k = s >= 0 ? groupOf(r, s) : -2;
    if (k == -1) continue;
    const d = s >= 0 ? startDay(g, s) : 0;
    if (k == group) {
      last = d;
      continue;
    }
    if (group >= 0) {
      // Block [first, last] of `group` ends; k == -2: it is the last one.
      const length = last - first + 1;
      if (most >= 0 && length > most) addBlock(length - most, first, last, group, 1);
      else if (least >= 0 && length < least && blocks > 0 && k != -2) addBlock(least - length, first, last, group, 0);
      blocks++;
    }
    group = k;
    first = last = d;
  }
}

function addBlock(p: i32, first: i32, last: i32, group: i32, above: i32): void {
  evPenalty += p;
  evMatches++;
  if (recording) record(p, first, last, group, above);
}

/** Whether rule r is scored on a window (WEEKLY) rather than the whole list. */
export function rotationWindowed(r: i32): bool {
  return rw(r, RW_P2) == ROTATION_WEEKLY;
}

/** Sets the window of a move for a WEEKLY rule r: the weeks of the moved shifts' days; always true. */
export function rotationWindow(r: i32, g: i32): bool {
  const start = rw(r, RW_P4);
  const dayFrom = weekOf(movedDayFrom(g), start), dayTo = weekOf(movedDayTo(g, false), start) + 6;
  setTermDays(dayFrom, dayTo);
  windowOverDays(g, dayFrom, dayTo);
  return true;
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/** Names are the reference's (its `*ShiftRotation*` and `CustomRotation*` justification schemas). */
export function declare(family: i32): void {
  const rot = ROTATION_CONSTRAINT;
  register(rot, "Required shift rotation not met for employee", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(rot + 1, "Preferred shift rotation not met for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
  register(rot + 2, "Custom rotation duration in days not exceeds required maximum for employee", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(rot + 3, "Custom rotation duration in days not in preferred range for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
}
