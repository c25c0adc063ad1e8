/**
 * Scoped disruption (contract `disruptionRules` with a `scope`, spec §2.6), evaluated over one employee's view
 * (view.ts) like the other contract rules. The employee's *outgoing* shifts are those submitted (or patched) with
 * it that it no longer works; its *incoming* shifts are those it works now that were submitted with someone else
 * or with nobody. An outgoing shift the rule covers (its tag filter and validity span) is replaced when incoming
 * shifts cover it:
 *   START_AND_END  an incoming shift starts within `startScopeInMinutes` of the outgoing shift's start and ends
 *                  within `endScopeInMinutes` of its end: the whole shift is covered, else none of it;
 *   OVERLAP        the minutes of the outgoing shift that incoming shifts overlap are covered.
 * "Required scoped disruption for employee" (REQUIRED rules, hard): every outgoing shift not wholly covered counts
 *   1; one match per employee and rule with at least one such shift.
 * "Minimize preferred scoped disruption for employee" (PREFERRED rules, soft,
 *   minimizePreferredScopedDisruptionForEmployeeWeight): each outgoing shift's uncovered minutes × the rule's
 *   `disruptionWeight`; one match per outgoing shift with uncovered minutes.
 * Historic shifts never move, so they are never outgoing. Records (explanations): [shift, uncovered minutes, 0, 0].
 */
import { KIND_EMPLOYEE, PENALTY, register } from "./catalog";
import { LEVEL_HARD, LEVEL_SOFT } from "../layout";
import { RW_P1, RW_P2, RW_P3, RW_P4, RW_CONSTRAINT, SCOPED_DISRUPTION_CONSTRAINT, SCOPE_START_AND_END } from "../layout";
import { employeeCount, shiftCount, maxShiftDuration, SR_START, SR_END, SR_INITIAL, sf } from "../problem";
import { viewShift, viewLength, rw, counts, isHistoricShift, recording, record } from "./view";

// Scope types: SCOPE_* (layout.ts, RW_P1); RW_P2 / RW_P3 the start and end scope in minutes; RW_P4 the disruption weight.

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;

/** Per employee the shifts submitted with it, sorted by (start, index): CSR offsets and shift indices. */
let initialOff = new StaticArray<i32>(0);
let initialShifts = new StaticArray<i32>(0);

/** Builds the per-employee lists of submitted shifts (called when a solve starts, with contract rules). */
export function initScopedDisruption(): void {
  initialOff = new StaticArray<i32>(employeeCount + 1);
  for (let s = 0; s < shiftCount; s++) {
    const i = sf(s, SR_INITIAL);
    if (i >= 0 && i < employeeCount) unchecked(initialOff[i + 1]++);
  }
  for (let e = 0; e < employeeCount; e++) unchecked(initialOff[e + 1] += initialOff[e]);
  initialShifts = new StaticArray<i32>(initialOff[employeeCount]);
  const fill = new StaticArray<i32>(employeeCount);
  for (let s = 0; s < shiftCount; s++) {
    const i = sf(s, SR_INITIAL);
    if (i < 0 || i >= employeeCount) continue;
    // Insertion keeps each employee's list sorted by (start, index); lists are short.
    let k = initialOff[i] + fill[i]++;
    const start = sf(s, SR_START);
    while (k > initialOff[i] && sf(initialShifts[k - 1], SR_START) > start) {
      initialShifts[k] = initialShifts[k - 1];
      k--;
    }
    initialShifts[k] = s;
  }
}

/** First view position whose shift starts at or after `minute`. */
function lowerBound(minute: i32): i32 {
  let lo = 0, hi = viewLength;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sf(unchecked(viewShift[mid]), SR_START) < minute) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether shift o is in the view (the employee still works it). */
function inView(o: i32): bool {
  const start = sf(o, SR_START);
  for (let i = lowerBound(start); i < viewLength; i++) {
    const s = unchecked(viewShift[i]);
    if (s == o) return true;
    if (sf(s, SR_START) != start) return false;
  }
  return false;
}

/** Minutes of outgoing shift o that employee e's incoming shifts in the view leave uncovered under rule r. */
function uncovered(r: i32, e: i32, o: i32): i32 {
  const start = sf(o, SR_START), end = sf(o, SR_END);
  const duration = max(0, end - start);
  if (rw(r, RW_P1) == SCOPE_START_AND_END) {
    const startScope = rw(r, RW_P2), endScope = rw(r, RW_P3);
    for (let i = lowerBound(start - startScope); i < viewLength; i++) {
      const s = unchecked(viewShift[i]);
      const a = sf(s, SR_START);
      if (a > start + startScope) break;
      if (sf(s, SR_INITIAL) == e) continue;
      if (abs(sf(s, SR_END) - end) <= endScope) return 0;
    }
    return duration;
  }
  // OVERLAP: the union of the incoming shifts' overlaps, swept in start order.
  let covered = 0, reached = start;
  for (let i = lowerBound(start - maxShiftDuration); i < viewLength; i++) {
    const s = unchecked(viewShift[i]);
    const a = sf(s, SR_START);
    if (a >= end) break;
    if (sf(s, SR_INITIAL) == e) continue;
    const b = min(sf(s, SR_END), end);
    const from = max(a, reached);
    if (b > from) {
      covered += b - from;
      reached = b;
    }
  }
  return duration - covered;
}

/** Evaluates scoped disruption rule r of employee e (time zone group g) over the view into evPenalty / evMatches. */
export function evaluateScopedDisruption(r: i32, g: i32, e: i32): void {
  evPenalty = 0;
  evMatches = 0;
  // REQUIRED rules score the pair's first id (layout.ts), PREFERRED ones the second.
  const required = rw(r, RW_CONSTRAINT) == SCOPED_DISRUPTION_CONSTRAINT;
  const weight = <i64>max(1, rw(r, RW_P4));
  const from = unchecked(initialOff[e]), to = unchecked(initialOff[e + 1]);
  for (let k = from; k < to; k++) {
    const o = unchecked(initialShifts[k]);
    if (isHistoricShift(o) || !counts(r, g, o) || inView(o)) continue;
    const minutes = uncovered(r, e, o);
    if (minutes <= 0) continue;
    const p: i64 = required ? 1 : <i64>minutes * weight;
    evPenalty += p;
    if (!required) evMatches++;
    if (recording) record(p, o, minutes, 0, 0);
  }
  if (required && evPenalty > 0) evMatches = 1;
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

export function declare(family: i32): void {
  register(SCOPED_DISRUPTION_CONSTRAINT, "Required scoped disruption for employee", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(SCOPED_DISRUPTION_CONSTRAINT + 1, "Minimize preferred scoped disruption for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
}
