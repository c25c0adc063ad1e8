/**
 * Cover chain: an ejection chain (Glover 1996, "Ejection chains, reference structures and alternating path methods
 * for traveling salesman problems", Discrete Appl. Math. 65; for nurse rostering, the variable depth search of
 * Burke, Curtois, Qu & Vanden Berghe 2013, "A time predefined variable depth search for nurse rostering", INFORMS
 * J. Comput. 25(3), one of the methods behind the benchmark's best known values) that repairs an open shift whose absence costs (README "Nurse rostering benchmark": an under-covered
 * day and type) through up to CHAIN_DEPTH employees. Link i: employee e_i takes the open shift; the shifts e_i held
 * that overlap it are unassigned (where an employee works one shift a day, taking a shift that day means leaving
 * the other), or, when there were none, one of e_i's shifts within CHAIN_DAYS days is given up half of the time
 * (the same amount of work, moved: what keeps minimum and maximum minutes and the runs' lengths). A released shift
 * that costs when open is the next link's open shift, taken by another sampled employee. The whole chain is scored
 * change by change and accepted or undone as one compound move (compound.ts).
 */
import { isPinned, sf, SR_START, SR_END, SR_WEIGHT, maxShiftDuration } from "../problem";
import { assignment, listBase, listLength, listAt, listStart, lowerBoundByStart } from "../state";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundRoom } from "./compound";
import { DAY_MINUTES } from "../calendar";

/** Employees a chain goes through at most. */
const CHAIN_DEPTH: i32 = 3;
/** Farthest, in days, a given-up shift may start from the taken one. */
const CHAIN_DAYS: i32 = 7;
/** Most overlapping shifts one link unassigns. */
const LINK_MAX: i32 = 4;
/** The shifts the last take released (also read by the cover move, cover.ts). */
export const released = new StaticArray<i32>(LINK_MAX);

/** Whether a shift left open costs (its unassigned weight is positive). */
export function costsOpen(s: i32): bool {
  return sf(s, SR_WEIGHT) > 0;
}

/**
 * Employee e's shifts that overlap shift s (a positive overlap), into `into`; their number, -1 when one is pinned or
 * there are more than `into` holds (also the request move's exchange, request.ts).
 */
export function overlapping(e: i32, s: i32, into: StaticArray<i32>): i32 {
  const start = sf(s, SR_START), end = sf(s, SR_END);
  const base = listBase(e), len = unchecked(listLength[e]);
  let n = 0;
  for (let i = lowerBoundByStart(e, start - maxShiftDuration); i < len; i++) {
    if (listStart(base, i) >= end) break;
    const x = listAt(base, i);
    if (sf(x, SR_END) <= start) continue;
    if (isPinned(x) || n == into.length) return -1;
    unchecked(into[n++] = x);
  }
  return n;
}

/**
 * Employee e takes open shift s: e's unpinned shifts overlapping s are unassigned; returns the number released
 * (into `released`), -1 when a pinned one overlaps or there are too many (nothing applied then).
 */
export function take(s: i32, e: i32): i32 {
  const n = overlapping(e, s, released);
  if (n < 0 || !compoundRoom(n + 2)) return -1;
  for (let j = 0; j < n; j++) compoundChange(unchecked(released[j]), e, -1);
  compoundChange(s, -1, e);
  return n;
}

/**
 * One of e's unpinned shifts starting within CHAIN_DAYS days of `minute`, other than s; -1 when none is drawn (also
 * the cover move's given-up day, cover.ts).
 */
export function drawNearby(e: i32, minute: i32, s: i32): i32 {
  const base = listBase(e), len = unchecked(listLength[e]);
  const from = lowerBoundByStart(e, minute - CHAIN_DAYS * DAY_MINUTES);
  let to = from;
  while (to < len && listStart(base, to) <= minute + CHAIN_DAYS * DAY_MINUTES) to++;
  if (to == from) return -1;
  const x = listAt(base, from + rngBelow(to - from));
  return x == s || isPinned(x) ? -1 : x;
}

/**
 * Builds and applies a cover chain from open shift s, its first employee e (a sampled candidate); `sample` draws
 * the next links' employees. Returns the number of changes (0: nothing applied).
 */
export function applyCoverChain(s: i32, e: i32, sample: (s: i32) => i32): i32 {
  compoundBegin();
  let open = s;
  for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
    if (e < 0 || unchecked(assignment[open]) >= 0) break;
    const n = take(open, e);
    if (n < 0) break;
    let next = -1;
    if (n > 0) {
      next = unchecked(released[rngBelow(n)]);
    } else if (rngBelow(2) == 0) {
      const x = drawNearby(e, sf(open, SR_START), open);
      if (x >= 0 && compoundRoom(1)) {
        compoundChange(x, e, -1);
        next = x;
      }
    }
    if (next < 0 || !costsOpen(next) || rngBelow(2) == 0) break;
    open = next;
    const f = sample(open);
    if (f == e) break;
    e = f;
  }
  if (compoundCount == 0) return 0;
  return compoundCount;
}

