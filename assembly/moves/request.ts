/**
 * Request move (README "Nurse rostering benchmark"): an employee's preferred time span (`preferredTimeSpans`; on
 * the benchmark a shift-on request, one shift type on one day) that none of its shifts meets is met. A shift that
 * overlaps the span, passes its tag filter and whose key skill the employee holds is drawn (start order, uniformly
 * among the first REQUEST_SCAN positions that can overlap the span), then:
 *   open    the employee takes it as in a cover move (cover.ts applyCoverMove: what overlaps it that day is
 *           released, and handed to the holder of a cheaper twin when it costs open);
 *   held    the employee and the holder exchange their work of that time: the employee takes the shift, the holder
 *           takes the employee's shifts that overlap it (a day's shift types swapped between two employees, each
 *           keeping its days of work); a shift the holder may not work (its key skill), or at whose time it holds
 *           another, is released instead. When the employee was off then, half of the time it gives one of its
 *           shifts within a week (chain.ts drawNearby) to the holder alike: a day of work exchanged.
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
import { drawNearby, overlapping } from "./chain";
import { applyCoverMove, handOver } from "./cover";

/** Employees scanned, from a random one, for one with preferred spans; spans drawn for one that is not met. */
const REQUEST_EMPLOYEES: i32 = 16;
const REQUEST_SPANS: i32 = 4;
/** Start-order positions scanned for a shift meeting the span. */
const REQUEST_SCAN: i32 = 256;
/** Most shifts of the employee's that the exchange hands to the holder. */
const EXCHANGE_MAX: i32 = 8;

const given = new StaticArray<i32>(EXCHANGE_MAX);
/** What giveTo's holder holds at the given shift's time (only whether it is anything matters). */
const held = new StaticArray<i32>(1);

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

/** The employee of the span the last unmetSpan found. */
let spanEmployee = -1;

/**
 * A preferred span with a positive weight that none of its employee's shifts meets (its word offset in
 * preferredTime; the employee in spanEmployee): the first employee with preferred spans among REQUEST_EMPLOYEES
 * from a random one, up to REQUEST_SPANS of its spans drawn. -1 when none is found.
 */
function unmetSpan(): i32 {
  let e = rngBelow(employeeCount);
  for (let i = 0, n = min(employeeCount, REQUEST_EMPLOYEES); i < n; i++) {
    const from = ef(e, ER_PREFERRED_TIME), count = ef(e + 1, ER_PREFERRED_TIME) - from;
    if (count > 0) {
      for (let k = 0; k < REQUEST_SPANS; k++) {
        const at = (from + rngBelow(count)) * SPAN_WORDS;
        if (unchecked(preferredTime[at + 2]) > 0 && !met(e, at)) {
          spanEmployee = e;
          return at;
        }
      }
      return -1;
    }
    if (++e == employeeCount) e = 0;
  }
  return -1;
}

/**
 * Builds and applies a request move (header) for an unmet span (unmetSpan). Returns the number of changes (0: nothing
 * applied), -1 when no unmet span was found.
 */
export function applyRequestMove(): i32 {
  compoundBegin();
  const at = unmetSpan();
  if (at < 0) return -1;
  const e = spanEmployee;
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
  const n = overlapping(e, x, given);
  if (n < 0 || !compoundRoom(2 * n + 3)) return 0;
  compoundChange(x, f, e);
  for (let j = 0; j < n; j++) giveTo(unchecked(given[j]), e, f);
  // e was off then: half of the time a day of work exchanged, e's given up within a week.
  if (n == 0 && rngBelow(2) == 0) {
    const z = drawNearby(e, sf(x, SR_START), x);
    if (z >= 0) giveTo(z, e, f);
  }
  return compoundCount;
}

/**
 * e's shift y goes to f when f may work it (its key skill) and holds nothing at its time; else it is released, and
 * handed to the holder of a cheaper twin when it costs open (cover.ts handOver).
 */
function giveTo(y: i32, e: i32, f: i32): void {
  const key = sf(y, SR_KEY_SKILL);
  if (overlapping(f, y, held) == 0 && (key < 0 || holdsSkillFor(f, key, y))) compoundChange(y, e, f);
  else {
    compoundChange(y, e, -1);
    handOver(y, e);
  }
}
