/**
 * Employee pairings (ids 57-61) and daily shift pairings (62-65): CROSS-EMPLOYEE units (constraints/catalog.ts).
 *
 * Every penalty is a sum of *terms*, one per shift x, owned by x's employee e (historic shifts own no term):
 *   employee pairings (e's requiredPairings ... prohibitedPairings, each a rule with a partner set P, a shift filter
 *   F and optionally a common tag type T): for each rule whose F passes x, the shifts y of partners in P that run
 *   concurrently with x (positive overlap) and pass F:
 *     REQUIRED    57: minutes of x covered by no such y (one match when > 0);
 *                 61: with T, each such y not sharing a tag of type T with x, its overlap minutes;
 *     PROHIBITED  58, UNPREFERRED 59, PREFERRED 60 (reward): each such y (sharing a tag of type T when T is set),
 *                 its overlap minutes;
 *   daily shift pairings (e's contracts' dailyShiftPairingRules: filters F1, F2 and a day offset, local days of e's
 *   time zone): when x passes F1, e's other shifts y passing F2 that start on day(x) + offset:
 *     REQUIRED 62 / PREFERRED 65: 1 when there is none;   PROHIBITED 63 / UNPREFERRED 64: 1 per such y.
 *
 * A term depends only on x, its owner and the shifts near x (concurrent shifts of the partners; the owner's
 * shifts a few days around), so a change of shift s from A to B can only change the terms of s itself, of A's
 * and B's shifts within the daily rules' day window of s (when they have daily rules) and of the shifts
 * overlapping s owned by the *watchers* of A and B (employees with A or B among a rule's partners). The delta of
 * a move is the sum over those terms of (term as the move would leave it) - (term now): evaluated directly, without
 * applying the move (a *hypothetical* owner of the moved shifts, like view.ts does for contract rules) and without
 * any cache, so there is nothing to commit or drop, compound moves (ruin and recreate apply each change before
 * scoring the next) need nothing special, and the from-scratch score (every term of every shift) shares no state
 * with the incremental one.
 *
 * Data comes in a buffer of its own (`loadPairings`, after the problem; format below and in solver/encode-pairings.ts).
 * Inputs without pairings load nothing: `active` stays false and every entry point returns at once.
 */
import { MatchRecords } from "../match-records";
import {
  shiftCount, employeeCount, shiftTags, tagCount, filterCount, filterMatches, maxShiftDuration, isHistoric, shiftsByStart,
  firstRankFrom, rowContains, fillFilterRow, rowHas,
  SR_START, SR_END, SR_TAGS, sf,
} from "../problem";
import { assignment, listBase, listAt, listLength, listStart, listEnd, lowerBoundByStart } from "../state";
import { newMask, markId, clearMask, orMask } from "../id-mask";
import { LEVEL_HARD, LEVEL_SOFT } from "../layout";
import { KIND_CROSS, PENALTY, REWARD, register, enabled, touched } from "./catalog";

export const REQUIRED_ID: i32 = 57;
export const PROHIBITED_ID: i32 = 58;
export const UNPREFERRED_ID: i32 = 59;
export const PREFERRED_ID: i32 = 60;
export const COMMON_TAGS_ID: i32 = 61;
export const DAILY_REQUIRED_ID: i32 = 62;
export const DAILY_PROHIBITED_ID: i32 = 63;
export const DAILY_UNPREFERRED_ID: i32 = 64;
export const DAILY_PREFERRED_ID: i32 = 65;
export const FIRST_ID: i32 = 57;
export const END_ID: i32 = 66;
const N: i32 = END_ID - FIRST_ID;

// ---- buffer format (mirrored by solver/encode-pairings.ts) -----------------------------------------------------
//  header  [FORMAT, E, S, T, R, D, G, maxOffsetDays]
//  then 12 arrays, each as [length, words...]:
//    rules (R × PR_WORDS)  partners  ruleOff (E + 1)  ruleIndex  watcherOff (E + 1)  watchers
//    tagType (T: type index of each tag, -1 none)  daily (D × DR_WORDS)  dailyOff (E + 1)  dailyIndex
//    employeeGroup (E: time zone group, -1 without daily rules)  groupDay (G × S: local start day of each shift)
export const PAIRING_FORMAT: i32 = 0x50414952; // "PAIR"
export const PAIRING_HEADER: i32 = 8;
/** Employee pairing rule: [constraint (57-60), filter (-1 none), common tag type (-1 none), partners from, to). */
export const PR_WORDS: i32 = 5;
/** Daily shift pairing rule: [constraint (62-65), filter of the shift, filter of the paired shift, day offset]. */
export const DR_WORDS: i32 = 4;

export let active = false;
let rules = new StaticArray<i32>(0);
let partners = new StaticArray<i32>(0);
let ruleOff = new StaticArray<i32>(0);
let ruleIndex = new StaticArray<i32>(0);
let watcherOff = new StaticArray<i32>(0);
let watchers = new StaticArray<i32>(0);
let tagType = new StaticArray<i32>(0);
let daily = new StaticArray<i32>(0);
let dailyOff = new StaticArray<i32>(0);
let dailyIndex = new StaticArray<i32>(0);
let employeeGroup = new StaticArray<i32>(0);
let groupDay = new StaticArray<i32>(0);
/** Widest day offset of any daily rule: bounds the window of shifts a change can affect. */
let maxOffsetDays: i32 = 0;
/**
 * The rules' filters as precomputed rows (problem.ts fillFilterRow), a bit per shift, in order of first use while
 * they fit in ROW_WORDS_MAX words (4 MB: 80 rows at 400,000 shifts); `filterRowAt` -1 for a filter without one
 * (filterMatches then). On the benchmark's shift rotation (13 daily rules an employee) reading the shifts' tags
 * took a quarter of the pairings' time.
 */
let filterRowAt = new StaticArray<i32>(0);
let filterBits = new StaticArray<u32>(0);
const ROW_WORDS_MAX: i32 = 1 << 20;

/** Whether shift s passes filter f (-1: every shift). */
// @ts-ignore: decorator
@inline
function passes(f: i32, s: i32): bool {
  if (f < 0) return true;
  const at = unchecked(filterRowAt[f]);
  return at >= 0 ? rowHas(filterBits, at, s) : filterMatches(f, s);
}

/** Rows for the filters of the loaded rules (see filterRowAt). */
function buildFilterRows(): void {
  filterRowAt = new StaticArray<i32>(filterCount);
  for (let f = 0; f < filterCount; f++) unchecked(filterRowAt[f] = -1);
  rowWords = (shiftCount + 31) >>> 5;
  // The checked build (tests) gives one filter a row, so the small inputs of the fuzz test take both paths.
  // @ts-ignore: compile-time constant
  rowsMost = !ASC_NO_ASSERT ? 1 : rowWords > 0 ? ROW_WORDS_MAX / rowWords : 0;
  rowsUsed = 0;
  for (let k = 0; k < rules.length; k += PR_WORDS) addFilterRow(unchecked(rules[k + 1]));
  for (let k = 0; k < daily.length; k += DR_WORDS) {
    addFilterRow(unchecked(daily[k + 1]));
    addFilterRow(unchecked(daily[k + 2]));
  }
  filterBits = new StaticArray<u32>(rowsUsed * rowWords);
  for (let f = 0; f < filterCount; f++) if (unchecked(filterRowAt[f]) >= 0) fillFilterRow(f, filterBits, unchecked(filterRowAt[f]));
}

let rowWords = 0, rowsMost = 0, rowsUsed = 0;

function addFilterRow(f: i32): void {
  if (f < 0 || unchecked(filterRowAt[f]) >= 0 || rowsUsed == rowsMost) return;
  unchecked(filterRowAt[f] = rowsUsed++ * rowWords);
}

/** Constraint ids whose raw delta the last add* call wrote (index.ts ORs it into `touched`). */
export const touchedMask = newMask();

let readAt = 0;

function h(ptr: usize, i: i32): i32 {
  return load<i32>(ptr + (<usize>i << 2));
}
function take(ptr: usize, words: i32): StaticArray<i32> {
  if (readAt >= words) return changetype<StaticArray<i32>>(0);
  const n = load<i32>(ptr + (<usize>readAt << 2));
  readAt++;
  if (n < 0 || readAt + n > words) return changetype<StaticArray<i32>>(0);
  const out = new StaticArray<i32>(n);
  memory.copy(changetype<usize>(out), ptr + (<usize>readAt << 2), <usize>n << 2);
  readAt += n;
  return out;
}

function csrValid(off: StaticArray<i32>, rows: i32, total: i32): bool {
  if (off.length != rows + 1 || off[0] != 0 || off[rows] != total) return false;
  for (let i = 0; i < rows; i++) if (off[i + 1] < off[i]) return false;
  return true;
}

function allBelow(values: StaticArray<i32>, n: i32): bool {
  for (let i = 0; i < values.length; i++) if (<u32>values[i] >= <u32>n) return false;
  return true;
}

/** Loads the pairing buffer (after the problem, before the solve starts): 0 ok, 2 size, 3 range. */
export function loadPairings(ptr: usize, words: i32): i32 {
  if (words < PAIRING_HEADER) return 2;
  if (h(ptr, 0) != PAIRING_FORMAT || h(ptr, 1) != employeeCount || h(ptr, 2) != shiftCount || h(ptr, 3) != tagCount) return 2;
  const R = h(ptr, 4), D = h(ptr, 5), G = h(ptr, 6), maxOffset = h(ptr, 7), E = employeeCount, S = shiftCount;
  if (R < 0 || D < 0 || G < 0 || maxOffset < 0 || maxOffset > 3660) return 3;
  readAt = PAIRING_HEADER;
  const parts = new Array<StaticArray<i32>>(12);
  for (let i = 0; i < 12; i++) {
    const part = take(ptr, words);
    if (changetype<usize>(part) == 0) return 2;
    parts[i] = part;
  }
  if (readAt != words) return 2;
  const r = parts[0], p = parts[1], ro = parts[2], ri = parts[3], wo = parts[4], w = parts[5];
  const tt = parts[6], d = parts[7], dof = parts[8], di = parts[9], eg = parts[10], gd = parts[11];
  if (r.length != R * PR_WORDS || d.length != D * DR_WORDS || tt.length != tagCount || eg.length != E || gd.length != G * S) return 2;
  if (!csrValid(ro, E, ri.length) || !csrValid(wo, E, w.length) || !csrValid(dof, E, di.length)) return 3;
  if (!allBelow(p, E) || !allBelow(ri, R) || !allBelow(w, E) || !allBelow(di, D)) return 3;
  for (let k = 0; k < R; k++) {
    const at = k * PR_WORDS;
    if (r[at] < REQUIRED_ID || r[at] > PREFERRED_ID) return 3;
    if (r[at + 1] < -1 || r[at + 1] >= filterCount) return 3;
    if (r[at + 3] < 0 || r[at + 3] > r[at + 4] || r[at + 4] > p.length) return 3;
  }
  for (let k = 0; k < D; k++) {
    const at = k * DR_WORDS;
    if (d[at] < DAILY_REQUIRED_ID || d[at] > DAILY_PREFERRED_ID) return 3;
    if (d[at + 1] < -1 || d[at + 1] >= filterCount || d[at + 2] < -1 || d[at + 2] >= filterCount) return 3;
    if (d[at + 3] < -maxOffset || d[at + 3] > maxOffset) return 3;
  }
  for (let e = 0; e < E; e++) {
    if (eg[e] < -1 || eg[e] >= G) return 3;
    if (dof[e + 1] > dof[e] && eg[e] < 0) return 3;
  }
  rules = r;
  partners = p;
  ruleOff = ro;
  ruleIndex = ri;
  watcherOff = wo;
  watchers = w;
  tagType = tt;
  daily = d;
  dailyOff = dof;
  dailyIndex = di;
  employeeGroup = eg;
  groupDay = gd;
  maxOffsetDays = maxOffset;
  active = ri.length > 0 || di.length > 0;
  buildFilterRows();
  return 0;
}

// ---- the hypothetical solution of a move being scored -------------------------------------------------------------

let hypCount = 0;
let hypShift0 = -1, hypTo0 = -1, hypShift1 = -1, hypTo1 = -1;

/** Owner of shift x in the solution being evaluated (the current one, or the move's when hypothetical). */
// @ts-ignore: decorator
@inline
function ownerOf(x: i32): i32 {
  if (hypCount > 0) {
    if (x == hypShift0) return hypTo0;
    if (hypCount > 1 && x == hypShift1) return hypTo1;
  }
  return unchecked(assignment[x]);
}

// ---- scratch -------------------------------------------------------------------------------------------------------

/** Shifts collected by `collect*` (consumed before the next call). */
let found = new StaticArray<i32>(64);
let foundCount = 0;
/** Covered intervals of a REQUIRED term (start, end pairs). */
let spans = new StaticArray<i32>(64);

function push(y: i32): void {
  if (foundCount == found.length) {
    const grown = new StaticArray<i32>(found.length << 1);
    memory.copy(changetype<usize>(grown), changetype<usize>(found), <usize>foundCount << 2);
    found = grown;
  }
  unchecked(found[foundCount++] = y);
}

/** Hypothetically moved shift `m` (its index 0/1) newly owned by p and overlapping [t0, t1): pushed. */
function pushArrivals(p: i32, t0: i32, t1: i32, byStart: bool): void {
  for (let i = 0; i < hypCount; i++) {
    const m = i == 0 ? hypShift0 : hypShift1;
    const to = i == 0 ? hypTo0 : hypTo1;
    if (to != p || unchecked(assignment[m]) == p) continue;
    const st = sf(m, SR_START);
    if (byStart ? st >= t0 && st < t1 : st < t1 && sf(m, SR_END) > t0) push(m);
  }
}

/** Shifts of p (in the evaluated solution) running during [t0, t1) with a positive overlap, into `found`. */
function collectConcurrent(p: i32, t0: i32, t1: i32): void {
  foundCount = 0;
  if (t1 <= t0) return;
  const base = listBase(p);
  const len = unchecked(listLength[p]);
  for (let i = lowerBoundByStart(p, t0 - maxShiftDuration); i < len; i++) {
    if (listStart(base, i) >= t1) break;
    if (listEnd(base, i) <= t0) continue;
    const y = listAt(base, i);
    if (hypCount > 0 && ownerOf(y) != p) continue;
    push(y);
  }
  if (hypCount > 0) pushArrivals(p, t0, t1, false);
}

/** Shifts of p (in the evaluated solution) starting in [t0, t1), into `found`. */
function collectStarts(p: i32, t0: i32, t1: i32): void {
  foundCount = 0;
  const base = listBase(p);
  const len = unchecked(listLength[p]);
  for (let i = lowerBoundByStart(p, t0); i < len; i++) {
    if (listStart(base, i) >= t1) break;
    const y = listAt(base, i);
    if (hypCount > 0 && ownerOf(y) != p) continue;
    push(y);
  }
  if (hypCount > 0) pushArrivals(p, t0, t1, true);
}

/** Whether shifts x and y share a tag of type `type`. */
function shareTagOfType(x: i32, y: i32, type: i32): bool {
  let i = sf(x, SR_TAGS), j = sf(y, SR_TAGS);
  const iEnd = sf(x + 1, SR_TAGS), jEnd = sf(y + 1, SR_TAGS);
  while (i < iEnd && j < jEnd) {
    const a = unchecked(shiftTags[i]), b = unchecked(shiftTags[j]);
    if (a == b) {
      if (unchecked(tagType[a]) == type) return true;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return false;
}

// ---- terms ---------------------------------------------------------------------------------------------------------

/** Raw penalty and matches per constraint (index id - FIRST_ID) accumulated by `term`. */
const termRaw = new StaticArray<i64>(N);
const termMatches = new StaticArray<i32>(N);

// Match recording (explanations, match-records.ts): RECORD_WORDS words per match:
//   [constraint, rule (pairing or daily rule index), penalty low, penalty high, shift x, shift y (-1), owner, partner (-1)]
let recording = false;
export const records = new MatchRecords();

// @ts-ignore: decorator
@inline
function record(id: i32, rule: i32, penalty: i64, x: i32, y: i32, e: i32, p: i32): void {
  records.push(id, rule, penalty, x, y, e, p);
}

// @ts-ignore: decorator
@inline
function score(id: i32, v: i64, sign: i32): void {
  unchecked(termRaw[id - FIRST_ID] += sign > 0 ? v : -v);
  unchecked(termMatches[id - FIRST_ID] += sign);
}

/** Whether sorted partners[from, to) holds employee p. */
// @ts-ignore: decorator
@inline
function hasPartner(from: i32, to: i32, p: i32): bool {
  return p >= 0 && rowContains(partners, from, to, p);
}

/**
 * Adds sign × the employee pairing part of the term of shift x owned by e (in the evaluated solution). With
 * `only0` / `only1` >= 0 (*watcher mode*: only those employees' shifts differ between the two solutions compared),
 * rules without them among their partners are skipped, and the additive kinds (everything but the REQUIRED
 * coverage) read only those partners: the other partners contribute the same to both sides.
 */
function termPairs(x: i32, e: i32, sign: i32, only0: i32, only1: i32): void {
  const watching = only0 >= 0 || only1 >= 0;
  const xs = sf(x, SR_START), xe = sf(x, SR_END);
  for (let k = unchecked(ruleOff[e]), kEnd = unchecked(ruleOff[e + 1]); k < kEnd; k++) {
    const r = unchecked(ruleIndex[k]);
    const at = r * PR_WORDS;
    const id = unchecked(rules[at]), f = unchecked(rules[at + 1]), common = unchecked(rules[at + 2]);
    const qFrom = unchecked(rules[at + 3]), qEnd = unchecked(rules[at + 4]);
    if (watching && !hasPartner(qFrom, qEnd, only0) && !hasPartner(qFrom, qEnd, only1)) continue;
    if (!passes(f, x)) continue;
    if (watching && id != REQUIRED_ID) {
      // Additive: of the partners' concurrent shifts only the moved ones differ between the two solutions.
      for (let i = 0; i < movedCount; i++) {
        const m = i == 0 ? hypShift0 : hypShift1;
        const p = ownerOf(m);
        if (p < 0 || !hasPartner(qFrom, qEnd, p)) continue;
        const v = min(xe, sf(m, SR_END)) - max(xs, sf(m, SR_START));
        if (v <= 0 || !passes(f, m) || (common >= 0 && !shareTagOfType(x, m, common))) continue;
        score(id, v, sign);
      }
      continue;
    }
    gatherPartnerShifts(qFrom, qEnd, xs, xe);
    let nSpans = 0;
    for (let i = 0; i < pCount; i++) {
      const y = unchecked(pShift[i]);
      if (!passes(f, y)) continue;
      const a = max(xs, sf(y, SR_START)), b = min(xe, sf(y, SR_END));
      const shared = common < 0 || shareTagOfType(x, y, common);
      if (id == REQUIRED_ID) {
        if (2 * nSpans + 2 > spans.length) {
          const grown = new StaticArray<i32>(spans.length << 1);
          memory.copy(changetype<usize>(grown), changetype<usize>(spans), <usize>nSpans << 3);
          spans = grown;
        }
        unchecked(spans[2 * nSpans] = a);
        unchecked(spans[2 * nSpans + 1] = b);
        nSpans++;
        if (!shared) {
          score(COMMON_TAGS_ID, b - a, sign);
          if (recording) record(COMMON_TAGS_ID, r, b - a, x, y, e, unchecked(pOwner[i]));
        }
      } else if (shared) {
        score(id, b - a, sign);
        if (recording) record(id, r, b - a, x, y, e, unchecked(pOwner[i]));
      }
    }
    if (id == REQUIRED_ID) {
      const missing = (xe - xs) - unionLength(nSpans);
      if (missing > 0) {
        score(REQUIRED_ID, missing, sign);
        if (recording) record(REQUIRED_ID, r, missing, x, -1, e, -1);
      }
    }
  }
}

/** Concurrent shifts of the partners (and their owners) of the rule being evaluated, from gatherPartnerShifts. */
let pShift = new StaticArray<i32>(64);
let pOwner = new StaticArray<i32>(64);
let pCount = 0;
/**
 * Beyond this many partners, their shifts concurrent with x are found by one scan of all shifts. The checked build
 * (tests) switches much earlier, so the small inputs of the fuzz test take both paths.
 */
// @ts-ignore: compile-time constant
const MANY_PARTNERS: i32 = ASC_NO_ASSERT ? 6 : 2;

function pushPartnerShift(y: i32, p: i32): void {
  if (pCount == pShift.length) {
    pShift = append(pShift, pCount, y);
    pOwner = append(pOwner, pCount, p);
  } else {
    unchecked(pShift[pCount] = y);
    unchecked(pOwner[pCount] = p);
  }
  pCount++;
}

/** Shifts of partners[qFrom, qEnd) running during [xs, xe) (positive overlap) in the evaluated solution. */
function gatherPartnerShifts(qFrom: i32, qEnd: i32, xs: i32, xe: i32): void {
  pCount = 0;
  if (xe <= xs) return;
  if (qEnd - qFrom <= MANY_PARTNERS) {
    for (let q = qFrom; q < qEnd; q++) {
      const p = unchecked(partners[q]);
      collectConcurrent(p, xs, xe);
      for (let i = 0; i < foundCount; i++) pushPartnerShift(unchecked(found[i]), p);
    }
    return;
  }
  for (let i = firstRankFrom(xs - maxShiftDuration); i < shiftCount; i++) {
    const y = unchecked(shiftsByStart[i]);
    if (sf(y, SR_START) >= xe) break;
    if (sf(y, SR_END) <= xs) continue;
    const p = ownerOf(y);
    if (p >= 0 && hasPartner(qFrom, qEnd, p)) pushPartnerShift(y, p);
  }
}

/** Adds sign × the daily shift pairing part of the term of shift x owned by e (in the evaluated solution). */
function termDaily(x: i32, e: i32, sign: i32): void {
  const kEnd = unchecked(dailyOff[e + 1]);
  let k = unchecked(dailyOff[e]);
  if (k == kEnd) return;
  const row = unchecked(employeeGroup[e]) * shiftCount;
  const day = unchecked(groupDay[row + x]);
  // The shifts of the last target day collected (rules with the same day offset read the same ones).
  let collected = i32.MIN_VALUE;
  for (; k < kEnd; k++) {
    const r = unchecked(dailyIndex[k]);
    const at = r * DR_WORDS;
    const id = unchecked(daily[at]), f1 = unchecked(daily[at + 1]), f2 = unchecked(daily[at + 2]);
    if (!passes(f1, x)) continue;
    const target = day + unchecked(daily[at + 3]);
    // Local day `target` starts within a day of UTC midnight of the same date (offsets are at most 18 hours).
    if (target != collected) collectStarts(e, target * 1440 - 1440, target * 1440 + 2880);
    collected = target;
    const pairs = id == DAILY_PROHIBITED_ID || id == DAILY_UNPREFERRED_ID;
    let count = 0;
    for (let i = 0; i < foundCount; i++) {
      const y = unchecked(found[i]);
      if (y == x || unchecked(groupDay[row + y]) != target) continue;
      if (!passes(f2, y)) continue;
      count++;
      if (pairs && recording) record(id, r, 1, x, y, e, -1);
    }
    if (pairs) {
      if (count > 0) {
        unchecked(termRaw[id - FIRST_ID] += sign > 0 ? <i64>count : -<i64>count);
        unchecked(termMatches[id - FIRST_ID] += sign * count);
      }
    } else if (count == 0) {
      score(id, 1, sign);
      if (recording) record(id, r, 1, x, -1, e, -1);
    }
  }
}

/** Adds sign × the whole term of shift x owned by e (in the evaluated solution) into termRaw / termMatches. */
function term(x: i32, e: i32, sign: i32): void {
  if (e < 0 || isHistoric(x)) return;
  termPairs(x, e, sign, -1, -1);
  termDaily(x, e, sign);
}

/** Length of the union of the first n intervals in `spans` (sorted here by start; n is small). */
function unionLength(n: i32): i32 {
  for (let i = 1; i < n; i++) {
    const a = unchecked(spans[2 * i]), b = unchecked(spans[2 * i + 1]);
    let j = i - 1;
    while (j >= 0 && unchecked(spans[2 * j]) > a) {
      unchecked(spans[2 * j + 2] = spans[2 * j]);
      unchecked(spans[2 * j + 3] = spans[2 * j + 1]);
      j--;
    }
    unchecked(spans[2 * j + 2] = a);
    unchecked(spans[2 * j + 3] = b);
  }
  let total = 0, curStart = 0, curEnd = i32.MIN_VALUE;
  for (let i = 0; i < n; i++) {
    const a = unchecked(spans[2 * i]), b = unchecked(spans[2 * i + 1]);
    if (a > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = a;
      curEnd = b;
    } else if (b > curEnd) curEnd = b;
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

function clearTerms(): void {
  for (let i = 0; i < N; i++) {
    unchecked(termRaw[i] = 0);
    unchecked(termMatches[i] = 0);
  }
}

// ---- the affected terms of a move ---------------------------------------------------------------------------------

/**
 * Terms a move may change, deduplicated by stamp: `affected` the whole terms (the moved shifts), `dailyAffected`
 * the daily part (other shifts of the two employees that may pair with a moved shift), `pairAffected` the pairing
 * part (shifts of the watchers concurrent with a moved shift, evaluated in watcher mode).
 */
let affected = new StaticArray<i32>(4);
let affectedCount = 0;
let dailyAffected = new StaticArray<i32>(64);
let dailyCount = 0;
let pairAffected = new StaticArray<i32>(64);
let pairCount = 0;
let dailyStamp = new StaticArray<i32>(0);
let pairStamp = new StaticArray<i32>(0);
let stamp = 0;

function append(list: StaticArray<i32>, n: i32, x: i32): StaticArray<i32> {
  if (n == list.length) {
    const grown = new StaticArray<i32>(list.length << 1);
    memory.copy(changetype<usize>(grown), changetype<usize>(list), <usize>n << 2);
    list = grown;
  }
  unchecked(list[n] = x);
  return list;
}

/** Shifts the move in progress moves (hypShift0, hypShift1): they are whole terms, never partial ones. */
let movedCount = 0;

// @ts-ignore: decorator
@inline
function isMoved(x: i32): bool {
  return x == hypShift0 || (movedCount > 1 && x == hypShift1);
}

/** The partial terms a change of s away from or onto employee `emp` may change (besides s's whole term). */
function gatherAround(s: i32, emp: i32): void {
  if (emp < 0) return;
  const st = sf(s, SR_START), en = sf(s, SR_END);
  const kFrom = unchecked(dailyOff[emp]), kEnd = unchecked(dailyOff[emp + 1]);
  if (kEnd > kFrom) {
    const row = unchecked(employeeGroup[emp]) * shiftCount;
    const day = unchecked(groupDay[row + s]);
    const reach = (maxOffsetDays + 2) * 1440;
    collectStarts(emp, st - reach, st + reach + 1);
    for (let i = 0; i < foundCount; i++) {
      const x = unchecked(found[i]);
      if (isMoved(x) || unchecked(dailyStamp[x]) == stamp) continue;
      // x's daily part reads s only under a rule that pairs s with x: day(x) + offset = day(s), the filters pass.
      const dx = unchecked(groupDay[row + x]);
      let reads = false;
      for (let k = kFrom; k < kEnd && !reads; k++) {
        const at = unchecked(dailyIndex[k]) * DR_WORDS;
        if (dx + unchecked(daily[at + 3]) != day) continue;
        const f1 = unchecked(daily[at + 1]), f2 = unchecked(daily[at + 2]);
        reads = passes(f1, x) && passes(f2, s);
      }
      if (!reads) continue;
      unchecked(dailyStamp[x] = stamp);
      dailyAffected = append(dailyAffected, dailyCount++, x);
    }
  }
  const wFrom = unchecked(watcherOff[emp]), wEnd = unchecked(watcherOff[emp + 1]);
  if (wEnd - wFrom > MANY_WATCHERS) {
    // Many watchers: one scan of every shift concurrent with s (in start order) beats a search per watcher.
    if (++watchStamp == i32.MAX_VALUE) {
      for (let i = 0; i < watchMark.length; i++) unchecked(watchMark[i] = 0);
      watchStamp = 1;
    }
    for (let w = wFrom; w < wEnd; w++) unchecked(watchMark[unchecked(watchers[w])] = watchStamp);
    if (en <= st) return;
    for (let i = firstRankFrom(st - maxShiftDuration); i < shiftCount; i++) {
      const x = unchecked(shiftsByStart[i]);
      if (sf(x, SR_START) >= en) break;
      if (sf(x, SR_END) <= st) continue;
      const owner = unchecked(assignment[x]);
      if (owner < 0 || unchecked(watchMark[owner]) != watchStamp) continue;
      addPairAffected(x);
    }
    return;
  }
  for (let w = wFrom; w < wEnd; w++) {
    collectConcurrent(unchecked(watchers[w]), st, en);
    for (let i = 0; i < foundCount; i++) addPairAffected(unchecked(found[i]));
  }
}

/** Beyond this many watchers of an employee, their concurrent shifts are found by one scan (checked build: 2). */
// @ts-ignore: compile-time constant
const MANY_WATCHERS: i32 = ASC_NO_ASSERT ? 6 : 2;
let watchMark = new StaticArray<i32>(0);
let watchStamp = 0;

function addPairAffected(x: i32): void {
  if (isMoved(x) || unchecked(pairStamp[x]) == stamp) return;
  unchecked(pairStamp[x] = stamp);
  pairAffected = append(pairAffected, pairCount++, x);
}

/** Raw deltas of moving shifts (s0: a0 -> b0, and s1: a1 -> b1 when n = 2) into raw[], touched ids in touchedMask. */
function delta(n: i32, s0: i32, a0: i32, b0: i32, s1: i32, a1: i32, b1: i32, raw: StaticArray<i64>): void {
  clearMask(touchedMask);
  stamp++;
  if (stamp == i32.MAX_VALUE) {
    for (let i = 0; i < shiftCount; i++) {
      unchecked(dailyStamp[i] = 0);
      unchecked(pairStamp[i] = 0);
    }
    stamp = 1;
  }
  hypShift0 = s0;
  hypTo0 = b0;
  hypShift1 = n > 1 ? s1 : -1;
  hypTo1 = b1;
  movedCount = n;
  affectedCount = 0;
  dailyCount = 0;
  pairCount = 0;
  affected = append(affected, affectedCount++, s0);
  if (n > 1) affected = append(affected, affectedCount++, s1);
  // Gathered in the current solution (hypCount 0): the moved shifts are whole terms of their own, so the lists as
  // they are hold every other shift whose term the move can change.
  hypCount = 0;
  gatherAround(s0, a0);
  gatherAround(s0, b0);
  if (n > 1) {
    gatherAround(s1, a1);
    gatherAround(s1, b1);
  }
  clearTerms();
  // Only a0 and b0's shifts differ between the two solutions (a swap exchanges shifts between the same two).
  for (let pass = -1; pass <= 1; pass += 2) {
    hypCount = pass < 0 ? 0 : n;
    for (let i = 0; i < affectedCount; i++) {
      const x = unchecked(affected[i]);
      term(x, ownerOf(x), pass);
    }
    for (let i = 0; i < dailyCount; i++) {
      const x = unchecked(dailyAffected[i]);
      const e = unchecked(assignment[x]);
      if (!isHistoric(x)) termDaily(x, e, pass);
    }
    for (let i = 0; i < pairCount; i++) {
      const x = unchecked(pairAffected[i]);
      const e = unchecked(assignment[x]);
      if (!isHistoric(x)) termPairs(x, e, pass, a0, b0);
    }
  }
  hypCount = 0;
  movedCount = 0;
  for (let i = 0; i < N; i++) {
    const d = unchecked(termRaw[i]);
    if (d != 0) {
      unchecked(raw[FIRST_ID + i] += d);
      markId(touchedMask, FIRST_ID + i);
    }
  }
}


/** Raw deltas of moving s from `from` to `to` (under the current solution) into raw[]. */
export function addChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  delta(1, s, from, to, -1, -1, -1, raw);
}

/** Raw deltas of the swap s1: a -> b, s2: b -> a, both changes at once. */
export function addSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  delta(2, s1, a, b, s2, b, a, raw);
}

/** Sizes the scratch; called when a solve starts. */
export function initPairings(): void {
  fullValid = false;
  watchMark = new StaticArray<i32>(employeeCount);
  watchStamp = 0;
  // Per-shift stamps only when there are pairings (README "Wasm memory": 8 bytes per shift otherwise unused).
  dailyStamp = new StaticArray<i32>(active ? shiftCount : 0);
  pairStamp = new StaticArray<i32>(active ? shiftCount : 0);
  stamp = 0;
  hypCount = 0;
}

// ---- from scratch ----------------------------------------------------------------------------------------------------

/**
 * Every term of the current solution into termRaw / termMatches. The score analysis and the tests read the nine
 * constraints one after another: the sums of the last solution seen are reused while the assignment (hashed, O(S))
 * is the same. Nothing of a move's evaluation is read.
 */
let fullHash: u64 = 0;
let fullValid = false;
const fullRaw = new StaticArray<i64>(N);
const fullMatches = new StaticArray<i32>(N);

function allTerms(): void {
  hypCount = 0;
  let hash: u64 = 0xcbf29ce484222325;
  for (let x = 0; x < shiftCount; x++) hash = (hash ^ <u64>(unchecked(assignment[x]) + 1)) * 0x100000001b3;
  if (fullValid && hash == fullHash && !recording) {
    for (let i = 0; i < N; i++) {
      unchecked(termRaw[i] = fullRaw[i]);
      unchecked(termMatches[i] = fullMatches[i]);
    }
    return;
  }
  clearTerms();
  if (!active) return;
  for (let x = 0; x < shiftCount; x++) term(x, unchecked(assignment[x]), 1);
  for (let i = 0; i < N; i++) {
    unchecked(fullRaw[i] = termRaw[i]);
    unchecked(fullMatches[i] = termMatches[i]);
  }
  fullHash = hash;
  fullValid = true;
}

/** Raw penalty of constraint `id` from scratch (no incremental state is read). */
export function penaltyFull(id: i32): i64 {
  allTerms();
  return termRaw[id - FIRST_ID];
}

/** Match counts of every pairing constraint into counts[id] (enabled ones only). */
export function matchCounts(counts: StaticArray<i32>, enabled: StaticArray<bool>): void {
  if (!active) return;
  allTerms();
  for (let i = 0; i < N; i++) if (enabled[FIRST_ID + i]) counts[FIRST_ID + i] = termMatches[i];
}

export function matchCount(id: i32): i32 {
  allTerms();
  return termMatches[id - FIRST_ID];
}

/** Records every match of the current solution into `records`; returns how many. */
export function recordMatches(): i32 {
  records.clear();
  recording = true;
  allTerms();
  recording = false;
  return records.count;
}

// @ts-ignore: decorator
@inline
export function isPairingConstraint(id: i32): bool {
  return id >= FIRST_ID && id < END_ID;
}

// ---- family entry points (constraints/index.ts) ----------------------------------------------------------------------

export function declare(family: i32): void {
  register(REQUIRED_ID, "Employee is not paired with required employee", LEVEL_HARD, PENALTY, KIND_CROSS, family);
  register(PROHIBITED_ID, "Employee is paired with prohibited employee", LEVEL_HARD, PENALTY, KIND_CROSS, family);
  register(UNPREFERRED_ID, "Employee is paired with unpreferred employee", LEVEL_SOFT, PENALTY, KIND_CROSS, family);
  register(PREFERRED_ID, "Employee is paired with preferred employee", LEVEL_SOFT, REWARD, KIND_CROSS, family);
  register(COMMON_TAGS_ID, "Paired employees don't work shifts with common tags", LEVEL_HARD, PENALTY, KIND_CROSS, family);
  register(DAILY_REQUIRED_ID, "Employee does not have required daily shift pairing", LEVEL_HARD, PENALTY, KIND_CROSS, family);
  register(DAILY_PROHIBITED_ID, "Employee has prohibited daily shift pairing", LEVEL_HARD, PENALTY, KIND_CROSS, family);
  register(DAILY_UNPREFERRED_ID, "Employee has unpreferred daily shift pairing", LEVEL_SOFT, PENALTY, KIND_CROSS, family);
  register(DAILY_PREFERRED_ID, "Employee does not have preferred daily shift pairing", LEVEL_SOFT, PENALTY, KIND_CROSS, family);
}

export function initFamily(): void {
  initPairings();
}

/** Every level at once, evaluated without applying the change; scored with the hard phase of a move (score.ts). */
export function scoreChange(s: i32, from: i32, to: i32, raw: StaticArray<i64>): void {
  if (!active) return;
  addChange(s, from, to, raw);
  orMask(touched, touchedMask);
}

export function scoreSwap(s1: i32, s2: i32, a: i32, b: i32, raw: StaticArray<i64>): void {
  if (!active) return;
  addSwap(s1, s2, a, b, raw);
  orMask(touched, touchedMask);
}

export function fullPenalty(id: i32): i64 {
  return penaltyFull(id);
}

export function fullMatchCount(id: i32): i32 {
  return matchCount(id);
}

export function matchCountsInto(counts: StaticArray<i32>): void {
  matchCounts(counts, enabled);
}
