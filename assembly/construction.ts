/**
 * Construction heuristic: First Fit Decreasing. First the kept warm-start assignments are reviewed in start order
 * (one unit each): one whose removal improves the hard score (a contract rule's rest or limit, with the other warm
 * shifts) is dropped. Then the shifts that are unassigned and unpinned are placed one by one: those that cost
 * something unassigned before those that cost nothing (weight 0, chain.ts costsOpen: such as the nurse rostering
 * benchmark's over-cover copies, taken only where an employee's rules ask for more work; placed among the others by
 * their skills, they filled the employees' minutes before the cover did), then hardest first: fewest employees
 * holding all required skills, then higher unassigned weight, then earlier start.
 * Each placement scores a bounded list of candidate employees (one work unit each, resumable between slices) and
 * takes the best strictly improving one; unassigned is the zero-delta baseline, so a shift stays open only if every
 * candidate would make the score worse (a hard break outranks the medium unassigned penalty). Candidates are scored
 * like the search's moves (score.ts moveHardUntil): hard first, dropped as soon as they fall below the best so far,
 * before the contract rules are evaluated (XL with the contract mix: 38 s of CPU before, 10 s after).
 *
 * Candidates: every employee while there are at most CANDIDATE_LIMIT of them (an exact first fit); beyond that the
 * shift's preferred employees, then holders of its rarest required skill (or any employee), starting at an offset
 * that rotates with the placement, up to CANDIDATE_LIMIT. A placement then costs O(limit), not O(employees): the
 * XL instance (100,000 shifts, 2,000 employees) constructs in 6.4e6 units instead of 2e8. Local search repairs what
 * the sample misses.
 *
 * Runs: where the chosen employee's contract asks for a minimum run of consecutive days, the placement builds a run
 * around the shift, or tries the next candidate (placeRun); employees without such a rule are placed as above, so
 * the generated instances of README "Solver performance" construct exactly as before.
 */
import { shiftCount, employeeCount, employeeRulesOff, employeeRules, shiftsByStart, firstRankFrom, shiftPinned, holdersOff, holders, preferredEmployees, requiredSkills, holdsSkillFor, SHIFT_ONE_SKILL, SR_FLAGS, SR_KEY_SKILL, SR_PREFERRED_EMPLOYEES, SR_REQUIRED_SKILLS, SR_START, SR_WEIGHT, sf } from "./problem";
import { OP_LEAF, OP_AND, RW_KIND, RW_MIN, K_CONSECUTIVE_DAYS } from "./layout";
import { setEmployee } from "./solution";
import { assignment } from "./state";
import {
  evalChange, resetDelta, addChangeDelta, commitDelta, moveHardUntil, moveRest, pHard, dHard, dMedium, dSoft, scoreHard, isBetter,
} from "./score";
import { markBest } from "./best";
import { rw } from "./constraints/view";
import { holdsIn, openShiftFor, openHard, openMedium, openSoft, RUN_DAYS } from "./moves/run";
import { DAY_MINUTES } from "./calendar";
import { costsOpen } from "./moves/chain";

export const CANDIDATE_LIMIT: i32 = 64;
/** Run extension (extendRun): start-order positions of a day looked at, and open shifts among them scored, per day. */
const EXTEND_SCAN: i32 = 64;
const EXTEND_EVALS: i32 = 16;
/** Per employee: the longest minimum run of consecutive days its contract rules ask for (placeRun). */
let runMin = new StaticArray<i32>(0);
/** Candidates placeRun tries for one shift, and the shifts its extension placed. */
const RUN_TRIES: i32 = 4;
const tried = new StaticArray<i32>(RUN_TRIES);
const extension = new StaticArray<i32>(2 * RUN_DAYS);
let extended = 0;

export let order = new StaticArray<i32>(0);
export let orderLength = 0;
export let cursor = 0;
export let employeeCursor = 0;
export let bestEmployee = -1;
export let candidateHard: i64 = 0;
export let candidateMedium: i64 = 0;
export let candidateSoft: i64 = 0;

/** Employees holding the skills directly required by shift `s` (top-level AND leaves or a lone leaf). */
function skilledEmployees(s: i32): i32 {
  // One required skill: its program was dropped at the load (problem.ts dropLoneSkillPrograms).
  if ((sf(s, SR_FLAGS) & SHIFT_ONE_SKILL) != 0) {
    const key = sf(s, SR_KEY_SKILL);
    return holdersOff[key + 1] - holdersOff[key];
  }
  const from = sf(s, SR_REQUIRED_SKILLS), to = sf(s + 1, SR_REQUIRED_SKILLS);
  if (from == to) return employeeCount;
  const key = sf(s, SR_KEY_SKILL);
  if (key < 0) return employeeCount;
  if (requiredSkills[from] == OP_LEAF) return holdersOff[key + 1] - holdersOff[key];
  let count = 0;
  for (let i = holdersOff[key]; i < holdersOff[key + 1]; i++) {
    const e = holders[i];
    let all = true;
    if (requiredSkills[from] == OP_AND) {
      let at = from + 2;
      for (let c = 0, n = requiredSkills[from + 1]; c < n && all; c++) {
        if (requiredSkills[at] == OP_LEAF) all = holdsSkillFor(e, requiredSkills[at + 1], s);
        at = skip(at);
      }
    }
    if (all) count++;
  }
  return count;
}

function skip(at: i32): i32 {
  if (requiredSkills[at] == OP_LEAF) return at + 3;
  let p = at + 2;
  for (let i = 0, n = requiredSkills[at + 1]; i < n; i++) p = skip(p);
  return p;
}

/** Number of candidates placement of shift s scores. */
export function candidateCount(s: i32): i32 {
  const e = employeeCount;
  if (e <= CANDIDATE_LIMIT) return e;
  const p = sf(s + 1, SR_PREFERRED_EMPLOYEES) - sf(s, SR_PREFERRED_EMPLOYEES);
  const key = sf(s, SR_KEY_SKILL);
  const pool = key >= 0 ? holdersOff[key + 1] - holdersOff[key] : e;
  return max(min(CANDIDATE_LIMIT, p + pool), min(p, 4 * CANDIDATE_LIMIT));
}

/** The i-th candidate employee of shift s; `rotation` spreads consecutive placements over the pool. */
export function candidateAt(s: i32, i: i32, rotation: u32): i32 {
  const e = employeeCount;
  if (e <= CANDIDATE_LIMIT) return i;
  const p = sf(s + 1, SR_PREFERRED_EMPLOYEES) - sf(s, SR_PREFERRED_EMPLOYEES);
  if (i < p) return preferredEmployees[sf(s, SR_PREFERRED_EMPLOYEES) + i];
  const j = <u32>(i - p);
  const key = sf(s, SR_KEY_SKILL);
  if (key >= 0) {
    const n = <u32>(holdersOff[key + 1] - holdersOff[key]);
    return holders[holdersOff[key] + <i32>((rotation + j) % n)];
  }
  return <i32>((rotation + j) % <u32>e);
}

// @ts-ignore: decorator
@inline
function rotationOf(position: i32): u32 {
  // Knuth's multiplicative hash: consecutive placements start far apart in the pool.
  return <u32>position * 2654435761;
}

/**
 * Orders the construction (call once the initial assignment is in place): first a *review* entry (stored as ~s) per
 * kept warm-start assignment, in start order, then every unassigned or warm-started unpinned shift by difficulty.
 * The warm start (engine.ts `start`) keeps submitted assignments that break no local hard constraint and no overlap;
 * the review drops those whose removal improves the hard score (contract rules, demand: every constraint, through
 * the registry), and their placement entries re-place them under the full delta. At most 2 × shiftCount entries.
 */
export function buildConstructionOrder(): void {
  let reviews = 0, count = 0;
  for (let s = 0; s < shiftCount; s++) {
    if (shiftPinned[s]) continue;
    count++;
    if (assignment[s] >= 0) reviews++;
  }
  // Of exact size, not 2 × shiftCount: it stays for the whole run (README "Wasm memory"). Allocated before the
  // one scratch array below, which then leaves no hole under it.
  order = new StaticArray<i32>(reviews + count);
  let at = 0;
  for (let i = 0; i < shiftCount; i++) {
    const s = unchecked(shiftsByStart[i]);
    if (assignment[s] >= 0 && !shiftPinned[s]) order[at++] = ~s;
  }
  // Placements by (weight 0 last, skilled employees, 15 - weight), then start, then index: a stable counting sort of
  // shiftsByStart's order (start, index) by the first three, without a key or a copy per shift (the buckets past
  // employeeCount, weight 0's, exist only when such a shift does).
  const bucket = new StaticArray<i32>(shiftCount);
  let most = 0;
  for (let s = 0; s < shiftCount; s++) {
    if (shiftPinned[s]) continue;
    const last = costsOpen(s) ? 0 : employeeCount + 1;
    const b = ((last + skilledEmployees(s)) << 4) | (15 - min(15, sf(s, SR_WEIGHT)));
    bucket[s] = b;
    most = max(most, b);
  }
  const next = new StaticArray<i32>(most + 2);
  for (let s = 0; s < shiftCount; s++) if (!shiftPinned[s]) next[bucket[s] + 1]++;
  for (let b = 0; b <= most; b++) next[b + 1] += next[b];
  for (let i = 0; i < shiftCount; i++) {
    const s = unchecked(shiftsByStart[i]);
    if (!shiftPinned[s]) order[reviews + next[bucket[s]]++] = s;
  }
  orderLength = reviews + count;
  cursor = 0;
  resetPlacement();
  findRunMinimums();
}

function resetPlacement(): void {
  employeeCursor = 0;
  bestEmployee = -1;
  candidateHard = 0;
  candidateMedium = 0;
  candidateSoft = 0;
}

export function constructionDone(): bool {
  return cursor >= orderLength;
}

/** Per employee: the longest minimum run of consecutive days among its contract rules (runMin). */
function findRunMinimums(): void {
  runMin = new StaticArray<i32>(employeeCount);
  for (let e = 0; e < employeeCount; e++) {
    for (let i = employeeRulesOff[e]; i < employeeRulesOff[e + 1]; i++) {
      const r = employeeRules[i];
      if (rw(r, RW_KIND) == K_CONSECUTIVE_DAYS) runMin[e] = max(runMin[e], rw(r, RW_MIN));
    }
  }
}

/** The search's staged scoring of candidate e for shift s (bestEmployee and its delta kept when strictly better). */
function scoreCandidate(s: i32, e: i32): void {
  // A candidate whose hard delta certainly falls below the best so far (at first unassigned, 0) is dropped before
  // the families scored at every level (contract rules) are evaluated.
  resetDelta();
  if (moveHardUntil(s, -1, e, scoreHard + candidateHard)) {
    moveRest(s, -1, e);
    if (isBetter(dHard, dMedium, dSoft, candidateHard, candidateMedium, candidateSoft)) {
      candidateHard = dHard;
      candidateMedium = dMedium;
      candidateSoft = dSoft;
      bestEmployee = e;
    }
  }
  resetDelta();
}

/** Moves shift s from employee `from` to `to` (-1 = unassigned), committed. */
function commitChange(s: i32, from: i32, to: i32): void {
  resetDelta();
  addChangeDelta(s, from, to);
  setEmployee(s, to);
  commitDelta();
}

/** Whether e works (holds a shift starting in) the day `d` days from minute `start`; -1 when no shift starts that day. */
function worksDay(e: i32, start: i32, d: i32): i32 {
  const lo = start + d * DAY_MINUTES, hi = lo + DAY_MINUTES;
  if (holdsIn(e, lo, hi)) return 1;
  return firstRankFrom(lo) == firstRankFrom(hi) ? -1 : 0;
}

/**
 * Placement of shift s where the best candidate's rules ask for runs of several consecutive days (runMin): placed
 * shift by shift, the construction left single days of work wherever a minimum of minutes outweighed a minimum run
 * (the nurse rostering benchmark's instances 15-23 ended with hundreds of broken minimum runs). The candidate takes
 * s, then the days after it (then before it) get, one by one, the best open shift of the day for it (of those that
 * cost open when s does: a run extended with free shifts spends the employee's minutes on no cover) while that
 * strictly improves the score, up to RUN_DAYS days each way (extendRun); the full delta decides, so maximum runs,
 * days off after a run, weekends and every limit stop an extension. When the run holding s is still shorter than
 * the minimum (and touches no day without shifts, the horizon's ends), the placement and its extension are undone
 * and the next best candidate is tried, up to RUN_TRIES candidates; when none makes a run long enough, s stays open
 * (a short run is what the search mends worst: every way out of it costs a minimum first; an open shift it fills
 * with a run move). Done at once, as part of the placement's commit: zero units, like the commit (a placement's
 * units stay its first candidate scan, so slices of any size stay exact and resumable), at most RUN_TRIES × (the
 * candidates + 2 × RUN_DAYS × EXTEND_EVALS) scorings.
 */
function placeRun(s: i32): void {
  const first = bestEmployee;
  tried[0] = first;
  let e = first;
  for (let t = 0; ; t++) {
    commitChange(s, -1, e);
    extended = 0;
    extendRun(s, e, rotationOf(cursor));
    if (runHolds(s, e)) break;
    for (let i = extended - 1; i >= 0; i--) commitChange(unchecked(extension[i]), e, -1);
    commitChange(s, e, -1);
    if (t + 1 >= RUN_TRIES) break;
    // The next best candidate, the ones tried left out.
    bestEmployee = -1;
    candidateHard = 0;
    candidateMedium = 0;
    candidateSoft = 0;
    const n = candidateCount(s);
    for (let i = 0; i < n; i++) {
      const c = candidateAt(s, i, rotationOf(cursor));
      let seen = false;
      for (let j = 0; j <= t; j++) if (unchecked(tried[j]) == c) seen = true;
      if (!seen) scoreCandidate(s, c);
    }
    if (bestEmployee < 0) break;
    e = bestEmployee;
    tried[t + 1] = e;
  }
}

/** Whether the run of days holding s (employee e) is at least runMin[e] days long or touches a day without shifts. */
function runHolds(s: i32, e: i32): bool {
  const need = unchecked(runMin[e]), start = sf(s, SR_START);
  let len = 1;
  for (let dir = 1; dir >= -1; dir -= 2) {
    for (let d = 1; d < need; d++) {
      const w = worksDay(e, start, dir * d);
      if (w < 0) return true;
      if (w == 0) break;
      len++;
    }
  }
  return len >= need;
}

/** Run extension of placeRun: the shifts placed are in `extension`, `extended` of them. */
function extendRun(s: i32, e: i32, rotation: u32): void {
  const start = sf(s, SR_START);
  const costly = costsOpen(s);
  for (let dir = 1; dir >= -1; dir -= 2) {
    for (let d = 1; d <= RUN_DAYS; d++) {
      const lo = start + dir * d * DAY_MINUTES, hi = lo + DAY_MINUTES;
      if (holdsIn(e, lo, hi)) continue;
      const x = openShiftFor(e, lo, hi, rotation, EXTEND_SCAN, EXTEND_EVALS, costly);
      if (x < 0 || !isBetter(openHard, openMedium, openSoft, 0, 0, 0)) break;
      commitChange(x, -1, e);
      unchecked(extension[extended++] = x);
    }
  }
}

/** Does at most `budget` units of construction; zero-cost work (commits, skips) always runs. Returns units used. */
export function constructionRun(budget: i32): i32 {
  let used = 0;
  while (cursor < orderLength) {
    const entry = unchecked(order[cursor]);
    if (entry < 0) {
      // A review: drop the assignment when that improves the hard score (its placement entry comes later).
      const s = ~entry;
      const e = assignment[s];
      if (e >= 0 && !shiftPinned[s]) {
        if (used >= budget) break;
        evalChange(s, e, -1);
        used++;
        if (pHard > 0) {
          resetDelta();
          addChangeDelta(s, e, -1);
          setEmployee(s, -1);
          commitDelta();
          markBest();
        }
      }
      cursor++;
      continue;
    }
    const s = entry;
    // Placed meanwhile by an applied assignment or a manual move, or a kept warm start: nothing to construct.
    if (assignment[s] >= 0) {
      cursor++;
      resetPlacement();
      continue;
    }
    if (employeeCursor < candidateCount(s)) {
      if (used >= budget) break;
      scoreCandidate(s, candidateAt(s, employeeCursor, rotationOf(cursor)));
      employeeCursor++;
      used++;
      continue;
    }
    if (bestEmployee >= 0) {
      if (unchecked(runMin[bestEmployee]) > 1) placeRun(s);
      else commitChange(s, -1, bestEmployee);
    }
    // During construction the partial solution is the best one: it only ever gains assignments.
    markBest();
    cursor++;
    resetPlacement();
  }
  return used;
}

/** Restores the construction state from a checkpoint (order words at `src`). */
export function restoreConstruction(
  src: usize, length: i32, atCursor: i32, atEmployee: i32, best: i32, hard: i64, medium: i64, soft: i64,
): void {
  order = new StaticArray<i32>(length);
  memory.copy(changetype<usize>(order), src, <usize>length << 2);
  orderLength = length;
  cursor = atCursor;
  employeeCursor = atEmployee;
  bestEmployee = best;
  candidateHard = hard;
  candidateMedium = medium;
  candidateSoft = soft;
  findRunMinimums();
}
