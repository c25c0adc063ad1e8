/**
 * Request move (README "Nurse rostering benchmark"): an employee's preferred time span (`preferredTimeSpans`; on
 * the benchmark a shift-on request, one shift type on one day) that none of its shifts meets is met. A shift that
 * overlaps the span, passes its tag filter and whose key skill the employee holds is drawn (start order, uniformly
 * among the first REQUEST_SCAN positions that can overlap the span), then:
 *   open    the employee takes it as in a cover move (cover.ts applyCoverMove: what overlaps it that day is
 *           released, and handed to the holder of a cheaper twin when it costs open);
 *   held    the employee and the holder exchange their work of that time: the employee takes the shift, the holder
 *           takes the employee's shifts that overlap it (a day's shift types swapped between two employees, each
 *           keeping its days of work); a shift the holder may not work (its key skill) is released instead. When
 *           the employee was off then, half of the time it gives one of its shifts within a week (chain.ts
 *           drawNearby) to the holder, or releases it when the holder works then: a day of work exchanged.
 * Random swaps find such an exchange about once per employees × days tries (on instance 23, 100 employees and 364
 * days, almost 90% of the shift-on requests' weight was left unmet at the end of a minute). Scored change by change
 * and accepted or undone as one (compound.ts).
 */
import {
  isPinned, sf, ef, SR_START, SR_END, SR_KEY_SKILL, shiftsByStart, firstRankFrom, holdsSkillFor, maxShiftDuration,
  filterMatches, preferredTime, ER_PREFERRED_TIME, employeeCount,
} from "../problem";
import { SPAN_WORDS } from "../layout";
import { assignment, listBase, listAt, listStart, listLength, lowerBoundByStart } from "../state";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundRoom, compoundUndo } from "./compound";
import { drawNearby } from "./chain";
import { applyCoverMove, handOver } from "./cover";

/** Employees scanned, from a random one, for one with preferred spans; spans drawn for one that is not met. */
const REQUEST_EMPLOYEES: i32 = 16;
const REQUEST_SPANS: i32 = 4;
/** Start-order positions scanned for a shift meeting the span. */
const REQUEST_SCAN: i32 = 256;
/** Most shifts of the employee's that the exchange hands to the holder. */
const EXCHANGE_MAX: i32 = 8;

let given = new StaticArray<i32>(EXCHANGE_MAX);

/** Whether shift s meets span `at` of the preferred spans: a positive overlap and the span's tag filter. */
// @ts-ignore: decorator
@inline
function meets(s: i32, at: i32): bool {
  const from = unchecked(preferredTime[at]), to = unchecked(preferredTime[at + 1]);
  return sf(s, SR_START) < to && sf(s, SR_END) > from && filterMatches(unchecked(preferredTime[at + 3]), s);
}

/** Whether one of e's shifts meets span `at`. */
function met(e: i32, at: i32): bool {
  const from = unchecked(preferredTime[at]), to = unchecked(preferredTime[at + 1]);
  const base = listBase(e), len = unchecked(listLength[e]);
  for (let i = lowerBoundByStart(e, from - maxShiftDuration); i < len && listStart(base, i) < to; i++) {
    if (meets(listAt(base, i), at)) return true;
  }
  return false;
}

/** The employee of the last unmetSpan, -1 when it found none (the step then makes a change move). */
export let requestEmployee = -1;

/**
 * A preferred span with a positive weight that none of its employee's shifts meets (its word offset in
 * preferredTime; the employee in requestEmployee): the first employee with preferred spans among REQUEST_EMPLOYEES
 * from a random one, up to REQUEST_SPANS of its spans drawn. -1 when none is found.
 */
function unmetSpan(): i32 {
  requestEmployee = -1;
  let e = rngBelow(employeeCount);
  for (let i = 0, n = min(employeeCount, REQUEST_EMPLOYEES); i < n; i++) {
    const from = ef(e, ER_PREFERRED_TIME), count = ef(e + 1, ER_PREFERRED_TIME) - from;
    if (count > 0) {
      for (let k = 0; k < REQUEST_SPANS; k++) {
        const at = (from + rngBelow(count)) * SPAN_WORDS;
        if (unchecked(preferredTime[at + 2]) > 0 && !met(e, at)) {
          requestEmployee = e;
          return at;
        }
      }
      return -1;
    }
    if (++e == employeeCount) e = 0;
  }
  return -1;
}

/** Builds and applies a request move (header) for an unmet span (unmetSpan). Returns the number of changes (0: nothing applied). */
export function applyRequestMove(): i32 {
  compoundBegin();
  const at = unmetSpan();
  if (at < 0) return 0;
  const e = requestEmployee;
  const spanFrom = unchecked(preferredTime[at]), spanTo = unchecked(preferredTime[at + 1]);
  const first = firstRankFrom(spanFrom - maxShiftDuration + 1);
  const last = min(first + REQUEST_SCAN, firstRankFrom(spanTo));
  let x = -1, seen = 0;
  for (let p = first; p < last; p++) {
    const y = unchecked(shiftsByStart[p]);
    if (!meets(y, at) || isPinned(y) || unchecked(assignment[y]) == e) continue;
    const key = sf(y, SR_KEY_SKILL);
    if (key >= 0 && !holdsSkillFor(e, key, y)) continue;
    if (rngBelow(++seen) == 0) x = y;
  }
  if (x < 0) return 0;
  const f = unchecked(assignment[x]);
  if (f < 0) return applyCoverMove(x, e);
  return exchange(x, e, f);
}

/** Employee e takes x from f, f takes e's shifts overlapping x (header); the number of changes. */
function exchange(x: i32, e: i32, f: i32): i32 {
  const start = sf(x, SR_START), end = sf(x, SR_END);
  const base = listBase(e), len = unchecked(listLength[e]);
  let n = 0;
  for (let i = lowerBoundByStart(e, start - maxShiftDuration); i < len; i++) {
    if (listStart(base, i) >= end) break;
    const y = listAt(base, i);
    if (sf(y, SR_END) <= start) continue;
    if (isPinned(y) || n == EXCHANGE_MAX) return compoundUndo();
    unchecked(given[n++] = y);
  }
  if (!compoundRoom(2 * n + 3)) return compoundUndo();
  for (let j = 0; j < n; j++) {
    const y = unchecked(given[j]), key = sf(y, SR_KEY_SKILL);
    if (key < 0 || holdsSkillFor(f, key, y)) compoundChange(y, e, f);
    else {
      compoundChange(y, e, -1);
      handOver(y, e);
    }
  }
  compoundChange(x, f, e);
  if (n == 0 && rngBelow(2) == 0) {
    // e was off then: a day of work exchanged, e's given up within a week, to f when f is off then.
    const z = drawNearby(e, start, x);
    if (z >= 0) {
      const key = sf(z, SR_KEY_SKILL);
      if (!holdsAt(f, z) && (key < 0 || holdsSkillFor(f, key, z))) compoundChange(z, e, f);
      else {
        compoundChange(z, e, -1);
        handOver(z, e);
      }
    }
  }
  return compoundCount;
}

/** Whether f holds a shift overlapping z. */
function holdsAt(f: i32, z: i32): bool {
  const start = sf(z, SR_START), end = sf(z, SR_END);
  const base = listBase(f), len = unchecked(listLength[f]);
  for (let i = lowerBoundByStart(f, start - maxShiftDuration); i < len && listStart(base, i) < end; i++) {
    if (sf(listAt(base, i), SR_END) > start) return true;
  }
  return false;
}
